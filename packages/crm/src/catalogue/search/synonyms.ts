import { asc, eq } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import { normaliseSearchText } from '../rules/search';
import { catalogueSynonyms } from './tables';

/** Terms a storefront treats as the same ("PE", "phycoerythrin"); a term may be several words. */
export interface SynonymGroup {
  terms: string[];
}

/** The field's usual equivalences, which a new storefront starts with. */
export const STANDARD_SYNONYMS: readonly SynonymGroup[] = [
  { terms: ['pe', 'phycoerythrin', 'r-phycoerythrin'] },
  { terms: ['apc', 'allophycocyanin'] },
  { terms: ['fitc', 'fluorescein', 'fluorescein isothiocyanate'] },
  { terms: ['mab', 'monoclonal antibody'] },
  { terms: ['pab', 'polyclonal antibody'] },
  { terms: ['ab', 'antibody'] },
  { terms: ['anti-human cd4', 'cd4 human'] },
  { terms: ['anti-mouse cd4', 'cd4 mouse'] },
  { terms: ['7-aad', '7-aminoactinomycin d', '7aad'] },
  { terms: ['percp', 'peridinin chlorophyll protein', 'peridinin-chlorophyll-protein'] },
  { terms: ['bv421', 'brilliant violet 421'] },
  { terms: ['bv510', 'brilliant violet 510'] },
  { terms: ['af647', 'alexa fluor 647', 'alexa 647'] },
  { terms: ['af488', 'alexa fluor 488', 'alexa 488'] },
  { terms: ['pi', 'propidium iodide'] },
  { terms: ['facs', 'flow cytometry'] },
  { terms: ['pcr', 'polymerase chain reaction'] },
  { terms: ['qpcr', 'real-time pcr', 'quantitative pcr'] },
  { terms: ['ngs', 'next-generation sequencing'] },
  { terms: ['pbs', 'phosphate-buffered saline'] },
  { terms: ['bsa', 'bovine serum albumin'] },
  { terms: ['iso', 'isotype control'] },
];

/** A storefront's synonym groups, in the order they were saved. */
export async function synonymsOf(db: CrmDb, storefrontId: string): Promise<SynonymGroup[]> {
  const rows = await db
    .select({ groupNo: catalogueSynonyms.groupNo, term: catalogueSynonyms.term })
    .from(catalogueSynonyms)
    .where(eq(catalogueSynonyms.storefrontId, storefrontId))
    .orderBy(asc(catalogueSynonyms.groupNo), asc(catalogueSynonyms.term));
  return groupRows(rows);
}

/**
 * Replaces a storefront's synonyms with these groups: terms are compared in lower case with single spaces;
 * a group of fewer than two distinct terms says nothing and is left out.
 */
export async function replaceSynonyms(
  db: CrmDb,
  storefrontId: string,
  groups: readonly SynonymGroup[],
): Promise<void> {
  const rows = groups
    .map((group) => [...new Set(group.terms.map(normaliseSearchText).filter((term) => term.length > 0))])
    .filter((terms) => terms.length >= 2)
    .flatMap((terms, groupNo) => terms.map((term) => ({ storefrontId, groupNo, term })));
  await db.transaction(async (tx) => {
    await tx.delete(catalogueSynonyms).where(eq(catalogueSynonyms.storefrontId, storefrontId));
    if (rows.length > 0) await tx.insert(catalogueSynonyms).values(rows);
  });
}

function groupRows(rows: readonly { groupNo: number; term: string }[]): SynonymGroup[] {
  const byGroup = new Map<number, string[]>();
  for (const row of rows) byGroup.set(row.groupNo, [...(byGroup.get(row.groupNo) ?? []), row.term]);
  return [...byGroup.values()].map((terms) => ({ terms }));
}
