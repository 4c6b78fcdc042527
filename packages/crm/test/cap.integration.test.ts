import { CATALOGUE_ITEM_CAP } from '@storefront/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, catalogueItems, catalogues, categories, templates } from '../src/db/schema';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';

const ITEMS = CATALOGUE_ITEM_CAP + 150;

/** A custom eCatalog with more items than the cap, for an account of its own on storefront A. */
async function addLargeCatalogue(crm: SeededCrm): Promise<string> {
  const { db } = crm.database;
  const [template] = await db
    .select({ id: templates.id })
    .from(templates)
    .where(eq(templates.storefrontId, crm.ids.storefrontA))
    .limit(1);
  const [owner] = await db.select().from(accounts).where(eq(accounts.id, crm.ids.marlowe));
  if (!template || !owner) throw new Error('seed incomplete');
  const accountId = '001TEST000000CAPAAA';
  await db.insert(accounts).values({ ...owner, id: accountId, name: 'Capped Account', catalogueId: null });
  await db.insert(catalogues).values({
    id: 'a0CTEST000000CAPAAA',
    storefrontId: crm.ids.storefrontA,
    accountId,
    name: 'Large Catalogue',
    type: 'eCatalog account custom',
    priceSource: 'List Price',
    currency: 'USD',
  });
  await db
    .insert(categories)
    .values({ id: 'a0GTEST000000CAPAAA', catalogueId: 'a0CTEST000000CAPAAA', name: 'Bulk', slug: 'bulk' });
  const rows = Array.from({ length: ITEMS }, (_, i) => ({
    id: `a0ITEST${String(i).padStart(8, '0')}AAA`,
    catalogueId: 'a0CTEST000000CAPAAA',
    categoryId: 'a0GTEST000000CAPAAA',
    sku: `BULK-${String(i).padStart(5, '0')}`,
    name: `Bulk Item ${String(i).padStart(5, '0')}`,
    slug: `bulk-item-${i}`,
    unit: '1 each',
    productTemplateId: template.id,
    listPrice: 10 + (i % 50),
    priceSource: 'List Price' as const,
    attributes: { Brand: i % 2 === 0 ? 'Even' : 'Odd' },
  }));
  for (let start = 0; start < rows.length; start += 500)
    await db.insert(catalogueItems).values(rows.slice(start, start + 500));
  await db.update(accounts).set({ catalogueId: 'a0CTEST000000CAPAAA' }).where(eq(accounts.id, accountId));
  return accountId;
}

describe.each(await testEngines())('catalogue cap on $name', (engine) => {
  let crm: SeededCrm;
  let accountId: string;
  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    accountId = await addLargeCatalogue(crm);
  });
  afterAll(() => crm.database.close());

  const catalog = (query: Record<string, unknown>) =>
    crm.post('retrieveCatalogNG', { storefrontId: crm.ids.storefrontA, accountId, ...query });

  it('never reports more than the cap, and says more matched', async () => {
    const { body } = await catalog({});
    expect(body).toMatchObject({ totalCount: CATALOGUE_ITEM_CAP, capped: true });
  });

  it('cuts the page that reaches the cap and returns nothing beyond it', async () => {
    expect((await catalog({ page: 84, pageSize: 24 })).body.items).toHaveLength(8);
    expect((await catalog({ page: 85, pageSize: 24 })).body).toMatchObject({
      items: [],
      totalCount: 2000,
      capped: true,
    });
    expect((await catalog({ page: 10, pageSize: 200 })).body.items).toHaveLength(200);
    expect((await catalog({ page: 11, pageSize: 200 })).body.items).toHaveLength(0);
  });

  it('is not capped once a filter brings the matches under the cap', async () => {
    const { body } = await catalog({ filters: { Brand: ['Even'] } });
    expect(body).toMatchObject({ totalCount: Math.ceil(ITEMS / 2), capped: false });
  });

  it('counts every match in the facets', async () => {
    const { body } = await crm.post('getCatalogGroupCounts', {
      storefrontId: crm.ids.storefrontA,
      accountId,
    });
    expect(body).toEqual([{ categoryId: 'a0GTEST000000CAPAAA', name: 'Bulk', count: ITEMS }]);
  });
});
