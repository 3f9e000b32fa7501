import { describe, expect, it } from '@jest/globals';
import { spamScore, WEAK_MAXIMUM } from '../../leads/spam-reasons.js';
import { joinSpacedLetters, spamWordCount } from './spam-words.js';
import { isDisposableEmail, isGibberish, linkInName, normaliseText, urlCount } from './text-signals.js';

describe('spam signals', () => {
  it('finds links in a name, and in a company only as a URL', () => {
    expect(linkInName('Visit www.seo.example', null)).toBe(true);
    expect(linkInName('casino-online.xyz', null)).toBe(true);
    expect(linkInName('Ada Lovelace', 'https://shop.example')).toBe(true);
    expect(linkInName('Pieter de Vries', 'Booking.com')).toBe(false);
    expect(linkInName('Dr. Priya Raghunathan', null)).toBe(false);
  });

  it('counts URLs in comments', () => {
    expect(urlCount('see https://a.example and www.b.example')).toBe(2);
    expect(urlCount(null)).toBe(0);
  });

  it('knows throwaway mail domains from the maintained list, and their subdomains', () => {
    expect(isDisposableEmail('x@mailinator.com')).toBe(true);
    expect(isDisposableEmail('x@eu.mailinator.com')).toBe(true);
    expect(isDisposableEmail('x@gmail.com')).toBe(false);
  });

  it('reads random letters as gibberish, and names of every language as names', () => {
    for (const random of ['xKjQwPzRtY', 'Bcvxnmqwrt', 'qwrtplkjhg']) expect(isGibberish(random)).toBe(true);
    for (const name of [
      'Grzegorz Brzęczyszczykiewicz',
      'Lars Schwarzschild',
      'Þórunn Sigurðardóttir',
      'Nguyễn Thị Minh Khai',
      '王小明',
      'Sarah McDonald',
      'Tomás Ó Súilleabháin',
    ])
      expect(isGibberish(name)).toBe(false);
  });

  it('counts whole phrases only', () => {
    expect(spamWordCount('Cheap viagra and cialis, casino bonus code')).toBe(4);
    expect(spamWordCount('We hire in Seoul and Casinos… no: Seoulite')).toBe(0);
  });

  it('joins letter-spaced and dotted words, and leaves initials and short runs alone', () => {
    const plain = 'Cheap viagra, casino bonus code';
    expect(spamWordCount(plain)).toBeGreaterThan(0);
    expect(spamWordCount('Cheap v i a g r a, c.a.s.i.n.o b-o-n-u-s c_o_d_e')).toBe(spamWordCount(plain));
    expect(spamWordCount('f r e e s p i n s and b*a*c*k*l*i*n*k*s')).toBe(spamWordCount('free spins and backlinks'));
    expect(joinSpacedLetters('J. R. R. Tolkien, U.S.A., e.g. A B C Ltd')).toBe('J. R. R. Tolkien, U.S.A., e.g. A B C Ltd');
    expect(joinSpacedLetters('see c.a.s.i.n.o now')).toBe('see casino now');
  });

  it('counts the trades a client hires in only beside an offer, and then once', () => {
    expect(spamWordCount('We are a crypto exchange (bitcoin, ethereum, USDT) hiring 30 engineers')).toBe(0);
    expect(spamWordCount('Casino resort hiring dealers and poker room staff; our online pharmacy too')).toBe(0);
    expect(spamWordCount('Bitcoin and ethereum cloud mining: passive income, double your money')).toBe(3);
  });

  it('keeps the weak signals together under every threshold allowed', () => {
    expect(WEAK_MAXIMUM).toBe(40);
    expect(spamScore(['too-fast', 'missing-token', 'network-volume'])).toBe(40);
    expect(spamScore(['spam-words'], 5)).toBe(75);
    expect(spamScore(['link-in-name', 'duplicate-text', 'captcha-failed'])).toBe(100);
  });
});

/** What every text signal makes of a submission's texts. */
function signals(name: string, company: string | null, comments: string) {
  return {
    linkInName: linkInName(name, company),
    links: urlCount(comments),
    spamWords: spamWordCount(name, company, comments),
    gibberish: isGibberish(name, company),
  };
}

// Each evasion beside its plain form: the signals must read both alike. On the scorer before
// text was normalised, every evasive form here scored 0.
const EVASIONS: Array<[string, [string, string | null, string], [string, string | null, string]]> = [
  [
    'soft hyphens',
    ['Mike', null, 'Buy via\u00ADgra and ci\u00ADalis, free spins at our ca\u00ADsino'],
    ['Mike', null, 'Buy viagra and cialis, free spins at our casino'],
  ],
  [
    'zero-width and bidi characters, word joiner, BOM',
    ['Anna', null, 'bit\u200Bcoin: dou\u200Cble your mo\u200Dney, pass\u2060ive inc\uFEFFome, back\u202Elinks'],
    ['Anna', null, 'bitcoin: double your money, passive income, backlinks'],
  ],
  [
    'Cyrillic look-alike letters',
    ['Оlіvіа', null, 'Сhеар vіаgrа, сіаlіs аnd gаmblіng: frее sріns, bоnus соdе'],
    ['Olivia', null, 'Cheap viagra, cialis and gambling: free spins, bonus code'],
  ],
  [
    'Greek look-alike letters',
    ['Τοm', null, 'Βest cαsinο jαckpοt, ΝFΤ αirdrοp'],
    ['Tom', null, 'Best casino jackpot, NFT airdrop'],
  ],
  [
    'hxxp and hxxps',
    ['Tom', null, 'see hxxps://evil.example/a and hxxp://evil.example/b'],
    ['Tom', null, 'see https://evil.example/a and http://evil.example/b'],
  ],
  [
    'full-width letters and dots, mathematical letters',
    ['Ｔｏｍ', null, 'ｈｔｔｐｓ：／／evil．example and www．evil．example, 𝐯𝐢𝐚𝐠𝐫𝐚'],
    ['Tom', null, 'https://evil.example and www.evil.example, viagra'],
  ],
  [
    'ideographic full stops',
    ['best-seo-deals。com', null, 'www。casino-bonus。xyz and https://evil｡example/x'],
    ['best-seo-deals.com', null, 'www.casino-bonus.xyz and https://evil.example/x'],
  ],
  [
    'a bare domain for a URL',
    ['Tom', null, 'visit casino-bonus.xyz and bet-now.top today'],
    ['Tom', null, 'visit https://casino-bonus.xyz and https://bet-now.top today'],
  ],
  ['look-alike letters in a random name', ['хКјQwРzRtY', null, ''], ['xKjQwPzRtY', null, '']],
];

describe('normalised text', () => {
  it('folds the form of the text a bot can change without changing what a reader sees', () => {
    expect(normaliseText('ca\u00ADsi\u200Bno\u200C\u200D\u2060\uFEFF\u202E\u2066')).toBe('casino');
    expect(normaliseText('Сhеар vіаgrа')).toBe('Cheap viagra');
    expect(normaliseText('cαsinο ΒΟΝUS')).toBe('casino BONUS');
    expect(normaliseText('hxxps://a.example HXXP://b.example')).toBe('https://a.example http://b.example');
    expect(normaliseText('ｅｖｉｌ．ｅｘａｍｐｌｅ evil。example evil｡example')).toBe('evil.example evil.example evil.example');
    expect(normaliseText(null)).toBe('');
  });

  it('leaves names in other scripts readable as themselves', () => {
    for (const name of ['王小明', 'Иван Петров', 'محمد العلي', 'Νίκος Παπαδόπουλος', 'Zoë Ångström'])
      expect(isGibberish(name)).toBe(false);
    expect(normaliseText('王小明')).toBe('王小明');
    expect(normaliseText('Zoë Ångström')).toBe('Zoë Ångström');
  });

  for (const [evasion, evasive, plain] of EVASIONS) {
    it(`scores ${evasion} like the plain text`, () => {
      const expected = signals(...plain);
      // The plain form is spam the signals see: otherwise the comparison proves nothing.
      expect(Object.values(expected).some((value) => value !== false && value !== 0)).toBe(true);
      expect(signals(...evasive)).toEqual(expected);
    });
  }

  it('reads initials and abbreviated names as names, not links', () => {
    for (const name of ['J.Smith', 'Jean St.Pierre', 'A.B. Chen', 'J.Kim', 'A.Li', 'M.Ng', 'Mr.Green', 'Y.Lu', 'J.KIM'])
      expect(linkInName(name, null)).toBe(false);
    expect(urlCount('J.Smith and Jean St.Pierre (A.B. Chen in copy), e.g. Node.js')).toBe(0);
  });

  it('counts a bare domain only with a real top-level domain, and never an e-mail address', () => {
    expect(linkInName('best-seo-deals.com', null)).toBe(true);
    expect(linkInName('CHEAP-PILLS.SHOP', null)).toBe(true);
    expect(linkInName('casino-online.example', null)).toBe(false);
    expect(urlCount('see bet-now.top, win.casino/x and t.me/bonus')).toBe(3);
    expect(urlCount('write to anna.li@firm.com or bob@firm.co.uk')).toBe(0);
  });
});
