/**
 * Text a visitor typed, made plain for a chat message (the `slack` format, which Slack,
 * Mattermost and Rocket.Chat incoming webhooks all take):
 * - `&`, `<`, `>` become `&amp;`, `&lt;`, `&gt;`, as Slack asks: no `<!channel>`, no
 *   `<url|forged text>`;
 * - the Markdown and mention characters become their full-width forms (`*` → `＊`, `@` → `＠`, …):
 *   they read the same to a person and mean nothing to any of the three. Backslash escapes do
 *   not work (Slack shows the backslash and still formats), and a zero-width space beside a
 *   marker does not stop every Markdown flavour from reading it; a full-width form is another
 *   character, so `@channel`, `@here`, `@all` (and any `@someone`), links, images, bold,
 *   italics, strike-through and code cannot be written;
 * - line breaks become spaces, so no line can start a heading, a quote or a list.
 */
const STAND_INS: ReadonlyArray<readonly [string, string]> = [
  ['[', '［'],
  [']', '］'],
  ['(', '（'],
  [')', '）'],
  ['!', '！'],
  ['*', '＊'],
  ['_', '＿'],
  ['~', '～'],
  ['`', '｀'],
  ['@', '＠'],
  ['\r', ' '],
  ['\n', ' '],
  ['\t', ' '],
  ['\u2028', ' '],
  ['\u2029', ' '],
];
/** `&` first, so the others' `&` is not escaped again. */
const SLACK_ESCAPES: ReadonlyArray<readonly [string, string]> = [
  ['&', '&amp;'],
  ['<', '&lt;'],
  ['>', '&gt;'],
];

/** A SQL string literal (quotes doubled). */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const FROM = literal(STAND_INS.map(([from]) => from).join(''));
const TO = literal(STAND_INS.map(([, to]) => to).join(''));

/** The visitor's text as plain chat text, in JavaScript. */
export function slackPlainText(text: string): string {
  let plain = text;
  for (const [from, to] of [...SLACK_ESCAPES, ...STAND_INS]) plain = plain.replaceAll(from, to);
  return plain;
}

/** The same in SQL, for messages built by a statement: `sql` is the expression of the text. */
export function slackPlainTextSql(sql: string): string {
  const escaped = SLACK_ESCAPES.reduce((inner, [from, to]) => `replace(${inner}, ${literal(from)}, ${literal(to)})`, sql);
  return `translate(${escaped}, ${FROM}, ${TO})`;
}
