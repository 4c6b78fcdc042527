import { sql } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import { catalogueItems, catalogues } from '../../db/schema';
import { allowedEdits, editDistance } from '../rules/search';
import { catalogueSearchTerms } from './tables';

/** The shortest word kept as a correction: shorter words are never corrected (rules/search allowedEdits). */
const TERM_MIN = 5;

/**
 * Adds the words of the storefront's products (name, short description, specification values) to its terms,
 * after products are written; a word no product uses any more only makes a correction find nothing.
 */
export async function recordCatalogueTerms(db: CrmDb, storefrontId: string): Promise<void> {
  await db.execute(sql`
    insert into ${catalogueSearchTerms} (storefront_id, term, lexeme)
    select ${storefrontId}, word, min(lexeme)
    from (
      select word, (ts_lexize('english_stem', word))[1] as lexeme
      from ${catalogueItems}
        join ${catalogues} on ${catalogues.id} = ${catalogueItems.catalogueId},
        regexp_split_to_table(
          lower(${catalogueItems.name} || ' ' || ${catalogueItems.shortDescription} || ' ' ||
            jsonb_path_query_array(${catalogueItems.specifications}, '$[*].value')::text),
          '[^[:alpha:]]+') as word
      where ${catalogues.storefrontId} = ${storefrontId} and length(word) >= ${TERM_MIN}
    ) words
    where lexeme is not null
    group by word
    on conflict do nothing`);
}

/**
 * For each word that may be corrected (rules/search allowedEdits) and whose stem no product uses, the
 * candidate closest to it within the allowed edits (fewest edits, then first alphabetically); the candidates
 * are the product words alike to the typed ones (vocabulary.ts), each row carrying the typed words' stems in
 * the words' order. A word with no such neighbour is not corrected.
 */
export function closestTerms(
  fuzzy: readonly string[],
  candidates: readonly { term: string; lexeme: string; stems: readonly (string | null)[] }[],
): Map<string, string> {
  const corrected = new Map<string, string>();
  fuzzy.forEach((word, index) => {
    const stem = candidates[0]?.stems[index];
    if (candidates.some((candidate) => candidate.term === word || candidate.lexeme === stem)) return;
    const limit = allowedEdits(word);
    let best: { term: string; edits: number } | null = null;
    for (const { term } of candidates) {
      const edits = editDistance(word, term);
      if (edits <= limit && (!best || edits < best.edits || (edits === best.edits && term < best.term)))
        best = { term, edits };
    }
    if (best) corrected.set(word, best.term);
  });
  return corrected;
}
