import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import { allowedEdits } from '../rules/search';
import { catalogueSearchTerms, catalogueSynonyms } from './tables';
import { closestTerms } from './terms';

/** What a storefront's own words say of a search: the synonym groups it names and its misspelt words' fixes. */
export interface SearchVocabulary {
  /** The groups holding any of the phrases asked about, each with all its terms. */
  groups: { terms: string[] }[];
  /** A misspelt word's closest product word (terms.ts closestTerms); words not misspelt are absent. */
  corrections: Map<string, string>;
}

/**
 * The synonym groups holding any of the phrases (lower case, single spaces) and the corrections of the words
 * that may be misspelt (rules/search allowedEdits), in one statement: a buyer's search, or several searches
 * read together (a suggestion reads the typed text and the words before the one being typed), waits for one
 * round trip to the database rather than one per table and per search.
 */
export async function searchVocabulary(
  db: CrmDb,
  storefrontId: string,
  ask: { phrases: readonly string[]; words: readonly string[] },
): Promise<SearchVocabulary> {
  const fuzzy = [...new Set(ask.words.filter((word) => allowedEdits(word) > 0))];
  const synonyms = synonymRows(db, storefrontId, ask.phrases);
  const alike = candidateRows(db, storefrontId, fuzzy);
  const rows = synonyms && alike ? await synonyms.unionAll(alike) : ((await (synonyms ?? alike)) ?? []);
  const groups = new Map<number, string[]>();
  const candidates: { term: string; lexeme: string; stems: (string | null)[] }[] = [];
  for (const row of rows) {
    if (row.groupNo !== null) groups.set(row.groupNo, [...(groups.get(row.groupNo) ?? []), row.term]);
    else candidates.push({ term: row.term, lexeme: row.lexeme ?? '', stems: row.stems ?? [] });
  }
  return {
    groups: [...groups.values()].map((terms) => ({ terms })),
    corrections: closestTerms(fuzzy, candidates),
  };
}

/** Every term of each group holding one of the phrases; none asked, no statement. */
function synonymRows(db: CrmDb, storefrontId: string, phrases: readonly string[]) {
  if (phrases.length === 0) return null;
  const holding = db
    .select({ groupNo: catalogueSynonyms.groupNo })
    .from(catalogueSynonyms)
    .where(
      and(eq(catalogueSynonyms.storefrontId, storefrontId), inArray(catalogueSynonyms.term, [...phrases])),
    );
  return db
    .select({
      groupNo: sql<number | null>`${catalogueSynonyms.groupNo}`.as('group_no'),
      term: catalogueSynonyms.term,
      lexeme: sql<string | null>`null::text`.as('lexeme'),
      stems: sql<(string | null)[] | null>`null::text[]`.as('stems'),
    })
    .from(catalogueSynonyms)
    .where(
      and(
        eq(catalogueSynonyms.storefrontId, storefrontId),
        sql`${catalogueSynonyms.groupNo} in (${holding})`,
      ),
    );
}

/**
 * The product words a misspelt word may be corrected to: those sharing a typed word's stem (which shows the
 * word is not misspelt) and those alike to it by the terms' trigram index (`%`: similarity at least 0.3).
 */
function candidateRows(db: CrmDb, storefrontId: string, fuzzy: readonly string[]) {
  if (fuzzy.length === 0) return null;
  const stems: SQL = sql.join(
    fuzzy.map((word) => sql`(ts_lexize('english_stem', ${word}))[1]`),
    sql`, `,
  );
  return db
    .select({
      groupNo: sql<number | null>`null::integer`.as('group_no'),
      term: catalogueSearchTerms.term,
      lexeme: sql<string | null>`${catalogueSearchTerms.lexeme}`.as('lexeme'),
      // The typed words' stems, the same on every row.
      stems: sql<(string | null)[] | null>`array[${stems}]::text[]`.as('stems'),
    })
    .from(catalogueSearchTerms)
    .where(
      and(
        eq(catalogueSearchTerms.storefrontId, storefrontId),
        or(
          sql`${catalogueSearchTerms.lexeme} in (${stems})`,
          ...fuzzy.map((word) => sql`${catalogueSearchTerms.term} % ${word}`),
        ),
      ),
    );
}
