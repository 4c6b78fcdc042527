import type { CatalogItemCard, CatalogueSummary, Category, QuoteItems } from '@storefront/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueItems } from '../src/db/schema';
import { type Answer, openSeededCrm, type SeededCrm, testEngines } from '../src/testing';

const secretOf = (letter: string) => letter.repeat(43);

describe.each(await testEngines())('cart record types on $name', (engine) => {
  let crm: SeededCrm;
  let halvorsenCatalogue: { catalog: CatalogueSummary; categories: Category[] };
  let marloweCatalogueId: string;
  let items: CatalogItemCard[];
  /** An item of Marlowe's (Full) catalogue; Halvorsen's eCatalog has its own item rows. */
  let marloweItem: CatalogItemCard;
  /** Halvorsen's cart with two lines, and Marlowe's with one. */
  let cart: QuoteItems;
  let marloweCart: QuoteItems;

  const scope = (accountId: string, guestCartSecret?: string) => ({
    storefrontId: crm.ids.storefrontA,
    accountId,
    ...(guestCartSecret ? { guestCartSecret } : {}),
  });
  const message = (answer: Answer) => answer.error?.message;
  const catalogue = async (accountId: string) =>
    (await crm.post('retrieveCatalogNG', { ...scope(accountId), pageSize: 200 })).body.items;
  const add = async (accountId: string, catalogItemId: string, qty: number, secret?: string) => {
    const answer = await crm.post('saveItemToQuoteBlink', {
      ...scope(accountId, secret),
      catalogItemId,
      qty,
    });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const exportCsv = (accountId: string, quoteId: string, secret?: string) =>
    crm.post('exportToCSV', { ...scope(accountId, secret), quoteId });

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    halvorsenCatalogue = (await crm.post('getEcatalogDetails', scope(crm.ids.halvorsen))).body;
    marloweCatalogueId = (await crm.post('getEcatalogDetails', scope(crm.ids.marlowe))).body.catalog.id;
    items = await catalogue(crm.ids.halvorsen);
    const marlowes = await catalogue(crm.ids.marlowe);
    marloweItem = marlowes[0] as CatalogItemCard;
    await add(crm.ids.halvorsen, (items[0] as CatalogItemCard).id, 3);
    cart = await add(crm.ids.halvorsen, (items[1] as CatalogItemCard).id, 1);
    marloweCart = await add(crm.ids.marlowe, marloweItem.id, 2);
  });
  afterAll(() => crm.database.close());

  describe('exportToCSV', () => {
    it('answers a header row and one row per line with the prices of the cart', async () => {
      const { status, body } = await exportCsv(crm.ids.halvorsen, cart.quote.id);
      expect(status).toBe(200);
      // Named after the cart and when it last changed (UTC), never an internal id.
      const changed = cart.quote.modifiedAt.slice(0, 16).replace('T', '-').replace(':', '');
      expect(body).toMatchObject({ fileName: `cart-${changed}.csv`, contentType: 'text/csv', rowCount: 2 });
      const records = body.content.split('\r\n');
      expect(records[0]).toBe('SKU,Product,Unit,Quantity,Unit Price (USD),Line Total (USD),Discount (USD)');
      expect(records).toHaveLength(4);
      expect(records[3]).toBe('');
      for (const [index, line] of cart.lines.entries()) {
        const record = records[index + 1] ?? '';
        expect(record.startsWith(`${line.sku},`)).toBe(true);
        expect(
          record.endsWith(`,${line.qty},${line.unitPrice},${line.lineTotal},${line.promoDiscount}`),
        ).toBe(true);
      }
    });

    it("names the file after the cart's own name when it has one", async () => {
      const renamed = await crm.post('updateRecord', {
        ...scope(crm.ids.marlowe),
        objectApiName: 'Quote',
        recordId: marloweCart.quote.id,
        fields: { name: 'Flow panel, June: µL kits' },
      });
      const changed = String(renamed.body.recordData.modifiedAt)
        .slice(0, 16)
        .replace('T', '-')
        .replace(':', '');
      const { body } = await exportCsv(crm.ids.marlowe, marloweCart.quote.id);
      expect(body.fileName).toBe(`flow-panel-june-ul-kits-${changed}.csv`);
    });

    it('quotes commas and quotes and defuses a product name a spreadsheet would run', async () => {
      const quote = await add(crm.ids.marlowe, (await catalogue(crm.ids.marlowe))[1]?.id ?? '', 1);
      const itemId = quote.lines[1]?.catalogItemId ?? '';
      await crm.database.db
        .update(catalogueItems)
        .set({ name: '=HYPERLINK("http://evil.example","Anti-CD3, clone")', unit: '+1 kit' })
        .where(eq(catalogueItems.id, itemId));
      const { body } = await exportCsv(crm.ids.marlowe, quote.quote.id);
      const record = body.content.split('\r\n')[2] ?? '';
      expect(record).toContain(`,"'=HYPERLINK(""http://evil.example"",""Anti-CD3, clone"")",'+1 kit,1,`);
    });

    it("refuses another account's quote and a guest cart without its secret", async () => {
      expect((await exportCsv(crm.ids.marlowe, cart.quote.id)).status).toBe(403);
      const guestCart = await add(
        crm.ids.guest,
        (await catalogue(crm.ids.guest))[0]?.id ?? '',
        1,
        secretOf('g'),
      );
      expect((await exportCsv(crm.ids.guest, guestCart.quote.id)).status).toBe(403);
      expect((await exportCsv(crm.ids.guest, guestCart.quote.id, secretOf('h'))).status).toBe(403);
      const own = await exportCsv(crm.ids.guest, guestCart.quote.id, secretOf('g'));
      expect(own.status).toBe(200);
      expect(own.body.rowCount).toBe(1);
    });

    it('says which field is wrong, and 404 for a quote that does not exist', async () => {
      const missing = await crm.post('exportToCSV', scope(crm.ids.halvorsen));
      expect(missing.status).toBe(400);
      expect(message(missing)).toBe('quoteId: is required');
      expect((await exportCsv(crm.ids.halvorsen, 'no-such-quote')).status).toBe(404);
    });
  });

  describe('getTranslationHeaders', () => {
    it('labels the cart columns in German for de_DE and in English by default', async () => {
      const german = await crm.post('getTranslationHeaders', { locale: 'de_DE' });
      expect(german.status).toBe(200);
      expect(german.body.locale).toBe('de-DE');
      expect(german.body.headers).toMatchObject({ qty: 'Menge', name: 'Produkt', Brand: 'Marke' });
      const fallback = await crm.post('getTranslationHeaders', {});
      expect(fallback.body).toMatchObject({ locale: 'en-US', headers: { qty: 'Quantity', sku: 'SKU' } });
      const unknown = await crm.post('getTranslationHeaders', { locale: 'xx-YY' });
      expect(unknown.body.locale).toBe('en-US');
    });

    it('refuses a locale that is not text', async () => {
      const answer = await crm.post('getTranslationHeaders', { locale: 42 });
      expect(answer.status).toBe(400);
      expect(message(answer)).toMatch(/^locale: /);
    });
  });

  describe('getLineItemAttributesNG', () => {
    it("answers each line's item unit, category and picklist attributes", async () => {
      const { status, body } = await crm.post('getLineItemAttributesNG', {
        ...scope(crm.ids.halvorsen),
        quoteId: cart.quote.id,
      });
      expect(status).toBe(200);
      expect(body.lines.map((line) => line.qliId)).toEqual(cart.lines.map((line) => line.id));
      const first = items.find((item) => item.id === body.lines[0]?.itemId);
      const category = halvorsenCatalogue.categories.find((c) => c.id === first?.categoryId);
      expect(body.lines[0]).toMatchObject({
        sku: first?.sku,
        unit: first?.unit,
        attributes: first?.attributes,
        category: { id: category?.id, name: category?.name },
      });
    });

    it('narrows to the named lines and refuses a line of another quote', async () => {
      const line = cart.lines[1]?.id ?? '';
      const narrowed = await crm.post('getLineItemAttributesNG', {
        ...scope(crm.ids.halvorsen),
        quoteId: cart.quote.id,
        qliIds: [line],
      });
      expect(narrowed.body.lines.map((l) => l.qliId)).toEqual([line]);
      const foreign = await crm.post('getLineItemAttributesNG', {
        ...scope(crm.ids.halvorsen),
        quoteId: cart.quote.id,
        qliIds: [line, marloweCart.lines[0]?.id],
      });
      expect(foreign.status).toBe(400);
      expect(message(foreign)).toBe('qliIds.1: no such line on this quote.');
    });

    it("refuses another account's quote", async () => {
      const answer = await crm.post('getLineItemAttributesNG', {
        ...scope(crm.ids.marlowe),
        quoteId: cart.quote.id,
      });
      expect(answer.status).toBe(403);
    });
  });

  describe('getAttributesOfItems', () => {
    const ask = (accountId: string, objectId: string, itemIds: string[]) =>
      crm.post('getAttributesOfItems', { ...scope(accountId), objectId, itemIds });

    it("answers the account's catalogue items in the order asked and leaves others out", async () => {
      const [a, b] = [items[2] as CatalogItemCard, items[3] as CatalogItemCard];
      const { status, body } = await ask(crm.ids.halvorsen, halvorsenCatalogue.catalog.id, [
        b.id,
        marloweItem.id,
        a.id,
        b.id,
      ]);
      expect(status).toBe(200);
      expect(body.items.map((item) => item.itemId)).toEqual([b.id, a.id]);
      expect(body.items[0]).toMatchObject({
        sku: b.sku,
        name: b.name,
        unit: b.unit,
        attributes: b.attributes,
      });
    });

    it("with a quote as the object answers only the items on the quote's lines", async () => {
      const onCart = cart.lines[0]?.catalogItemId ?? '';
      const offCart = (items[5] as CatalogItemCard).id;
      const { body } = await ask(crm.ids.halvorsen, cart.quote.id, [onCart, offCart]);
      expect(body.items.map((item) => item.itemId)).toEqual([onCart]);
    });

    it("refuses another account's catalogue or quote", async () => {
      expect((await ask(crm.ids.halvorsen, marloweCatalogueId, [marloweItem.id])).status).toBe(403);
      expect((await ask(crm.ids.halvorsen, marloweCart.quote.id, [marloweItem.id])).status).toBe(403);
      const unknown = await ask(crm.ids.halvorsen, 'nothing-here', [marloweItem.id]);
      expect(unknown.status).toBe(404);
      expect(message(unknown)).toMatch(/^objectId: /);
      const empty = await ask(crm.ids.halvorsen, halvorsenCatalogue.catalog.id, []);
      expect(empty.status).toBe(400);
      expect(message(empty)).toBe('itemIds: must name at least one item');
    });
  });

  describe('getGroupedFilteredList and getRowItems', () => {
    const list = (accountId: string, filter: Record<string, unknown> = {}) =>
      crm.post('getGroupedFilteredList', { ...scope(accountId), ...filter });

    it("groups the account's quotes by status with counts, paged", async () => {
      const account = crm.ids.kestrel;
      const partner = { storefrontId: crm.ids.storefrontB, accountId: account };
      const kestrelItem = (await crm.post('retrieveCatalogNG', { ...partner, pageSize: 1 })).body
        .items[0] as CatalogItemCard;
      for (let n = 0; n < 3; n++) {
        await crm.post('startNewCart', partner);
        await crm.post('saveItemToQuoteBlink', { ...partner, catalogItemId: kestrelItem.id, qty: n + 1 });
      }
      const ask = (filter: Record<string, unknown>) =>
        crm.post('getGroupedFilteredList', { ...partner, ...filter });
      const all = await ask({});
      expect(all.status).toBe(200);
      expect(all.body.total).toBe(3);
      expect(all.body.groups.map((g) => [g.status, g.count, g.quotes.length])).toEqual([
        ['Active', 1, 1],
        ['Inactive', 2, 2],
      ]);
      expect(all.body.groups[0]?.quotes[0]).toMatchObject({ lineCount: 1, checkedOut: false, name: null });
      const second = await ask({ page: 2, pageSize: 2 });
      expect(second.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
      expect(second.body.groups.flatMap((g) => g.quotes.map((q) => q.status))).toEqual(['Inactive']);
      const inactive = await ask({ statuses: ['Inactive'] });
      expect(inactive.body.groups.map((g) => g.status)).toEqual(['Inactive']);
      expect((await ask({ checkedOut: true })).body).toMatchObject({ total: 0, groups: [] });
    });

    it('sorts every status together by createdAt, either way, for a record page (spec P§3)', async () => {
      const partner = { storefrontId: crm.ids.storefrontB, accountId: crm.ids.kestrel };
      const created = async (sortDirection: string, page = 1) => {
        const { body } = await crm.post('getGroupedFilteredList', {
          ...partner,
          sortDirection,
          page,
          pageSize: 2,
        });
        return body.groups.flatMap((g) => g.quotes.map((q) => q.createdAt));
      };
      const newest = [...(await created('DESC')), ...(await created('DESC', 2))];
      const oldest = [...(await created('ASC')), ...(await created('ASC', 2))];
      expect(newest).toHaveLength(3);
      expect(newest).toEqual([...newest].sort().reverse());
      expect(oldest).toEqual([...newest].reverse());
      const refused = await crm.post('getGroupedFilteredList', { ...partner, sortDirection: 'SIDEWAYS' });
      expect(refused.status).toBe(400);
    });

    it("lists only the account's own quotes and finds them by name", async () => {
      const { body } = await list(crm.ids.marlowe);
      const ids = body.groups.flatMap((g) => g.quotes.map((q) => q.id));
      expect(ids).toContain(marloweCart.quote.id);
      expect(ids).not.toContain(cart.quote.id);
      await crm.post('updateRecord', {
        ...scope(crm.ids.marlowe),
        objectApiName: 'Quote',
        recordId: marloweCart.quote.id,
        fields: { name: 'Sequencing run 100% June' },
      });
      const found = await list(crm.ids.marlowe, { searchText: '100%' });
      expect(found.body.groups.flatMap((g) => g.quotes.map((q) => q.name))).toEqual([
        'Sequencing run 100% June',
      ]);
      const bad = await list(crm.ids.marlowe, { statuses: ['Closed'] });
      expect(bad.status).toBe(400);
      expect(message(bad)).toMatch(/^statuses\.0: /);
    });

    it("answers a listed quote's rows as the cart prices them, never another account's", async () => {
      const { status, body } = await crm.post('getRowItems', {
        ...scope(crm.ids.halvorsen),
        quoteId: cart.quote.id,
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({ quoteId: cart.quote.id, currency: 'USD' });
      expect(body.rows).toEqual(cart.lines);
      const foreign = await crm.post('getRowItems', { ...scope(crm.ids.marlowe), quoteId: cart.quote.id });
      expect(foreign.status).toBe(403);
    });
  });

  describe('getRecord and updateRecord', () => {
    const record = (accountId: string, body: Record<string, unknown>) =>
      crm.post('getRecord', { ...scope(accountId), ...body });
    const update = (accountId: string, body: Record<string, unknown>) =>
      crm.post('updateRecord', { ...scope(accountId), ...body });

    it("writes a quote's name and notes and reads them back, with nothing priced changed", async () => {
      const written = await update(crm.ids.halvorsen, {
        objectApiName: 'Quote',
        recordId: cart.quote.id,
        fields: { name: '  Lab 4 reorder ', notes: 'Deliver to dock B' },
      });
      expect(written.status).toBe(200);
      expect(written.body.recordData).toMatchObject({
        name: 'Lab 4 reorder',
        notes: 'Deliver to dock B',
        total: cart.quote.total,
      });
      const read = await record(crm.ids.halvorsen, {
        objectName: 'Quote',
        objectId: cart.quote.id,
        displayFields: ['name', 'total'],
      });
      expect(read.body).toEqual({
        objectApiName: 'Quote',
        id: cart.quote.id,
        recordData: { name: 'Lab 4 reorder', total: cart.quote.total },
        fieldsMetadata: [
          { name: 'name', label: 'Name', dataType: 'STRING' },
          { name: 'total', label: 'Total', dataType: 'CURRENCY' },
        ],
      });
      const cleared = await update(crm.ids.halvorsen, {
        objectApiName: 'Quote',
        recordId: cart.quote.id,
        fields: { notes: null },
      });
      expect(cleared.body.recordData).toMatchObject({ name: 'Lab 4 reorder', notes: null });
    });

    it('writes a note on a line of an own quote', async () => {
      const line = cart.lines[0]?.id ?? '';
      const written = await update(crm.ids.halvorsen, {
        objectApiName: 'QuoteLineItem',
        recordId: line,
        fields: { notes: 'Lot must match last order' },
      });
      expect(written.status).toBe(200);
      expect(written.body.recordData).toMatchObject({
        id: line,
        quoteId: cart.quote.id,
        notes: 'Lot must match last order',
      });
      const foreign = await update(crm.ids.marlowe, {
        objectApiName: 'QuoteLineItem',
        recordId: line,
        fields: { notes: 'mine now' },
      });
      expect(foreign.status).toBe(403);
    });

    it('refuses fields outside the allow-list, naming them', async () => {
      const priced = await update(crm.ids.halvorsen, {
        objectApiName: 'Quote',
        recordId: cart.quote.id,
        fields: { total: 0 },
      });
      expect(priced.status).toBe(400);
      expect(message(priced)).toContain('total');
      const lineQty = await update(crm.ids.halvorsen, {
        objectApiName: 'QuoteLineItem',
        recordId: cart.lines[0]?.id,
        fields: { qty: 1000 },
      });
      expect(lineQty.status).toBe(400);
      expect(message(lineQty)).toContain('qty');
      const secret = await record(crm.ids.halvorsen, {
        objectName: 'Quote',
        objectId: cart.quote.id,
        displayFields: ['guestSecretHash'],
      });
      expect(secret.status).toBe(400);
      expect(message(secret)).toMatch(
        /^displayFields\.0: 'guestSecretHash' is not a readable field of Quote/,
      );
      const object = await record(crm.ids.halvorsen, {
        objectName: 'Account',
        objectId: crm.ids.halvorsen,
      });
      expect(object.status).toBe(400);
      expect(message(object)).toMatch(/^objectName: /);
      const long = await update(crm.ids.halvorsen, {
        objectApiName: 'Quote',
        recordId: cart.quote.id,
        fields: { name: 'x'.repeat(121) },
      });
      expect(message(long)).toBe('fields.name: must be at most 120 characters');
      const nothing = await update(crm.ids.halvorsen, {
        objectApiName: 'Quote',
        recordId: cart.quote.id,
        fields: {},
      });
      expect(message(nothing)).toBe('fields: must name at least one field (writable: name, notes)');
    });

    it("refuses another account's quote and answers 404 for none", async () => {
      const foreign = await record(crm.ids.marlowe, { objectName: 'Quote', objectId: cart.quote.id });
      expect(foreign.status).toBe(403);
      const renamed = await update(crm.ids.marlowe, {
        objectApiName: 'Quote',
        recordId: cart.quote.id,
        fields: { name: 'taken' },
      });
      expect(renamed.status).toBe(403);
      expect(
        (await record(crm.ids.halvorsen, { objectName: 'QuoteLineItem', objectId: 'none' })).status,
      ).toBe(404);
    });
  });

  describe('getLookupRecords', () => {
    const lookup = (accountId: string, body: Record<string, unknown>) =>
      crm.post('getLookupRecords', { ...scope(accountId), ...body });

    it("finds items of the account's own catalogue by SKU or name, capped", async () => {
      const item = items[4] as CatalogItemCard;
      const bySku = await lookup(crm.ids.halvorsen, { objectApiName: 'CatalogItem', searchText: item.sku });
      expect(bySku.status).toBe(200);
      expect(bySku.body.records).toContainEqual({ id: item.id, label: item.name, sublabel: item.sku });
      const ownIds = new Set(items.map((i) => i.id));
      const broad = await lookup(crm.ids.halvorsen, {
        objectApiName: 'CatalogItem',
        searchText: 'a',
        limit: 5,
      });
      expect(broad.body.records).toHaveLength(5);
      for (const found of broad.body.records) expect(ownIds.has(found.id)).toBe(true);
    });

    it('finds categories by name, names starting with the text first', async () => {
      const category = halvorsenCatalogue.categories[0] as Category;
      const { body } = await lookup(crm.ids.halvorsen, {
        objectApiName: 'Category',
        searchText: category.name.slice(0, 4),
      });
      expect(body.records[0]?.label.toLowerCase().startsWith(category.name.slice(0, 4).toLowerCase())).toBe(
        true,
      );
      expect(body.records.map((r) => r.id)).toContain(category.id);
    });

    it('refuses an empty search and an object it does not serve', async () => {
      const empty = await lookup(crm.ids.halvorsen, { objectApiName: 'CatalogItem', searchText: ' ' });
      expect(message(empty)).toBe('searchText: must not be empty');
      const accounts = await lookup(crm.ids.halvorsen, { objectApiName: 'Account', searchText: 'a' });
      expect(accounts.status).toBe(400);
      expect((await lookup(crm.ids.kestrel, { objectApiName: 'CatalogItem', searchText: 'a' })).status).toBe(
        403,
      );
    });
  });

  describe('saveECatalogFilters and getSavedFilter', () => {
    const save = (accountId: string, body: Record<string, unknown>) =>
      crm.post('saveECatalogFilters', { ...scope(accountId), ...body });
    const read = (accountId: string, ecfr: string) =>
      crm.get('getSavedFilter', { ...scope(accountId), ecfr });

    it('saves a named set of filters and reads it back; the same name replaces it', async () => {
      const category = halvorsenCatalogue.categories[0] as Category;
      const saved = await save(crm.ids.halvorsen, {
        name: 'Flow antibodies',
        categoryId: category.id,
        searchText: 'CD3',
        filters: { Application: ['Flow Cytometry'], Species: ['Human', 'Mouse'] },
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({
        name: 'Flow antibodies',
        catalogueId: halvorsenCatalogue.catalog.id,
        categoryId: category.id,
        searchText: 'CD3',
        filters: { Application: ['Flow Cytometry'], Species: ['Human', 'Mouse'] },
      });
      const readBack = await read(crm.ids.halvorsen, saved.body.id);
      expect(readBack.status).toBe(200);
      expect(readBack.body).toEqual(saved.body);
      const replaced = await save(crm.ids.halvorsen, {
        name: 'FLOW ANTIBODIES',
        filters: { Brand: ['NovaFlow'] },
      });
      expect(replaced.body).toMatchObject({
        id: saved.body.id,
        name: 'FLOW ANTIBODIES',
        categoryId: null,
        searchText: null,
        filters: { Brand: ['NovaFlow'] },
      });
    });

    it('keeps a saved filter to its account and refuses the shared guest account', async () => {
      const saved = await save(crm.ids.halvorsen, { name: 'Mine', filters: {} });
      expect((await read(crm.ids.marlowe, saved.body.id)).status).toBe(403);
      expect((await read(crm.ids.halvorsen, 'no-such-filter')).status).toBe(404);
      const guest = await save(crm.ids.guest, { name: 'Guest', filters: {} });
      expect(guest.status).toBe(403);
      expect(guest.error?.errorCode).toBe('SIGN_IN_REQUIRED');
    });

    it('says which field is wrong', async () => {
      const field = await save(crm.ids.halvorsen, { name: 'x', filters: { Colour: ['Red'] } });
      expect(field.status).toBe(400);
      expect(message(field)).toMatch(/^filters/);
      const category = await save(crm.ids.halvorsen, { name: 'x', categoryId: 'not-mine' });
      expect(message(category)).toBe('categoryId: is not a category of your catalogue.');
      const nameless = await save(crm.ids.halvorsen, { name: '  ', filters: {} });
      expect(message(nameless)).toBe('name: must not be empty');
      expect(message(await crm.get('getSavedFilter', scope(crm.ids.halvorsen)))).toBe('ecfr: is required');
    });
  });
});
