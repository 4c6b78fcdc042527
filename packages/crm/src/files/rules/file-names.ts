import { PO_FILE_EXTENSIONS, type PoFileExtension } from '@storefront/contracts';

/** A file name a buyer gave, made safe to store and to send back in a Content-Disposition header. */
export interface SafeFileName {
  name: string;
  extension: PoFileExtension;
}

/** Longest name kept, extension included: what every file system and browser takes. */
const MAX_NAME_LENGTH = 120;
/** What Windows refuses in a name. */
const RESERVED = new Set(['<', '>', ':', '"', '|', '?', '*']);

/**
 * Control characters (C0, DEL, C1), the bidirectional overrides and isolates that make 'fdp.exe' look like
 * 'exe.pdf', and what Windows refuses.
 */
function isUnsafe(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return (
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    RESERVED.has(character)
  );
}
const EXTENSIONS: ReadonlySet<string> = new Set(PO_FILE_EXTENSIONS);

function isAllowedExtension(extension: string): extension is PoFileExtension {
  return EXTENSIONS.has(extension);
}

/**
 * The name without any directory part, unsafe characters or leading and trailing dots and spaces, at most
 * 120 characters with its extension kept (lower-case); null when its extension is not one of spec C§5's
 * document extensions.
 */
export function sanitiseFileName(raw: string): SafeFileName | null {
  const base = raw.normalize('NFC').split(/[/\\]/).at(-1) ?? '';
  const cleaned = Array.from(base)
    .filter((character) => !isUnsafe(character))
    .join('')
    .replace(/\s+/g, ' ')
    .replace(/[\s.]+$/, '');
  const dot = cleaned.lastIndexOf('.');
  if (dot < 0) return null;
  const extension = cleaned.slice(dot + 1).toLowerCase();
  if (!isAllowedExtension(extension)) return null;
  // Leading dots would hide the file on Unix; trailing ones vanish on Windows.
  const stem = Array.from(cleaned.slice(0, dot).replace(/^[\s.]+|[\s.]+$/g, ''))
    .slice(0, MAX_NAME_LENGTH - extension.length - 1)
    .join('');
  return { name: `${stem || 'purchase-order'}.${extension}`, extension };
}
