import { describe, expect, it } from 'vitest';
import { autoReplyPreview, SAMPLE_BOOKING_URL, SAMPLE_NAME } from '../auto-reply-preview';

describe('autoReplyPreview', () => {
  it('replaces every {name} with the sample name and leaves the rest as written', () => {
    expect(autoReplyPreview('Hi {name},\n\nThanks, {name}! {nam}')).toBe(`Hi ${SAMPLE_NAME},\n\nThanks, ${SAMPLE_NAME}! {nam}`);
  });

  it('keeps special replacement patterns of String.replace as text', () => {
    expect(autoReplyPreview('Hi {name}', '$& $1')).toBe('Hi $& $1');
  });

  it('shows a sample booking link for {bookingUrl}, and a name is never read as a placeholder', () => {
    expect(autoReplyPreview('Book: {bookingUrl}')).toBe(`Book: ${SAMPLE_BOOKING_URL}`);
    expect(autoReplyPreview('Hi {name}', '{bookingUrl}')).toBe('Hi {bookingUrl}');
  });
});
