import { failureOf, type QuickOrderResult, type QuickOrderRow } from '@storefront/contracts';
import { and, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, catalogueItems, catalogues, invoiceLines } from '../src/db/schema';
import { billTestInvoice, openSeededCrm, type SeededCrm, testEngines } from '../src/testing';

describe.each(await testEngines())('quick order on $name', (engine) => {
  let crm: SeededCrm;
  /** Items of Halvorsen's catalogue; a SKU the storefront sells to others but not to Halvorsen. */
  let skus: string[];
  let notForHalvorsen: string;

  /** Each test orders as a contact of its own, so it starts from an empty cart of its own. */
  const as = (contactId: string, accountId = crm.ids.halvorsen) => ({
    storefrontId: crm.ids.storefrontA,
    accountId,
    contactId,
  });
  const rows = (...entries: [sku: string, qty: number][]): QuickOrderRow[] =>
    entries.map(([sku, qty], index) => ({ line: index + 1, sku, qty }));
  const check = (contactId: string, list: QuickOrderRow[], accountId?: string) =>
    crm.post('checkQuickOrder', { ...as(contactId, accountId), rows: list });
  const add = (contactId: string, list: QuickOrderRow[]) =>
    crm.post('addQuickOrder', { ...as(contactId), rows: list });
  const activeCart = async (contactId: string) => (await crm.get('getActiveQuote', as(contactId))).body.quote;

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    const db = crm.database.db;
    const [account] = await db.select().from(accounts).where(eq(accounts.id, crm.ids.halvorsen));
    const catalogueId = account?.catalogueId ?? '';
    const own = await db
      .select({ sku: catalogueItems.sku })
      .from(catalogueItems)
      .where(eq(catalogueItems.catalogueId, catalogueId))
      .orderBy(catalogueItems.sku);
    skus = own.map((row) => row.sku);
    const [other] = await db
      .select({ sku: catalogueItems.sku })
      .from(catalogueItems)
      .innerJoin(catalogues, eq(catalogues.id, catalogueItems.catalogueId))
      .where(and(eq(catalogues.storefrontId, crm.ids.storefrontA), notInArray(catalogueItems.sku, skus)))
      .limit(1);
    notForHalvorsen = other?.sku ?? '';
    expect(skus.length).toBeGreaterThan(40);
    expect(notForHalvorsen).not.toBe('');
  });
  afterAll(() => crm.close());

  it('matches each row in the account catalogue and prices it at its quantity, whatever the letter case', async () => {
    const [first = '', second = ''] = skus;
    const { status, body } = await check('qo-check', rows([first.toLowerCase(), 3], [` ${second} `, 12]));
    expect(status).toBe(200);
    expect(body.results).toHaveLength(2);
    const [a, b] = body.results;
    expect(a).toMatchObject({ status: 'matched', line: 1, sku: first, qty: 3 });
    expect(b).toMatchObject({ status: 'matched', line: 2, sku: second, qty: 12 });
    if (a?.status !== 'matched') throw new Error('unmatched');
    expect(a.lineTotal).toBeCloseTo(a.unitPrice * 3, 2);
    // The check writes nothing: the contact still has no cart.
    expect(await activeCart('qo-check')).toBeNull();
  });

  it("prices a SKU at each account's own price", async () => {
    const both = skus.slice(0, 60);
    const halvorsen = (await check('qo-prices', rows(...both.map((sku): [string, number] => [sku, 1])))).body;
    const marlowe = (
      await check('qo-prices', rows(...both.map((sku): [string, number] => [sku, 1])), crm.ids.marlowe)
    ).body;
    const priceOf = (results: QuickOrderResult[]) =>
      new Map(results.flatMap((r) => (r.status === 'matched' ? [[r.sku, r.unitPrice] as const] : [])));
    const ours = priceOf(halvorsen.results);
    const theirs = priceOf(marlowe.results);
    const shared = [...ours.keys()].filter((sku) => theirs.has(sku));
    expect(shared.length).toBeGreaterThan(0);
    expect(shared.some((sku) => ours.get(sku) !== theirs.get(sku))).toBe(true);
  });

  it('reports unknown, unavailable, discontinued and superseded SKUs per row with a message', async () => {
    const invoiceId = await billTestInvoice(crm, crm.ids.halvorsen, 120);
    await crm.database.db
      .update(invoiceLines)
      .set({ sku: 'FCA-0001-OLD' })
      .where(eq(invoiceLines.invoiceId, invoiceId));
    const { body } = await check(
      'qo-problems',
      rows([skus[0] ?? '', 1], ['NOPE-123', 2], [notForHalvorsen, 1], ['fca-0001-old', 4], ['nz-70-b', 2]),
    );
    expect(body.results.map((r) => r.status)).toEqual([
      'matched',
      'problem',
      'problem',
      'problem',
      'problem',
    ]);
    expect(body.results[1]).toMatchObject({
      line: 2,
      problem: 'unknown',
      message: 'NOPE-123 is not a product number we know; check it against the catalogue.',
    });
    expect(body.results[2]).toMatchObject({ line: 3, problem: 'unavailable' });
    expect(body.results[2]).toHaveProperty(
      'message',
      expect.stringContaining("not in your account's catalogue"),
    );
    expect(body.results[3]).toMatchObject({ line: 4, problem: 'discontinued', sku: 'FCA-0001-OLD' });
    expect(body.results[3]).toHaveProperty('message', expect.stringContaining('not sold any more'));
    // An obsolete part number of the parts configurator names the part that replaced it.
    expect(body.results[4]).toMatchObject({ line: 5, problem: 'superseded', sku: 'NZ-70-B' });
    expect(body.results[4]).toHaveProperty(
      'message',
      expect.stringMatching(/^NZ-70-B is no longer made; order its replacement IPA-\d+ instead\.$/),
    );
  });

  it('adds every row to the cart in one step, repriced by the CRM', async () => {
    const list = rows(...skus.slice(0, 30).map((sku, i): [string, number] => [sku, (i % 4) + 1]));
    const { status, body } = await add('qo-add', list);
    expect(status).toBe(200);
    expect(body.added).toBe(30);
    expect(body.lines).toHaveLength(30);
    expect(body.lines.find((line) => line.sku === skus[3])?.qty).toBe(4);
    const sum = body.lines.reduce((total, line) => total + line.lineTotal, 0);
    expect(body.quote.subtotal).toBeCloseTo(sum, 2);
  });

  it('adds nothing when one row cannot be ordered, and names that row', async () => {
    await add('qo-all-or-nothing', rows([skus[5] ?? '', 1]));
    const before = await activeCart('qo-all-or-nothing');
    const { status, body } = await add(
      'qo-all-or-nothing',
      rows([skus[6] ?? '', 2], [skus[7] ?? '', 1], ['NOPE-9', 1]),
    );
    expect(status).toBe(400);
    const error = failureOf(body);
    expect(error.errorCode).toBe('QUICK_ORDER_ROWS_REFUSED');
    expect(error.field).toBe('rows.2.sku');
    expect(error.message).toContain('line 3: NOPE-9 is not a product number we know');
    const after = await activeCart('qo-all-or-nothing');
    expect(after?.subtotal).toBe(before?.subtotal);
    const { body: items } = await crm.get('getQuoteItems', {
      ...as('qo-all-or-nothing'),
      quoteid: after?.id ?? '',
    });
    expect(items.lines.map((line) => line.sku)).toEqual([skus[5]]);
  });

  it('refuses the account of another storefront with 403 and a row list past its limit with a message', async () => {
    const other = await crm.post('checkQuickOrder', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.kestrel,
      rows: rows(['X', 1]),
    });
    expect(other.status).toBe(403);
    const tooMany = await check(
      'qo-limit',
      rows(...Array.from({ length: 1001 }, (): [string, number] => ['X', 1])),
    );
    expect(tooMany.status).toBe(400);
    expect(failureOf(tooMany.body).message).toBe('rows: must hold at most 1000 rows');
  });
});
