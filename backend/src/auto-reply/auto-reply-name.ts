/** What `{name}` becomes when the lead's name could carry someone else's message. */
export const NAME_FALLBACK = 'there';
export const MAX_GREETED_NAME = 60;

// A URL, or a domain-like token (`evil.example`, `www.x.io/win`): a link the mailbox may turn
// clickable, whether or not its ending is a known top-level domain.
const LINK = /[a-z][a-z0-9+.-]*:\/\/|\bwww\.|[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}\b/iu;
// A phone number, an amount, a code: two digits in a row (in any script).
const DIGIT_RUN = /\p{Nd}{2,}/u;

/**
 * The lead's name as the auto-reply greets it: the name only when it reads like one (no URL
 * nor domain-like token, no `@`, no run of digits, at most MAX_GREETED_NAME characters),
 * otherwise "there". The form is public, so without this it would carry a stranger's text
 * (`Claim your prize at …`) to any address they typed.
 */
export function greetedName(name: string): string {
  const trimmed = name.trim();
  const suspicious =
    [...trimmed].length > MAX_GREETED_NAME || trimmed.includes('@') || DIGIT_RUN.test(trimmed) || LINK.test(trimmed);
  return suspicious || trimmed === '' ? NAME_FALLBACK : trimmed;
}
