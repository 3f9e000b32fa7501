import { describe, expect, it } from '@jest/globals';
import { messageContent, newMessageId, replyAddress, replySubject, senderName } from './outgoing-message.js';

describe('outgoing message', () => {
  it('answers "Re:" the subject once', () => {
    expect(replySubject('Your offer')).toBe('Re: Your offer');
    expect(replySubject('RE: Re: aw: Your offer')).toBe('Re: Your offer');
    expect(replySubject('')).toBe('Re: Your enquiry');
  });

  it("names the sender with MAIL_FROM's name, on one line", () => {
    expect(senderName('Mia Example', 'Leads Team')).toBe('Mia Example (Leads Team)');
    expect(senderName('Mia\r\nBcc: x', undefined)).toBe('Mia Bcc: x');
  });

  it('puts the token after a + of the reply address, and the domain of MAIL_FROM in a Message-ID', () => {
    expect(replyAddress('replies@team.example.com', 'abc')).toBe('replies+abc@team.example.com');
    expect(newMessageId('r1', 'leads@example.com')).toBe('<r1@example.com>');
  });

  it('escapes the body in the HTML part and adds the signature to both', () => {
    const { text, html } = messageContent('Hi', 'Dear <Ada> & co', 'Mia\nRecruiting');
    expect(text).toBe('Dear <Ada> & co\n\n-- \nMia\nRecruiting\n');
    expect(html).toContain('Dear &lt;Ada&gt; &amp; co');
    expect(html).not.toContain('<Ada>');
    expect(html).toContain('Mia\nRecruiting');
  });
});
