/**
 * What the CRM's and the user pools' mail share (docs/decisions/0055-mail-senders.md): how a sender is written
 * (`address` or `Name <address>`) and the HTML part every mail carries beside its text.
 */

/** The sender of the demo, where MAIL_FROM is unset and an app is built without one. */
export const DEMO_MAIL_FROM = 'BioNova Storefront <no-reply@bionova.example>';

/** A mail address with its display name, as nodemailer takes it (it encodes the name for the header). */
export interface Mailbox {
  name?: string;
  address: string;
}

/** An address as HTML's email input accepts it (WHATWG), at most 254 characters. */
const ADDRESS =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const NAMED = /^(.*?)\s*<([^<>]*)>$/s;
/** A display name never holds what would end it or the header: quotes, angle brackets, control characters. */
const UNSAFE_NAME = /["<>\\\p{Cc}]/u;
const MAX_ADDRESS = 254;
const MAX_NAME = 128;

/** `a@b.example`, `Name <a@b.example>` or `"Name, Inc." <a@b.example>`; undefined for anything else. */
export function parseMailbox(text: string): Mailbox | undefined {
  const named = NAMED.exec(text.trim());
  const address = named ? (named[2] ?? '') : text.trim();
  if (address.length > MAX_ADDRESS || !ADDRESS.test(address)) return undefined;
  if (!named) return { address };
  const quoted = /^"(.*)"$/s.exec(named[1] ?? '');
  const name = (quoted ? quoted[1] : named[1])?.trim() ?? '';
  if (name === '' || name.length > MAX_NAME || UNSAFE_NAME.test(name)) return undefined;
  return { name, address };
}

/** Why a sender was refused, for a message that names its field. */
export const MAILBOX_RULE = "must be an address or 'Name <address>'";

/** A sender an app is built with (checked already where it is configured): parsed, or an error naming it. */
export function requireMailbox(text: string, what: string): Mailbox {
  const mailbox = parseMailbox(text);
  if (!mailbox) throw new Error(`${what} ${JSON.stringify(text)} ${MAILBOX_RULE}`);
  return mailbox;
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);

/** One column a phone shows whole, dark grey on white (contrast above 14:1), the mail client's sans-serif. */
const COLUMN = [
  'max-width:600px;margin:0 auto;padding:24px;background-color:#ffffff;color:#1f2937',
  'font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5',
].join(';');

export interface MailContent {
  subject: string;
  /** Whose mail it is (the storefront's or the pool's name); the subject where none is known. */
  heading?: string | undefined;
  /** The plain-text part: paragraphs apart by a blank line. */
  text: string;
}

/**
 * The HTML part of a mail: the text part's paragraphs under a heading, one readable column, inline styles
 * only (mail clients drop style sheets), every value escaped.
 */
export function mailHtml(mail: MailContent): string {
  const paragraphs = mail.text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map(
      (paragraph) => `<p style="margin:0 0 16px">${paragraph.split('\n').map(escapeHtml).join('<br>')}</p>`,
    );
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(mail.subject)}</title></head>`,
    '<body style="margin:0;padding:0;background-color:#f3f4f6">',
    `<div role="article" style="${COLUMN}">`,
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${escapeHtml(mail.heading ?? mail.subject)}</h1>`,
    ...paragraphs,
    '</div></body></html>',
  ].join('\n');
}
