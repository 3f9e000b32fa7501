import { describe, expect, it } from '@jest/globals';
import { canonicalEmail, mailbox } from './canonical-email.js';

describe(canonicalEmail.name, () => {
  it.each([
    ['ann@x.io', 'ann@x.io'],
    ['  Ann@X.IO ', 'ann@x.io'],
    ['"Ann"@x.io', 'ann@x.io'],
    ['ann+1@x.io', 'ann@x.io'],
    ['"ann+news"@x.io', 'ann@x.io'],
    ['ann+a+b@x.io', 'ann@x.io'],
    ['first.last@x.io', 'first.last@x.io'],
    ['+tag@x.io', '+tag@x.io'],
    ['"a@b"@x.io', 'a@b@x.io'],
  ])('reads %p as %p', (address, canonical) => {
    expect(canonicalEmail(address)).toBe(canonical);
  });
});

describe(mailbox.name, () => {
  it.each([
    ['jane.doe@gmail.com', 'janedoe@gmail.com'],
    ['J.A.N.E.Doe+offer@GoogleMail.com', 'janedoe@gmail.com'],
    ['"jane.doe"@googlemail.com', 'janedoe@gmail.com'],
    ['jane.doe@example.com', 'jane.doe@example.com'],
    ['jane.doe@gmail.com.evil.example', 'jane.doe@gmail.com.evil.example'],
  ])('reads %p as %p', (address, key) => {
    expect(mailbox(address)).toBe(key);
  });
});
