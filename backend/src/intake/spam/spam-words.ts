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
const OFFER_PATTERNS = OFFERS.map((phrase) => wholeWords(escape(phrase)));
// Any of them: one pass over a text that holds none (most of them), instead of one a phrase.
const ANY_OFFER = wholeWords(OFFERS.map(escape).join('|'));
const ANY_TRADE = wholeWords(TRADES.map(escape).join('|'));

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * How many phrases the texts hold, read as normalised text: each offer phrase once, and the
 * trades together once when there is an offer too.
 */
export function spamWordCount(...texts: Array<string | null | undefined>): number {
  const text = texts.map(normaliseText).join('\n');
  if (!ANY_OFFER.test(text)) return 0;
  const offers = OFFER_PATTERNS.filter((pattern) => pattern.test(text)).length;
  return offers + (ANY_TRADE.test(text) ? 1 : 0);
}
