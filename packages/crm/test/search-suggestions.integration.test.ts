import { failureOf, RECENT_SEARCHES_KEPT, type SearchSuggestions } from '@storefront/contracts';
import { and, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, catalogueItems, catalogues, categories } from '../src/db/schema';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';

describe.each(await testEngines())('search suggestions on $name', (engine) => {
  let crm: SeededCrm;
  /** A product of the Full catalogue that Halvorsen's own catalogue does not sell. */
  let notForHalvorsen: { sku: string; name: string };
  /** One of Halvorsen's products, by SKU. */
  let halvorsenSku: string;

  const scope = (accountId: string, contactId?: string) => ({
    storefrontId: crm.ids.storefrontA,
    accountId,
    ...(contactId ? { contactId } : {}),
  });
  const suggest = async (accountId: string, text: string, contactId?: string) => {
    const answer = await crm.post('getSearchSuggestions', { ...scope(accountId, contactId), text });
    expect(answer.status).toBe(200);
    return answer.body as SearchSuggestions;
  };
  const record = (contactId: string, text: string) =>
    crm.post('recordRecentSearch', { ...scope(crm.ids.halvorsen, contactId), text });

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    const db = crm.database.db;
    const [account] = await db.select().from(accounts).where(eq(accounts.id, crm.ids.halvorsen));
    const own = account?.catalogueId ?? '';
    const ownItems = await db
      .select({ id: catalogueItems.id, sku: catalogueItems.sku })
      .from(catalogueItems)
      .where(and(eq(catalogueItems.catalogueId, own), eq(catalogueItems.discontinued, false)))
      .orderBy(catalogueItems.sku);
    halvorsenSku = ownItems[0]?.sku ?? '';
    const [other] = await db
      .select({ sku: catalogueItems.sku, name: catalogueItems.name })
      .from(catalogueItems)
      .innerJoin(catalogues, eq(catalogues.id, catalogueItems.catalogueId))
      .where(
        and(
          eq(catalogues.storefrontId, crm.ids.storefrontA),
          eq(catalogueItems.discontinued, false),
          notInArray(
            catalogueItems.sku,
            ownItems.map((item) => item.sku),
          ),
        ),
      )
      .limit(1);
    notForHalvorsen = other ?? { sku: '', name: '' };
    // A product and a category only Halvorsen's catalogue has, by a word nothing else uses.
    await db
      .update(catalogueItems)
      .set({ name: 'Zephyrine lysis buffer, Halvorsen formulation' })
      .where(eq(catalogueItems.id, ownItems[1]?.id ?? ''));
    const [category] = await db.select().from(categories).where(eq(categories.catalogueId, own)).limit(1);
    await db
      .update(categories)
      .set({ name: 'Zephyrine reagents' })
      .where(eq(categories.id, category?.id ?? ''));
  });
  afterAll(() => crm.close());

  it("suggests the account's products with picture, SKU and the price its product list shows", async () => {
    const answer = await suggest(crm.ids.halvorsen, halvorsenSku);
    expect(answer.products[0]).toMatchObject({ sku: halvorsenSku });
    expect(answer.products[0]?.imageUrl).not.toBe('');
    const list = await crm.post('retrieveCatalogNG', {
      ...scope(crm.ids.halvorsen),
      searchText: halvorsenSku,
    });
    expect(answer.products[0]?.formattedPrice).toBe(list.body.items[0]?.formattedPrice);
    expect(answer.products[0]).toMatchObject({
      slug: list.body.items[0]?.slug,
      productTemplateId: list.body.items[0]?.productTemplateId,
    });
  });

  it('matches the word still being typed as the start of a word', async () => {
    const answer = await suggest(crm.ids.marlowe, 'cd4 monoc');
    expect(answer.products.length).toBeGreaterThan(0);
    for (const product of answer.products) expect(product.name).toMatch(/CD4 Monoclonal/);
  });

  it('suggests at most six products and four categories', async () => {
    const answer = await suggest(crm.ids.marlowe, 'antibody');
    expect(answer.products).toHaveLength(6);
    const categoryAnswer = await suggest(crm.ids.marlowe, 'an');
    expect(categoryAnswer.categories.length).toBeGreaterThan(0);
    expect(categoryAnswer.categories.length).toBeLessThanOrEqual(4);
    for (const category of categoryAnswer.categories) expect(category.name.toLowerCase()).toContain('an');
  });

  it("never shows another account's catalogue: its products and categories stay its own", async () => {
    const halvorsen = await suggest(crm.ids.halvorsen, 'zephyrine');
    expect(halvorsen.products.map((product) => product.name)).toEqual([
      'Zephyrine lysis buffer, Halvorsen formulation',
    ]);
    expect(halvorsen.categories.map((category) => category.name)).toEqual(['Zephyrine reagents']);
    for (const accountId of [crm.ids.marlowe, crm.ids.guest]) {
      expect(await suggest(accountId, 'zephyrine')).toEqual({ products: [], categories: [], recent: [] });
    }
    // The other way: what the Full catalogue sells and Halvorsen's does not is not suggested to Halvorsen.
    expect((await suggest(crm.ids.marlowe, notForHalvorsen.sku)).products[0]?.sku).toBe(notForHalvorsen.sku);
    const skus = (await suggest(crm.ids.halvorsen, notForHalvorsen.sku)).products.map((p) => p.sku);
    expect(skus).not.toContain(notForHalvorsen.sku);
  });

  it("keeps a contact's last eight searches, newest first, once each whatever the case", async () => {
    for (const text of [
      'cd4 apc',
      'CD8 PE',
      'annexin',
      'trypsin',
      'pipette tips',
      'dmso',
      'ficoll',
      'brdu',
    ]) {
      expect((await record('contact-recent', text)).status).toBe(200);
    }
    const again = await record('contact-recent', '  CD4   APC ');
    expect(again.body.recent).toEqual([
      'CD4 APC',
      'brdu',
      'ficoll',
      'dmso',
      'pipette tips',
      'trypsin',
      'annexin',
      'CD8 PE',
    ]);
    const more = await record('contact-recent', 'pbs tablets');
    expect(more.body.recent).toHaveLength(RECENT_SEARCHES_KEPT);
    expect(more.body.recent).not.toContain('CD8 PE');
    // Suggestions hold the contact's recent searches with the typed text; another contact has none of them.
    expect((await suggest(crm.ids.halvorsen, 'cd4', 'contact-recent')).recent).toEqual(['CD4 APC']);
    expect((await suggest(crm.ids.halvorsen, 'cd4', 'someone-else')).recent).toEqual([]);
    expect((await suggest(crm.ids.halvorsen, 'cd4')).recent).toEqual([]);
    const guest = await crm.post('recordRecentSearch', { ...scope(crm.ids.guest), text: 'cd4' });
    expect(guest.status).toBe(403);
    expect(failureOf(guest.body).message).toContain('sign in');
  });

  it('refuses a text too short, too long or holding a NUL, saying why', async () => {
    const cases: [unknown, string][] = [
      ['a', 'at least 2 characters'],
      [' b ', 'at least 2 characters'],
      ['x'.repeat(101), 'at most 100 characters'],
      ['cd\u00004', 'NUL'],
    ];
    for (const [text, problem] of cases) {
      const answer = await crm.post('getSearchSuggestions', { ...scope(crm.ids.marlowe), text });
      expect(answer.status).toBe(400);
      expect(failureOf(answer.body).message).toContain(problem);
    }
    const unknown = await crm.post('getSearchSuggestions', {
      storefrontId: crm.ids.storefrontB,
      accountId: crm.ids.marlowe,
      text: 'cd4',
    });
    expect(unknown.status).toBe(403);
  });
});
