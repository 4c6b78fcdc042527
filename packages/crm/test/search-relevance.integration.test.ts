import type { CatalogPage } from '@storefront/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';

/**
 * The catalogue search's relevance set (issue 34): queries a lab buyer types on the demo storefront, and what
 * must come first. `first` is the top product's name or catalogue number (a part of it); `top` a text each of
 * the first results holds in its name; `all` a text every result holds; `count` how many match; `corrected`
 * the "did you mean" text. Run through retrieveCatalogNG, as the product list asks.
 */
interface Case {
  q: string;
  first?: string;
  top?: { holds: string; n: number };
  all?: string;
  count?: number;
  corrected?: string;
}

const CASES: Case[] = [
  // Exact catalogue numbers, clones and CAS numbers come first.
  { q: 'FCA-10171', first: 'FCA-10171', count: 1 },
  { q: 'fca-10171', first: 'FCA-10171', count: 1 },
  { q: 'FCA-10010', first: 'FCA-10010' },
  { q: 'FCR-10014', first: '7-AAD Viability Staining Solution' },
  { q: 'FCA-1017', first: 'FCA-10171', all: 'FCA-1017', count: 10 },
  { q: 'INS-1000', first: 'INS-1000', all: '' },
  { q: 'GK1.5', top: { holds: '(GK1.5)', n: 8 }, count: 8 },
  { q: 'RPA-T4', top: { holds: '(RPA-T4)', n: 8 }, count: 8 },
  { q: 'UCHT1', top: { holds: 'CD3 Monoclonal Antibody (UCHT1)', n: 8 }, count: 8 },
  { q: 'M1/70', top: { holds: 'CD11b', n: 8 }, count: 8 },
  { q: '145-2C11', top: { holds: 'CD3e', n: 8 }, count: 8 },
  { q: '30-F11', top: { holds: '(30-F11)', n: 8 } },
  { q: 'HI30', top: { holds: 'CD45 Monoclonal Antibody (HI30)', n: 8 } },
  { q: '25535-16-4', first: 'Propidium Iodide Staining Solution', count: 1 },
  { q: '7240-37-1', first: '7-AAD Viability Staining Solution', count: 1 },
  { q: '28718-90-3', first: 'DAPI Staining Solution', count: 1 },
  { q: '60-00-4', first: 'EDTA Solution', count: 1 },
  // Every word counts, across name, target, clone, conjugate and the rest.
  { q: 'cd4 apc', top: { holds: 'CD4 Monoclonal Antibody', n: 2 }, all: 'APC', count: 2 },
  { q: 'CD4 FITC', all: 'FITC', count: 2 },
  { q: 'anti-human CD4 PE', first: 'CD4 Monoclonal Antibody (RPA-T4), PE' },
  { q: 'anti-mouse CD4 PE', first: 'CD4 Monoclonal Antibody (GK1.5), PE' },
  { q: 'human cd8 apc', first: 'CD8 Monoclonal Antibody (SK1), APC', count: 1 },
  { q: 'cd19 mouse purified', top: { holds: 'CD19 Monoclonal Antibody', n: 2 }, all: 'Purified', count: 2 },
  { q: 'GK1.5 APC', first: 'FCA-10171', count: 1 },
  { q: 'UCHT1 PE-Cy7', first: 'CD3 Monoclonal Antibody (UCHT1), PE-Cy7' },
  { q: 'cd4 rat', top: { holds: '(GK1.5)', n: 8 }, count: 8 },
  { q: 'CD45 Alexa Fluor 647', top: { holds: 'CD45', n: 2 }, all: 'Alexa Fluor 647' },
  { q: 'HLA-DR PE', first: 'HLA-DR Monoclonal Antibody (L243), PE' },
  { q: 'F4/80 FITC', first: 'F4/80 Monoclonal Antibody (BM8), FITC' },
  { q: 'Ly-6G', top: { holds: 'Ly-6G', n: 8 } },
  { q: 'anti-CD3', top: { holds: 'CD3', n: 8 } },
  { q: 'anti-CD19 APC', all: 'CD19', count: 2 },
  { q: '7-AAD', first: '7-AAD Viability Staining Solution' },
  { q: '7-AAD 100 tests', first: '7-AAD Viability Staining Solution', count: 1 },
  { q: 'annexin v apc 50 tests', first: 'Annexin V Apoptosis Detection Kit, APC, 50 tests', count: 1 },
  { q: 'annexin v kit', top: { holds: 'Annexin V Apoptosis Detection Kit', n: 8 } },
  { q: 'propidium iodide', first: 'Propidium Iodide Staining Solution' },
  { q: 'fixable viability dye', top: { holds: 'Fixable Viability Dye', n: 5 } },
  { q: 'rbc lysis buffer', top: { holds: 'RBC Lysis Buffer', n: 2 } },
  { q: 'foxp3 staining', first: 'FoxP3/Transcription Factor Staining Buffer Set' },
  { q: 'compensation beads', first: 'UltraComp Compensation Beads' },
  { q: 'sheath fluid', first: 'Sheath Fluid' },
  { q: 'benchtop flow cytometer', top: { holds: 'Benchtop Flow Cytometer', n: 3 } },
  { q: 'monoclonal antibody cd4', top: { holds: 'CD4 Monoclonal Antibody', n: 8 }, count: 16 },
  // Stemming: plural and singular find the same.
  { q: 'cytometers', top: { holds: 'Cytometer', n: 3 } },
  { q: 'antibodies cd8', all: 'CD8' },
  { q: 'plates black', all: 'Black' },
  { q: 'beads', top: { holds: 'Beads', n: 3 } },
  // Synonyms of the storefront.
  { q: 'phycoerythrin cd8', first: 'CD8 Monoclonal Antibody (SK1), PE' },
  { q: 'allophycocyanin cd4', all: 'APC', count: 2 },
  { q: 'fluorescein cd3', first: 'CD3 Monoclonal Antibody (UCHT1), FITC' },
  { q: 'mAb cd19', top: { holds: 'CD19 Monoclonal Antibody', n: 8 } },
  { q: '7-aminoactinomycin D', first: '7-AAD Viability Staining Solution' },
  { q: 'cd4 human', top: { holds: 'CD4 Monoclonal Antibody (RPA-T4)', n: 8 } },
  { q: 'BV421 cd4', all: 'Brilliant Violet 421', count: 2 },
  { q: 'Brilliant Violet 421 CD8', first: 'CD8 Monoclonal Antibody (SK1), Brilliant Violet 421' },
  { q: 'PerCP cd3', first: 'CD3 Monoclonal Antibody (UCHT1), PerCP-Cy5.5' },
  // Typos: one edit from five letters, two from nine; corrections offered.
  { q: 'antibdy cd4', top: { holds: 'CD4', n: 8 }, corrected: 'antibody cd4' },
  { q: 'cytomter', top: { holds: 'Cytometer', n: 3 }, corrected: 'cytometer' },
  { q: 'propidum iodide', first: 'Propidium Iodide Staining Solution', corrected: 'propidium iodide' },
  { q: 'phalloidn', all: 'Phalloidin', corrected: 'phalloidin' },
  { q: 'compnsation beads', first: 'UltraComp Compensation Beads', corrected: 'compensation beads' },
  { q: 'permeabilzation buffer', first: 'Permeabilization Buffer', corrected: 'permeabilization buffer' },
  // Never a correction in numbers, clones or catalogue numbers.
  { q: 'GK1.6', count: 0 },
  { q: 'FCA-99999', count: 0 },
  { q: 'UCHT2', count: 0 },
  // Nothing to find.
  { q: 'OKT4', count: 0 },
  { q: 'zebrafish', count: 0 },
  { q: 'cd4 zebrafish', count: 0 },
  { q: 'for the', count: 0 },
];

describe.each(await testEngines())('catalogue search relevance on $name', (engine) => {
  let crm: SeededCrm;
  beforeAll(async () => {
    crm = await openSeededCrm(engine);
  });
  afterAll(() => crm.database.close());

  const search = (searchText: string) =>
    crm.postAs<CatalogPage>('retrieveCatalogNG', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.marlowe,
      searchText,
      pageSize: 24,
    });

  it.each(CASES)('$q', async (test) => {
    const { status, body } = await search(test.q);
    expect(status).toBe(200);
    const names = body.items.map((item) => `${item.sku} ${item.name}`);
    if (test.first) expect(names[0] ?? '').toContain(test.first);
    if (test.top) {
      expect(names.length).toBeGreaterThanOrEqual(test.top.n);
      for (const name of names.slice(0, test.top.n)) expect(name).toContain(test.top.holds);
    }
    if (test.all !== undefined) {
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(name.toLowerCase()).toContain(test.all.toLowerCase());
    }
    if (test.count !== undefined) expect(body.totalCount).toBe(test.count);
    if (test.corrected !== undefined) expect(body.correctedText).toBe(test.corrected);
  });

  it('holds at least 60 queries', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
  });
});
