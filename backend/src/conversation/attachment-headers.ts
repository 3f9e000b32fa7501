/**
 * Types a browser would run or render as a page of the site (HTML, SVG, XML, scripts):
 * an attachment of such a type is answered as `application/octet-stream`.
 */
const ACTIVE = [
  /^text\/html$/,
  /^application\/xhtml\+xml$/,
  /^image\/svg\+xml$/,
  /^(text|application)\/xml$/,
  /\+xml$/,
  /^(text|application)\/(x-)?(java|ecma)script$/,
  /^text\/(x-)?(jscript|livescript|vbscript)$/,
  /^application\/x-(sh|csh|httpd-php|perl|python)$/,
  /^text\/x-(sh|shellscript|python|perl|php)$/,
  /^application\/(x-)?(shockwave-flash|java-archive|hta|x-msdownload)$/,
  /^multipart\//,
  /^message\//,
];

const TOKEN = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/;

/** The Content-Type an attachment is answered with: its declared type, unless active content or malformed. */
export function servedContentType(declared: string): string {
  const type = declared.split(';')[0].trim().toLowerCase();
  if (!TOKEN.test(type) || ACTIVE.some((pattern) => pattern.test(type))) return 'application/octet-stream';
  return type;
}

/**
 * `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<percent-encoded>` (RFC 6266 and
 * RFC 8187): the fallback keeps printable ASCII but quotes and backslashes, so no filename can
 * end the header's value or start another.
 */
export function attachmentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
