/**
 * `attachment` (or `inline`, for a file shown in the browser) with the file's name as every browser reads it
 * (RFC 6266): an ASCII `filename` for old clients, and `filename*` in UTF-8 (RFC 5987) when the name has
 * other characters.
 */
export function attachmentDisposition(
  fileName: string,
  type: 'attachment' | 'inline' = 'attachment',
): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  const plain = `${type}; filename="${ascii}"`;
  return ascii === fileName ? plain : `${plain}; filename*=UTF-8''${rfc5987(fileName)}`;
}

/** RFC 5987 value characters: percent-encode everything encodeURIComponent keeps but attr-char does not. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
