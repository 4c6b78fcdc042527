/** Reading the mail the tests receive (RFC 2045/2046, as nodemailer writes it): headers, parts, decoded bodies. */

export interface MimePart {
  /** Header names in lower case, continuation lines unfolded. */
  headers: Record<string, string>;
  /** The body, its transfer encoding undone (UTF-8). */
  body: string;
}

/** A message's (or part's) headers and its raw body. */
function split(raw: string): { headers: Record<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end < 0 ? raw : raw.slice(0, end);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: end < 0 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '') };
}

function decode(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding?.toLowerCase() !== 'quoted-printable') return body;
  const text = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === '=' ? text.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(text.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The message's headers. */
export function headersOf(raw: string): Record<string, string> {
  return split(raw).headers;
}

/** Every leaf part of a message, depth first (a single-part message is its own one part). */
export function partsOf(raw: string): MimePart[] {
  const { headers, body } = split(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /^multipart\/[^;]+;.*\bboundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) return [{ headers, body: decode(body, headers['content-transfer-encoding']) }];
  const sections = body.split(`--${boundary}`).slice(1);
  return sections
    .filter((section) => !section.startsWith('--'))
    .flatMap((section) => partsOf(section.replace(/^\r?\n/, '').replace(/\r?\n$/, '')));
}

/** The body of the first part of a content type (`text/plain`, `text/html`); undefined when there is none. */
export function partOfType(raw: string, type: string): string | undefined {
  return partsOf(raw).find((part) => (part.headers['content-type'] ?? '').toLowerCase().startsWith(type))
    ?.body;
}

/** The message as a reader sees it: its headers as they came, then each text part decoded. */
export function readableMessage(raw: string): string {
  const end = raw.search(/\r?\n\r?\n/);
  const texts = partsOf(raw).filter((part) => /^text\//i.test(part.headers['content-type'] ?? 'text/plain'));
  return [end < 0 ? raw : raw.slice(0, end), ...texts.map((part) => part.body)].join('\n\n');
}
