import { describe, expect, it } from '@jest/globals';
import { greetedName } from './auto-reply-name.js';

describe(greetedName.name, () => {
  it.each(['Ann Lee', "Zoë O'Brien-Smith", 'J. R. R. Tolkien', 'Louis XIV', 'Anne-Marie 2nd', '李小龍', 'A'.repeat(60)])(
    'greets %p by name',
    (name) => {
      expect(greetedName(name)).toBe(name);
    },
  );

  it.each([
    'Claim your prize at https://evil.example/win now',
    'hxxp://x',
    'ftp://files.example',
    'www.evil.example',
    'Win at evil.example',
    'visit EVIL.COM/win',
    'münchen.de',
    'ann@example.com',
    'Ann @ work',
    'Call 0800 123 456',
    'Save $50',
    'A'.repeat(61),
    '   ',
  ])('greets %p as "there"', (name) => {
    expect(greetedName(name)).toBe('there');
  });
});
