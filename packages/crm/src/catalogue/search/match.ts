import { and, desc, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import { catalogueItems } from '../../db/schema';
import { normaliseSearchText, prefixPattern, searchTokens } from '../rules/search';
import { type SearchVocabulary, searchVocabulary } from './vocabulary';

/** The longest synonym, in words, looked for in a search ("7-aminoactinomycin d" is two). */
export const LONGEST_SYNONYM = 4;

/**
 * A word that may begin a catalogue number: letters, a hyphen and digits ("fca-1017") or digits alone; "cd8"
 * or "anti-cd3" are not, and testing them against every number would only cost time.
 */
const SKU_START = /^(\p{L}+-)?\d+$/u;

/** One part of a search every product found must match: a typed word or a phrase a synonym names. */
interface Unit {
  typed: string;
  /** Each alternative is enough on its own: the typed text, its synonyms, its correction. */
  alternatives: string[];
  /** A word that may begin a catalogue number ("FCA-1017"). */
  skuPrefix: boolean;
}

/** A search read against the storefront's synonyms and products: what a product must match and how it ranks. */
export interface PreparedSearch {
  /** Every unit matched by the item's search document (or its catalogue number's start). */
  where: SQL;
  /** Exact catalogue number, clone or CAS number first; then the weighted text rank. */
  orderBy: SQL[];
  /** The search with its misspelt words corrected; null when none was. */
  correctedText: string | null;
}

/**
 * Reads a search: every word counts (AND), each word matching the search document stemmed ('english'), a
 * phrase of the storefront's synonyms matching any of its group, a misspelt word its correction too (terms.ts),
 * and a word also the start of a catalogue number. Null when the text is blank (it asks nothing).
 */
export async function prepareSearch(
  db: CrmDb,
  storefrontId: string,
  text: string,
): Promise<PreparedSearch | null> {
  const [search] = await prepareSearches(db, storefrontId, [text]);
  return search ?? null;
}

/** Several searches read as prepareSearch reads one, with one look at the storefront's words for all of them. */
export async function prepareSearches(
  db: CrmDb,
  storefrontId: string,
  texts: readonly string[],
): Promise<(PreparedSearch | null)[]> {
  const asked = texts.map((text) => (normaliseSearchText(text) ? searchTokens(text) : null));
  const phrases = new Set<string>();
  const words = new Set<string>();
  for (const tokens of asked) {
    for (const phrase of phrasesOf(tokens ?? [])) phrases.add(phrase);
    for (const token of tokens ?? []) words.add(token);
  }
  const vocabulary =
    phrases.size > 0
      ? await searchVocabulary(db, storefrontId, { phrases: [...phrases], words: [...words] })
      : { groups: [], corrections: new Map<string, string>() };
  return asked.map((tokens) => tokens && searchOf(tokens, vocabulary));
}

/** What a product must match for the search's words, and how it ranks, given the storefront's words. */
function searchOf(tokens: readonly string[], vocabulary: SearchVocabulary): PreparedSearch {
  // Signs alone ("%", "_") hold no word to find.
  if (tokens.length === 0) return { where: sql`false`, orderBy: [], correctedText: null };
  const units = withSynonyms(tokens, vocabulary.groups);
  // A word a synonym already widens is taken as meant.
  const fixes = new Map<string, string>();
  for (const unit of units) {
    const fix = unit.alternatives.length === 1 ? vocabulary.corrections.get(unit.typed) : undefined;
    if (fix) {
      unit.alternatives.push(fix);
      fixes.set(unit.typed, fix);
    }
  }
  const queries = units.map((unit) =>
    sql.join(
      unit.alternatives.map((alternative) => sql`plainto_tsquery('english', ${asWords(alternative)})`),
      sql` || `,
    ),
  );
  const all = sql.join(
    queries.map((query) => sql`(${query})`),
    sql` && `,
  );
  const where = and(
    // A search of only such words ("for the") names nothing to find.
    sql`numnode(${all}) > 0`,
    ...units.map((unit, index) => {
      const query = queries[index] as SQL;
      // A word the text search drops ("for", "with") asks nothing of a product.
      return or(
        sql`numnode(${query}) = 0`,
        sql`${catalogueItems.search} @@ (${query})`,
        unit.skuPrefix ? ilike(catalogueItems.sku, prefixPattern(unit.typed)) : undefined,
      );
    }),
  ) as SQL;
  // Weights D, C, B, A: name, number, target and clone count most (catalogue/tables search).
  const rank = sql`ts_rank('{0.05, 0.2, 0.4, 1.0}', ${catalogueItems.search}, ${all})`;
  const correctedText = fixes.size ? tokens.map((token) => fixes.get(token) ?? token).join(' ') : null;
  const exact = exactNumber(tokens);
  return { where, orderBy: [...(exact ? [desc(exact)] : []), desc(rank)], correctedText };
}

/** The text search's words for a phrase: hyphens read as spaces, as the search document reads them. */
function asWords(phrase: string): string {
  return phrase.replace(/[-–]/g, ' ');
}

/**
 * The item's catalogue number, or its clone's or CAS number, is one the buyer typed. Only words with a digit
 * are such numbers, and a search without one skips the test, which reads every match's specifications.
 */
function exactNumber(tokens: readonly string[]): SQL | undefined {
  const numbers = tokens.filter((token) => /\d/.test(token));
  if (numbers.length === 0) return undefined;
  const typed = sql.param(numbers);
  return sql`(lower(${catalogueItems.sku}) = any(${typed}::text[]) or exists (
    select 1 from jsonb_array_elements(${catalogueItems.specifications}) spec
    where spec->>'name' in ('Clone', 'CAS number') and lower(spec->>'value') = any(${typed}::text[])))`;
}

/** Every run of up to LONGEST_SYNONYM words of the search: the phrases a synonym term may be. */
function phrasesOf(tokens: readonly string[]): string[] {
  const phrases: string[] = [];
  for (let start = 0; start < tokens.length; start++)
    for (let end = start + 1; end <= Math.min(tokens.length, start + LONGEST_SYNONYM); end++)
      phrases.push(tokens.slice(start, end).join(' '));
  return phrases;
}

/**
 * The search's units: the longest run of words that is one of the storefront's synonym terms becomes one
 * unit matching any term of its group ("anti-human cd4" also finds "cd4 human"); other words stand alone.
 */
function withSynonyms(tokens: readonly string[], groups: SearchVocabulary['groups']): Unit[] {
  const units: Unit[] = [];
  for (let start = 0; start < tokens.length; ) {
    let matched: { end: number; terms: string[] } | null = null;
    for (let end = Math.min(tokens.length, start + LONGEST_SYNONYM); end > start && !matched; end--) {
      const phrase = tokens.slice(start, end).join(' ');
      const group = groups.find((candidate) => candidate.terms.includes(phrase));
      if (group) matched = { end, terms: [phrase, ...group.terms.filter((term) => term !== phrase)] };
    }
    const end = matched?.end ?? start + 1;
    const typed = tokens.slice(start, end).join(' ');
    units.push({
      typed,
      alternatives: matched?.terms ?? [typed],
      skuPrefix: end === start + 1 && SKU_START.test(typed),
    });
    start = end;
  }
  return units;
}
