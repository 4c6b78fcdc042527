/** {!name} placeholders in CMS text (spec P§5); names may hold letters, digits, '_' and '.'. */
const PLACEHOLDER = /\{!\s*([\w.]+)\s*\}/g;

/** The distinct placeholder names of a text, in order of appearance. */
export function extractPlaceholders(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(PLACEHOLDER), (match) => match[1] ?? ''))];
}

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
