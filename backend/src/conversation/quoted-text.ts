/** An incoming message's text split into what the lead wrote now and the history it quotes. */
export interface SplitText {
  text: string;
  /** The quoted history (from its "On … wrote:" line, or the trailing `>` lines), or null when there is none. */
  quoted: string | null;
}

// "On Tue, 3 Mar 2026 at 10:00, Mia <mia@x.io> wrote:" (Gmail, Apple Mail, Thunderbird), also
// wrapped over two lines; "Le … a écrit :", "Am … schrieb …:" and "El … escribió:" alike.
const ATTRIBUTION = /^(On|Le|Am|El|Il|Op)\s.+(wrote|a écrit|schrieb|escribió|ha scritto|schreef)\s?:\s*$/i;
// Outlook's separators: "-----Original Message-----" and the line of underscores above its "From:" block.
const SEPARATOR = /^(-{2,}\s*Original Message\s*-{2,}|_{20,})\s*$/i;

/**
 * Folds the quoted history of a reply away (a simple rule, docs/conversation.md): everything
 * from the first attribution line ("On … wrote:", also wrapped over two lines) or Outlook
 * separator on; failing those, the block of `>` lines that ends the message (blank lines
 * within it). A `>` line followed by the lead's own text (an answer between the quotes) stays
 * in the text. Nothing is dropped: the quoted part is kept beside the text.
 */
export function splitQuoted(body: string): SplitText {
  const lines = body.replace(/\r\n?/g, '\n').split('\n');
  let cut = -1;
  for (let index = 0; index < lines.length && cut < 0; index += 1) {
    const line = lines[index].trim();
    if (ATTRIBUTION.test(line) || SEPARATOR.test(line)) cut = index;
    else if (
      index + 1 < lines.length &&
      /^(On|Le|Am|El|Il|Op)\s/i.test(line) &&
      ATTRIBUTION.test(`${line} ${lines[index + 1].trim()}`)
    )
      cut = index;
  }
  if (cut < 0) {
    // The trailing quote: walk back over `>` and blank lines.
    let start = lines.length;
    while (start > 0 && (lines[start - 1].trim() === '' || lines[start - 1].trimStart().startsWith('>'))) start -= 1;
    if (lines.slice(start).some((line) => line.trimStart().startsWith('>'))) cut = start;
  }
  if (cut < 0) return { text: body.trim(), quoted: null };
  const quoted = lines.slice(cut).join('\n').trim();
  return { text: lines.slice(0, cut).join('\n').trim(), quoted: quoted === '' ? null : quoted };
}
