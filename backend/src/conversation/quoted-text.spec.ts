import { describe, expect, it } from '@jest/globals';
import { splitQuoted } from './quoted-text.js';

describe(splitQuoted.name, () => {
  it('keeps a message without a quote whole', () => {
    expect(splitQuoted('Hello,\n\nyes, Tuesday works.\n')).toEqual({ text: 'Hello,\n\nyes, Tuesday works.', quoted: null });
  });

  it('folds from the "On … wrote:" line on, quoted lines and all', () => {
    const body =
      'Tuesday works.\n\nOn Mon, 2 Mar 2026 at 10:00, Mia <mia@team.example.com> wrote:\n> Hello Ada,\n> when suits you?\n';
    expect(splitQuoted(body)).toEqual({
      text: 'Tuesday works.',
      quoted: 'On Mon, 2 Mar 2026 at 10:00, Mia <mia@team.example.com> wrote:\n> Hello Ada,\n> when suits you?',
    });
  });

  it('finds an attribution wrapped over two lines, and CRLF line ends', () => {
    const body = 'Fine.\r\n\r\nOn Mon, 2 Mar 2026 at 10:00, Mia Example\r\n<mia@team.example.com> wrote:\r\n> Hello\r\n';
    expect(splitQuoted(body)).toEqual({
      text: 'Fine.',
      quoted: 'On Mon, 2 Mar 2026 at 10:00, Mia Example\n<mia@team.example.com> wrote:\n> Hello',
    });
  });

  it("folds Outlook's original message", () => {
    expect(splitQuoted('Sure.\n-----Original Message-----\nFrom: Mia\nSubject: Hi')).toEqual({
      text: 'Sure.',
      quoted: '-----Original Message-----\nFrom: Mia\nSubject: Hi',
    });
  });

  it('folds a trailing block of > lines, but keeps an answer written between quotes', () => {
    expect(splitQuoted('Yes.\n\n> Can you start in May?\n>\n> Mia\n')).toEqual({
      text: 'Yes.',
      quoted: '> Can you start in May?\n>\n> Mia',
    });
    const inline = '> Can you start in May?\nYes.\n> And the salary?\nAs discussed.';
    expect(splitQuoted(inline)).toEqual({ text: inline, quoted: null });
  });

  it('keeps a line that merely starts with "On" as text', () => {
    expect(splitQuoted('On second thought, Monday.\nThanks')).toEqual({
      text: 'On second thought, Monday.\nThanks',
      quoted: null,
    });
  });
});
