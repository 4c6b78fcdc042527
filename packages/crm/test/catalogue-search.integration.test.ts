import type { CatalogPage } from '@storefront/contracts';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceSynonyms, STANDARD_SYNONYMS, synonymsOf, zeroResultQueries } from '../src/catalogue/search';
import * as schema from '../src/db/schema';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';

describe.each(await testEngines())('catalogue search on $name', (engine) => {
  let crm: SeededCrm;
  beforeAll(async () => {
    crm = await openSeededCrm(engine);
  });
  afterAll(() => crm.database.close());

  const search = (accountId: string, searchText: string, query: Record<string, unknown> = {}) =>
    crm.postAs<CatalogPage>('retrieveCatalogNG', {
      storefrontId: crm.ids.storefrontA,
      accountId,
      searchText,
      ...query,
    });

  it("never finds another catalogue's products, by name or by number", async () => {
    const { db } = crm.database;
    // An account with its own eCatalog, and a product of the storefront's Full catalogue it lacks.
    const accounts = await db
      .select({ id: schema.accounts.id, catalogueId: schema.accounts.catalogueId })
      .from(schema.accounts)
      .where(
        and(eq(schema.accounts.storefrontId, crm.ids.storefrontA), isNotNull(schema.accounts.catalogueId)),
      );
    let checked = 0;
    for (const account of accounts) {
      const own = await db
        .select({ sku: schema.catalogueItems.sku })
        .from(schema.catalogueItems)
        .where(eq(schema.catalogueItems.catalogueId, account.catalogueId as string));
      const skus = new Set(own.map((row) => row.sku));
      const whole = await search(crm.ids.marlowe, 'antibody', { pageSize: 100 });
      const missing = whole.body.items.find((item) => !skus.has(item.sku));
      if (!missing) continue;
      expect((await search(account.id, missing.sku)).body.totalCount).toBe(0);
      const byName = await search(account.id, missing.name, { pageSize: 100 });
      expect(byName.body.items.map((item) => item.sku)).not.toContain(missing.sku);
      expect((await search(crm.ids.marlowe, missing.sku)).body.items[0]?.sku).toBe(missing.sku);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('the facet counts add up to the results of a search of several words', async () => {
    const page = await search(crm.ids.marlowe, 'cd4 pe', { pageSize: 100 });
    expect(page.body.totalCount).toBeGreaterThan(0);
    const groups = await crm.postAs<{ count: number }[]>('getCatalogGroupCounts', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.marlowe,
      searchText: 'cd4 pe',
      filters: {},
    });
    expect(groups.body.reduce((sum, group) => sum + group.count, 0)).toBe(page.body.totalCount);
  });

  it("a storefront's synonyms are its own data: replaced, a search follows them", async () => {
    const { db } = crm.database;
    expect((await search(crm.ids.marlowe, 'golgiplug')).body.totalCount).toBe(0);
    await replaceSynonyms(db, crm.ids.storefrontA, [
      ...STANDARD_SYNONYMS,
      { terms: ['GolgiPlug', 'brefeldin  a', 'brefeldin a'] },
      { terms: ['lonely'] },
    ]);
    const groups = await synonymsOf(db, crm.ids.storefrontA);
    expect(groups).toContainEqual({ terms: ['brefeldin a', 'golgiplug'] });
    expect(groups.some((group) => group.terms.includes('lonely'))).toBe(false);
    const found = await search(crm.ids.marlowe, 'golgiplug');
    expect(found.body.items[0]?.name).toContain('Brefeldin A');
    await replaceSynonyms(db, crm.ids.storefrontA, STANDARD_SYNONYMS);
    expect((await search(crm.ids.marlowe, 'golgiplug')).body.totalCount).toBe(0);
  });

  it('counts a search that found nothing, once per search, per storefront', async () => {
    await search(crm.ids.marlowe, 'Zebrafish  Antibody');
    await search(crm.ids.marlowe, 'zebrafish antibody');
    await search(crm.ids.marlowe, 'cd4');
    const rows = await zeroResultQueries(crm.database.db, crm.ids.storefrontA);
    expect(rows.find((row) => row.query === 'zebrafish antibody')?.searches).toBe(2);
    expect(rows.some((row) => row.query === 'cd4')).toBe(false);
  });
});
