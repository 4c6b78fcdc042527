/**
 * The word being typed, as a full-text prefix: a buyer halfway through "monoclonal" has typed "mono", which no
 * whole word matches. Null when the last word holds fewer than two letters or digits to look for.
 */
export function typedPrefix(text: string): { before: string; prefix: string } | null {
  const match = /^(.*?)(\S+)$/su.exec(text.trim());
  const word = match?.[2]?.replace(/[^\p{L}\p{N}]+/gu, '') ?? '';
  if (word.length < 2) return null;
  return { before: match?.[1]?.trim() ?? '', prefix: `${word.toLowerCase()}:*` };
}
