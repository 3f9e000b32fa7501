import { createRequire } from 'node:module';

// Characters a reader does not see, which a bot puts inside a word so that no pattern finds
// it: the soft hyphen, zero-width spaces and joiners, the word joiner, the byte-order mark,
// the bidi controls, variation selectors and Hangul fillers (Unicode's Default_Ignorable_Code_Point),
// and any other format character (\p{Cf}).
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;

// Cyrillic and Greek letters (and a few IPA ones) drawn like Latin letters in common fonts,
// which a bot mixes into Latin words ("Сhеар vіаgrа"). NFKC leaves them alone, as it should:
// they are letters of their own. A small explicit table, not all of Unicode's confusables:
// that list also maps Latin to Latin (m → rn, l → I) and Arabic or Hebrew letters to Latin
// ones (ا → l), which would fold real names into nonsense. A folded Cyrillic or Greek name
// keeps its other letters, so it is still read as a name in its script, never as Latin.
// Each letter of a pair's first string reads as the letter at its place in the second.
const LOOK_ALIKE_PAIRS = [
  ['АВЕЅІЈКМНОРСТУХҮҺԚԜӀ', 'ABESIJKMHOPCTYXYHQWI'], // Cyrillic capitals
  ['аеѕіјорсухүһԁԛԝӏ', 'aesijopcxyyhdqwl'], // Cyrillic small letters
  ['ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ', 'ABEZHIKMNOPTYX'], // Greek capitals
  ['αικνορυχγϲ', 'aikvopuxyc'], // Greek small letters
  ['ɑɡı', 'agi'], // IPA letters and the dotless i
];
const LOOK_ALIKES = new Map(LOOK_ALIKE_PAIRS.flatMap(([from, to]) => [...from].map((letter, index) => [letter, to[index]])));
const LOOK_ALIKE = new RegExp(`[${[...LOOK_ALIKES.keys()].join('')}]`, 'gu');

// Written-out links that no browser opens but every reader does: hxxp(s)://.
const DEFANGED_SCHEME = /\bh[xX]{2}p(s?)(?=:\/\/)/giu;
// Full stops of CJK scripts that stand for a dot in a domain (evil。example): the ideographic
// one (NFKC already turns the full-width ．into "." and the half-width ｡ into 。).
const IDEOGRAPHIC_STOP = /\u3002/gu;

/**
 * The text every text signal reads (docs/spam.md): what a reader sees, in one form. NFKC
 * (full-width and mathematical letters, ligatures), invisible characters dropped, look-alike
 * letters folded to Latin, hxxp(s) read as http(s), ideographic full stops read as dots. Only
 * for scoring: the lead is stored as it was written.
 */
export function normaliseText(text: string | null | undefined): string {
  if (!text) return '';
  return text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(LOOK_ALIKE, (letter) => LOOK_ALIKES.get(letter) ?? letter)
    .replace(DEFANGED_SCHEME, (_, secure: string) => `http${secure}`)
    .replace(IDEOGRAPHIC_STOP, '.');
}

// A URL as people and bots write them: with a scheme, or starting www.
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"]+/giu;
// A bare domain: labels and a top-level domain in Latin letters, not part of an e-mail address
// (nothing of a word or "@" either side). Whether the top-level domain is real is checked after.
const BARE_DOMAIN =
  /(?<![\p{L}\p{N}@.-])(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+([a-z]{2,24})(?![\p{L}\p{N}@-]|\.[\p{L}\p{N}])/giu;
// The top-level domains IANA delegates (the `tlds` package follows its list), Latin ones only:
// with the CJK full stop read as a dot, "…的活动.中国" would otherwise be a domain.
const TOP_LEVEL_DOMAINS = new Set((createRequire(import.meta.url)('tlds') as string[]).filter((tld) => /^[a-z]+$/.test(tld)));

/**
 * A bare domain is a link when its top-level domain is real and written as domains are: in
 * lower case (evil.com, Booking.com, t.me) or a whole host in capitals (CASINO.COM). A
 * capitalised word after a dot is a name or a sentence: J.Smith, St.Pierre, Mr.Green, A.Li
 * (".green" and ".li" are real top-level domains, "Green" and "Li" are not written like them).
 */
function isDomain(host: string, tld: string): boolean {
  if (!TOP_LEVEL_DOMAINS.has(tld.toLowerCase())) return false;
  if (tld === tld.toLowerCase()) return true;
  return host === host.toUpperCase() && host.indexOf('.') >= 2;
}

function links(normalised: string): { urls: number; domains: number } {
  const urls = normalised.match(URL_PATTERN)?.length ?? 0;
  let domains = 0;
  for (const [host, tld] of normalised.replace(URL_PATTERN, ' ').matchAll(BARE_DOMAIN)) {
    if (isDomain(host, tld)) domains += 1;
  }
  return { urls, domains };
}

/** How many links a text holds: URLs (with a scheme or www.) and bare domains with a real top-level domain. */
export function urlCount(text: string | null | undefined): number {
  const { urls, domains } = links(normaliseText(text));
  return urls + domains;
}

/**
 * `link-in-name`: a URL or a domain in the name, or a URL in the company. A company may be
 * called by its domain ("Booking.com"), so a bare domain there is not a link.
 */
export function linkInName(name: string, company: string | null | undefined): boolean {
  return urlCount(name) > 0 || links(normaliseText(company)).urls > 0;
}

let disposable: Set<string> | undefined;

/**
 * mailchecker's list of throwaway providers, loaded on the first call rather than with the
 * app: its one 959 KB file builds a Set of some 55,000 domains, which an app with the spam
 * filter off (SPAM_FILTER=off, as most tests run it) never reads. SpamScorer loads it at
 * start-up when the filter is on, so that the first lead does not wait for it.
 */
export function disposableDomains(): Set<string> {
  disposable ??= (createRequire(import.meta.url)('mailchecker') as typeof import('mailchecker')).blacklist();
  return disposable;
}

/** `disposable-email`: the address's domain, or a domain it is under, is in mailchecker's list of throwaway providers. */
export function isDisposableEmail(email: string): boolean {
  const disposable = disposableDomains();
  const labels = normaliseText(email.slice(email.lastIndexOf('@') + 1))
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
  return texts.some((text) =>
    normaliseText(text)
      .split(/[^\p{L}]+/u)
      .some(randomLooking),
  );
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
