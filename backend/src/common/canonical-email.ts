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
