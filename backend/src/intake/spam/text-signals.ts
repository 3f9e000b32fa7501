import mailchecker from 'mailchecker';

// A URL as people and bots write them: with a scheme, or starting www.
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"]+/giu;
// A bare domain (example.com, shop.example.co.uk): in a person's name, never legitimate.
const DOMAIN_PATTERN = /\b[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.(?:[a-z]{2,24})\b/iu;

/** How many URLs a text holds. */
export function urlCount(text: string | null | undefined): number {
  return text ? (text.match(URL_PATTERN)?.length ?? 0) : 0;
}

/**
 * `link-in-name`: a URL or a domain in the name, or a URL in the company. A company may be
 * called by its domain ("Booking.com"), so a bare domain there is not a link.
 */
export function linkInName(name: string, company: string | null | undefined): boolean {
  return urlCount(name) > 0 || DOMAIN_PATTERN.test(name) || urlCount(company) > 0;
}

const disposable = mailchecker.blacklist();

/** `disposable-email`: the address's domain, or a domain it is under, is in mailchecker's list of throwaway providers. */
export function isDisposableEmail(email: string): boolean {
  const labels = email
    .slice(email.lastIndexOf('@') + 1)
    .toLowerCase()
    .split('.');
  for (let start = 0; start < labels.length - 1; start += 1) {
    if (disposable.has(labels.slice(start).join('.'))) return true;
  }
  return false;
}

const VOWELS = new Set('aeiouy');

/**
 * `gibberish`: a word that reads as random letters: in Latin letters, six or more consonants
 * in a row, a long word almost without vowels, or case flipping inside a word (xKjQwPz). Only
 * the letters a-z are judged: names in other scripts (and accented letters) never fire.
 */
export function isGibberish(...texts: Array<string | null | undefined>): boolean {
  return texts.some((text) => (text ?? '').split(/[^\p{L}]+/u).some(randomLooking));
}

function randomLooking(word: string): boolean {
  if (!/^[a-z]+$/i.test(word) || word.length < 5) return false;
  const lower = word.toLowerCase();
  const vowels = [...lower].filter((letter) => VOWELS.has(letter)).length;
  if (/[^aeiouy]{6,}/.test(lower)) return true;
  if (word.length >= 8 && vowels / word.length < 0.15) return true;
  // Capitals inside a word: McDonald and DeVries flip twice or thrice; random strings far more.
  const flips = [...word.slice(1)].filter((letter, index) => isUpper(letter) !== isUpper(word[index])).length;
  return flips >= 4;
}

const isUpper = (letter: string) => letter !== letter.toLowerCase();
