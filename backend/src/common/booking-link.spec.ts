import { describe, expect, it } from '@jest/globals';
import { bookingLink, isBookingUrl } from './booking-link.js';

const visitor = { leadId: '0b8f7a52-4c3e-4c55-9d55-0c5b1b9a4f10', name: 'Ann & Bob #1 =x', email: 'ann+tag@example.com' };

describe(bookingLink.name, () => {
  it("carries the lead's id where Cal.com keeps it, the name and e-mail encoded as one value each", () => {
    const url = new URL(bookingLink('https://cal.com/ann/intro', 'calcom', visitor)!);
    expect(url.searchParams.get('name')).toBe(visitor.name);
    expect(url.searchParams.get('email')).toBe(visitor.email);
    expect(url.searchParams.get('metadata[leadId]')).toBe(visitor.leadId);
    expect(url.hash).toBe('');
  });

  it('uses utm_content for Calendly and keeps the parameters the link already had', () => {
    const url = new URL(bookingLink('https://calendly.com/ann/30min?month=2026-12&name=old', 'calendly', visitor)!);
    expect(url.searchParams.get('month')).toBe('2026-12');
    expect(url.searchParams.getAll('name')).toEqual([visitor.name]);
    expect(url.searchParams.get('utm_content')).toBe(visitor.leadId);
  });

  it('gives no link without a base, or with one that is not https', () => {
    expect(bookingLink(null, 'other', visitor)).toBeNull();
    expect(bookingLink('javascript:alert(1)', 'other', visitor)).toBeNull();
  });
});

describe(isBookingUrl.name, () => {
  it.each(['https://cal.com/ann', 'https://calendly.com/team/intro?x=1'])('takes %p', (url) => {
    expect(isBookingUrl(url)).toBe(true);
  });

  it.each(['http://cal.com/ann', 'javascript:alert(1)', 'cal.com/ann', 'https://user:pw@cal.com/', '', 42])(
    'refuses %p',
    (url) => {
      expect(isBookingUrl(url)).toBe(false);
    },
  );
});
