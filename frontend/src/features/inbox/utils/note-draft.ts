// A note being typed is kept in this tab's sessionStorage until it is saved, so that it
// survives the way through the sign-in form when the session has ended meanwhile (the URL
// keeps `?lead=<id>`, so the lead opens again after signing in).
const key = (id: string) => `note-draft:${id}`;

export function readNoteDraft(id: string): string | null {
  try {
    return sessionStorage.getItem(key(id));
  } catch {
    return null; // Storage blocked: the draft lives only as long as the editor.
  }
}

export function writeNoteDraft(id: string, text: string | null): void {
  try {
    if (text === null) sessionStorage.removeItem(key(id));
    else sessionStorage.setItem(key(id), text);
  } catch {
    // Storage blocked or full: nothing to keep the draft in.
  }
}
