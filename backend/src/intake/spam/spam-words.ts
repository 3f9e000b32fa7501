import { normaliseText } from './text-signals.js';

/**
 * `spam-words`: the phrases of the offers that fill contact forms (SEO and links, crypto and
 * trading, casino, pharmacy, loans, dating, lead-generation and marketing pitches). Each
 * phrase found counts (SPAM_WEIGHTS); words a recruiting lead may use (marketing, traffic,
 * leads) count only inside such phrases.
 */
const PHRASES = [
  // SEO and links
  'seo',
  'backlink',
  'backlinks',
  'guest post',
  'guest posting',
  'link building',
  'domain authority',
  'first page of google',
  'rank your website',
  'ranking on google',
  'google ranking',
  'search engine optimization',
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
  'marketing agency',
  'social media marketing',
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
  'app development company',
  // crypto and trading
  'crypto',
  'cryptocurrency',
  'bitcoin',
  'btc',
  'ethereum',
  'usdt',
  'forex',
  'binary options',
  'trading signals',
  'investment opportunity',
  'passive income',
  'double your money',
  'nft',
  'airdrop',
  // casino and betting
  'casino',
  'betting',
  'sportsbook',
  'jackpot',
  'poker',
  'free spins',
  'bonus code',
  // pharmacy
  'viagra',
  'cialis',
  'pharmacy',
  'pills',
  'no prescription',
  'weight loss',
  'cbd',
  'kamagra',
  'levitra',
  // loans
  'loan',
  'loans',
  'payday',
  'credit score',
  'fast cash',
  'debt relief',
  'funding approval',
  'business funding',
  // dating and adult
  'dating',
  'hot singles',
  'sexy',
  'hookup',
  'meet girls',
  'xxx',
];

// Whole words and phrases only, any case: "seo" never fires inside "Seoul".
const wholeWords = (alternatives: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`, 'iu');
const PATTERNS = PHRASES.map((phrase) => wholeWords(escape(phrase)));
// Any of them: one pass over a text that holds none (most of them), instead of one a phrase.
const ANY = wholeWords(PHRASES.map(escape).join('|'));

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** How many of the phrases the texts hold (each phrase counted once), read as normalised text. */
export function spamWordCount(...texts: Array<string | null | undefined>): number {
  const text = texts.map(normaliseText).join('\n');
  if (!ANY.test(text)) return 0;
  return PATTERNS.filter((pattern) => pattern.test(text)).length;
}
