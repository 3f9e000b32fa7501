import { describe, expect, it } from '@jest/globals';
import { parseImapUrl } from './imap-url.js';

describe(parseImapUrl.name, () => {
  it('reads imaps:// with its default port, the user and password URL-decoded, INBOX by default', () => {
    expect(parseImapUrl('imaps://replies%40team.example.com:p%40ss%3Aw%2Frd@mail.example.com')).toEqual({
      host: 'mail.example.com',
      port: 993,
      secure: true,
      user: 'replies@team.example.com',
      pass: 'p@ss:w/rd',
      mailbox: 'INBOX',
      key: 'replies@team.example.com@mail.example.com:993/INBOX',
    });
  });

  it('reads imap:// (STARTTLS when offered) with a port and a folder of its own', () => {
    const sut = parseImapUrl('imap://u:p@127.0.0.1:1143/Leads/Replies%20in');
    expect(sut).toMatchObject({ host: '127.0.0.1', port: 1143, secure: false, mailbox: 'Leads/Replies in' });
    expect(parseImapUrl('imap://u:p@host/').port).toBe(143);
  });

  it.each([
    ['https://u:p@host/INBOX', /imap/],
    ['imaps://host/INBOX', /user or password/],
    ['imaps://u@host/INBOX', /user or password/],
    ['imaps://u:p@host/INBOX?x=1', /query/],
    ['not a url', /not a URL/],
  ])('refuses %s without repeating it', (value, reason) => {
    expect(() => parseImapUrl(value)).toThrow(reason);
    try {
      parseImapUrl(value);
    } catch (error) {
      expect(String(error)).not.toContain(value);
    }
  });
});
