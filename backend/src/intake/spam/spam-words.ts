import { normaliseText } from './text-signals.js';

/**
 * `spam-words`: the phrases of the offers that fill contact forms (SEO and links, crypto and
 * trading, casino, pharmacy, loans, dating, lead-generation and marketing pitches). Each
 * offer phrase found counts (SPAM_WEIGHTS); words a recruiting lead may use (marketing,
 * traffic, leads) count only inside such phrases.
 */
const OFFERS = [
  // SEO and links
  'backlink',
  'backlinks',
  'guest post',
  'guest posts',
  'guest posting',
  'link building',
  'domain authority',
  'first page of google',
  'rank your website',
  'ranking on google',
  'google ranking',
  'da/pa',
  'dofollow',
  'organic traffic',
  'website traffic',
  'increase your traffic',
  'boost your traffic',
  // lead-generation and marketing pitches
  'web visitors into leads',
  'convert visitors',
  'talk with web visitor',
  'web visitor',
  'more leads for your business',
  'grow your business',
  'email blast',
  'mass mailing',
  'unsubscribe',
  'opt out',
  'opt-out',
  'click here',
  'limited time offer',
  'special offer',
  'free trial',
  'act now',
  'risk-free',
  'video explainer',
  'explainer video',
  // crypto and trading
  'binary options',
  'trading signals',
  'investment opportunity',
  'passive income',
  'double your money',
  'airdrop',
  'crypto recovery',
  'recover cryptocurrency',
  'recover your crypto',
  'recover your bitcoin',
  'recover your funds',
  // casino and betting
  'free spins',
  'bonus code',
  'deposit bonus',
  'free bets',
  'betting tips',
  // pharmacy
  'viagra',
  'cialis',
  'no prescription',
  'kamagra',
  'levitra',
  // loans
  'fast cash',
  'debt relief',
  'funding approval',
  'business funding',
  // dating and adult
  'hot singles',
  'sexy',
  'hookup',
  'meet girls',
  'xxx',
];

/**
 * The trades the offers are about. Real clients hire in them (a crypto exchange, a pharmacy
 * chain, a casino, a lender, a dating app, an SEO agency) and name them, often several times,
 * so they never score alone: a text that holds an offer phrase as well counts one more phrase
 * for all of them together (a casino's spam says casino and free spins, its recruiter only
 * casino). Before, each counted as an offer: a crypto exchange's recruiter was held at 80.
 */
const TRADES = [
  'seo',
  'search engine optimization',
  'marketing agency',
  'social media marketing',
  'app development company',
  'crypto',
  'cryptocurrency',
  'bitcoin',
  'btc',
  'ethereum',
  'usdt',
  'forex',
  'nft',
  'casino',
  'betting',
  'sportsbook',
  'jackpot',
  'poker',
  'pharmacy',
  'pills',
  'weight loss',
  'cbd',
  'loan',
  'loans',
  'payday',
  'credit score',
  'dating',
];

// Whole words and phrases only, any case: "seo" never fires inside "Seoul".
const wholeWords = (alternatives: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`, 'iu');
// Each phrase also as one word, the way a letter-spaced phrase reads once joined ("freespins").
const joined = (phrase: string) => phrase.replace(/[\s-]+/g, '');
const OFFER_PATTERNS = OFFERS.map((phrase) => wholeWords(`${escape(phrase)}|${escape(joined(phrase))}`));
// Any of them: one pass over a text that holds none (most of them), instead of one a phrase.
const ANY_OFFER = wholeWords(OFFERS.flatMap((phrase) => [escape(phrase), escape(joined(phrase))]).join('|'));
const ANY_TRADE = wholeWords(TRADES.map(escape).join('|'));

// Four or more single letters, each after the same space, dot, hyphen, underscore or star:
// "v i a g r a", "c.a.s.i.n.o", "b-a-c-k-l-i-n-k-s". A change of separator starts a new
// word ("c.a.s.i.n.o b-o-n-u-s" reads "casino bonus"). Real text rarely holds such a run
// (initials are two or three letters, "J. R. R." has two characters between letters).
const SPACED_LETTERS = /(?<![\p{L}\p{N}])\p{L}([ ._*-])\p{L}(?![\p{L}\p{N}])(?:\1\p{L}(?![\p{L}\p{N}])){2,}/gu;

/** Letter-spaced words written as words: "c.a.s.i.n.o" reads "casino". */
export function joinSpacedLetters(text: string): string {
  return text.replace(SPACED_LETTERS, (run) => run.replace(/[ ._*-]/g, ''));
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * How many phrases the texts hold, read as normalised text with letter-spaced words joined:
 * each offer phrase once, and the trades together once when there is an offer too.
 */
export function spamWordCount(...texts: Array<string | null | undefined>): number {
  const text = joinSpacedLetters(texts.map(normaliseText).join('\n'));
  if (!ANY_OFFER.test(text)) return 0;
  const offers = OFFER_PATTERNS.filter((pattern) => pattern.test(text)).length;
  return offers + (ANY_TRADE.test(text) ? 1 : 0);
}
