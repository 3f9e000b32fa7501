/** HTML that is already safe to put into a page: the output of `html`, or markup we wrote. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char]);
}

type Value = string | number | SafeHtml | null | undefined | ReadonlyArray<Value>;

function render(value: Value): string {
  if (value === null || value === undefined) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return (value as ReadonlyArray<Value>).map(render).join('');
  return escapeHtml(String(value));
}

/**
 * The e-mails' one way to write HTML: every interpolated value is escaped unless it is
 * SafeHtml (the result of another `html`), so a visitor's text never becomes markup.
 */
export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, part, index) => out + render(values[index - 1]) + part));
}
