/**
 * The one address a person's mailbox answers to, for guards that count per person (the
 * auto-reply's 24 hours): trimmed, lower-cased, the local part's surrounding quotes removed
 * and its `+tag` dropped, so `"Ann"@x.io`, ` ANN@x.io` and `ann+1@x.io` are all `ann@x.io`.
 * Not an address to send to (a quoted local part may need its quotes); only a key.
 */
export function canonicalEmail(address: string): string {
  const email = address.trim().toLowerCase();
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  let local = email.slice(0, at);
  if (local.length >= 2 && local.startsWith('"') && local.endsWith('"')) local = local.slice(1, -1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  return `${local}@${email.slice(at + 1)}`;
}

// Gmail ignores dots in the local part, and googlemail.com is the same service.
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address delivers to, for the auto-reply's guard (one a day to a mailbox):
 * the canonical address, and for Gmail its local part without dots under `gmail.com`, so
 * `Jane.Doe@googlemail.com` and `janedoe@gmail.com` are one mailbox. Only for Gmail, which
 * documents it: elsewhere a dot may tell two people apart. Not SQL's `canonical_email`
 * (returning leads), which keeps the dots.
 */
export function mailbox(address: string): string {
  const email = canonicalEmail(address);
  const at = email.lastIndexOf('@');
  if (at < 0 || !GMAIL_DOMAINS.has(email.slice(at + 1))) return email;
  return `${email.slice(0, at).replaceAll('.', '')}@gmail.com`;
}
