import { describe, expect, it } from '@jest/globals';
import { spamScore, WEAK_MAXIMUM } from '../../leads/spam-reasons.js';
import { spamWordCount } from './spam-words.js';
import { isDisposableEmail, isGibberish, linkInName, urlCount } from './text-signals.js';

describe('spam signals', () => {
  it('finds links in a name, and in a company only as a URL', () => {
    expect(linkInName('Visit www.seo.example', null)).toBe(true);
    expect(linkInName('casino-online.example', null)).toBe(true);
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

  it('keeps the weak signals together under every threshold allowed', () => {
    expect(WEAK_MAXIMUM).toBe(40);
    expect(spamScore(['too-fast', 'missing-token', 'network-volume'])).toBe(40);
    expect(spamScore(['spam-words'], 5)).toBe(75);
    expect(spamScore(['link-in-name', 'duplicate-text', 'captcha-failed'])).toBe(100);
  });
});
