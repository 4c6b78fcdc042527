/** {!name} placeholders in CMS text (spec P§5); names may hold letters, digits, '_' and '.'. */
const PLACEHOLDER = /\{!\s*([\w.]+)\s*\}/g;

/** Replaces each placeholder with its value; unknown ones become empty. */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(
    PLACEHOLDER,
    (_match, name: string) => (Object.hasOwn(values, name) ? values[name] : '') ?? '',
  );
}

/** The lines of a text, split at any line break (rendered with <br> between them). */
export function textLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}
