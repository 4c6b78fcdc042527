/** A case-insensitive 'contains' pattern for LIKE/ILIKE with the user's %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A case-insensitive 'starts with' pattern for LIKE/ILIKE with the user's %, _ and \ taken literally. */
export function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The most words of a search that count: a pasted list should not build a query of hundreds. */
export const MAX_SEARCH_WORDS = 12;

/** A search text as the search compares it: lower case, single spaces, no outer spaces. */
export function normaliseSearchText(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The words of a search as typed (lower case, split on spaces; hyphens stay inside a word). */
export function searchTokens(text: string): string[] {
  const tokens = normaliseSearchText(text)
    .split(' ')
    .map((token) => token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((token) => token.length > 0);
  return tokens.slice(0, MAX_SEARCH_WORDS);
}

/**
 * The edits a misspelt word may be corrected by: none under five letters (short words are alike to too many),
 * one from five, two from nine; none for a word with a digit or other sign (catalogue numbers, clones such as
 * GK1.5, sizes), which the buyer means exactly.
 */
export function allowedEdits(word: string): number {
  if (!/^\p{L}+$/u.test(word)) return 0;
  if (word.length >= 9) return 2;
  if (word.length >= 5) return 1;
  return 0;
}

/** Edits between two words: insertions, deletions, substitutions and swaps of neighbours count one each. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = d[i] as number[];
      const above = d[i - 1] as number[];
      let best = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, ((d[i - 2] as number[])[j - 2] as number) + 1);
      row[j] = best;
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}
