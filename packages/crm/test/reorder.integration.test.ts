import type { QuickOrderResult } from '@storefront/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, catalogueItems, catalogues, quantityTiers, quoteLineItems } from '../src/db/schema';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';
import { type PlacedTestOrder, placeTestOrder, prepareOrdering } from './fixtures/orders';

describe.each(await testEngines())('reorder on $name', (engine) => {
  let crm: SeededCrm;
  let ana: string;
  let ben: string;
  let cleo: string;
  /** Four lines, changed since: discontinued (with a replacement), repriced, out of the catalogue, as it was. */
  let order: PlacedTestOrder;
  let replacementSku: string;
  let catalogueId: string;

  const as = (contactId: string) => ({
    storefrontId: crm.ids.storefrontA,
    accountId: crm.ids.halvorsen,
    contactId,
  });
  const view = (contactId: string, orderNumber = order.orderNumber) =>
    crm.get('getReorder', { ...as(contactId), orderNumber });
  const reorder = (contactId: string, lines: unknown[]) =>
    crm.post('reorderLines', { ...as(contactId), orderNumber: order.orderNumber, lines });
  /** The price the account's catalogue gives the SKU at the quantity today, as quick order prices it. */
  const priceToday = async (sku: string, qty: number) => {
    const { body } = await crm.post('checkQuickOrder', { ...as(ana), rows: [{ line: 1, sku, qty }] });
    const [result] = body.results as QuickOrderResult[];
    if (result?.status !== 'matched') throw new Error(`${sku} is not priced`);
    return result.unitPrice;
  };
  const itemId = async (sku: string) => {
    const [item] = await crm.database.db
      .select({ id: catalogueItems.id })
      .from(catalogueItems)
      .where(and(eq(catalogueItems.catalogueId, catalogueId), eq(catalogueItems.sku, sku)));
    return item?.id ?? '';
  };
  /** A new price for the SKU at every quantity: no tier prices it otherwise. */
  const setPrice = async (sku: string, price: number) => {
    const id = await itemId(sku);
    await crm.database.db.delete(quantityTiers).where(eq(quantityTiers.itemId, id));
    await crm.database.db
      .update(catalogueItems)
      .set({ listPrice: price, negotiatedPrice: price })
      .where(eq(catalogueItems.id, id));
  };
  const sku = (index: number) => order.skus[index] ?? '';
  /** The lines of the buyer's active cart. */
  const cartLines = async (contactId: string) => {
    const active = await crm.get('getActiveQuote', as(contactId));
    const quoteid = active.body.quote?.id ?? '';
    return (await crm.get('getQuoteItems', { ...as(contactId), quoteid })).body.lines;
  };

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    const buyer = (firstName: string) =>
      prepareOrdering(crm, {
        accountId: crm.ids.halvorsen,
        firstName,
        lastName: 'Reorder',
        email: `${firstName.toLowerCase()}@h.example`,
      });
    ana = await buyer('Ana');
    ben = await buyer('Ben');
    cleo = await buyer('Cleo');
    order = await placeTestOrder(crm, {
      accountId: crm.ids.halvorsen,
      contactId: ana,
      quantities: [2, 3, 1, 4],
      poNumber: 'REORDER-1',
    });
    const db = crm.database.db;
    const [account] = await db.select().from(accounts).where(eq(accounts.id, crm.ids.halvorsen));
    catalogueId = account?.catalogueId ?? '';
    const catalogue = await crm.post('retrieveCatalogNG', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.halvorsen,
    });
    replacementSku = catalogue.body.items[10]?.sku ?? '';
    // The first line's product is discontinued, replaced by another of the catalogue.
    await db
      .update(catalogueItems)
      .set({ discontinued: true, replacementSku })
      .where(and(eq(catalogueItems.catalogueId, catalogueId), eq(catalogueItems.sku, sku(0))));
    // The second line was ordered at a lower price than today's.
    await db
      .update(quoteLineItems)
      .set({ unitPrice: sql`${quoteLineItems.unitPrice} - 5` })
      .where(
        and(
          eq(quoteLineItems.quoteId, order.quoteId),
          eq(quoteLineItems.catalogItemId, await itemId(sku(1))),
        ),
      );
    // The third line's product left the account's catalogue (it went to a catalogue of no account).
    const [own] = await db.select().from(catalogues).where(eq(catalogues.id, catalogueId));
    if (!own) throw new Error('Halvorsen has no catalogue');
    await db
      .insert(catalogues)
      .values({ ...own, id: 'cat-reorder-retired', accountId: null, name: 'Retired' });
    await db
      .update(catalogueItems)
      .set({ catalogueId: 'cat-reorder-retired' })
      .where(and(eq(catalogueItems.catalogueId, catalogueId), eq(catalogueItems.sku, sku(2))));
  });
  afterAll(() => crm?.close());

  it('says of each line whether it can be ordered today, with its ordered and today’s price and a replacement', async () => {
    const { status, body } = await view(ana);
    expect(status).toBe(200);
    expect(body.orderNumber).toBe(order.orderNumber);
    const [discontinued, repriced, gone, same] = body.lines;
    expect(body.lines.map((line) => [line.sku, line.status, line.qty])).toEqual([
      [sku(0), 'discontinued', 2],
      [sku(1), 'available', 3],
      [sku(2), 'unavailable', 1],
      [sku(3), 'available', 4],
    ]);
    expect(discontinued?.problem).toContain('no longer made');
    expect(discontinued?.replacement).toMatchObject({
      sku: replacementSku,
      unitPrice: await priceToday(replacementSku, 2),
    });
    expect(discontinued?.today).toBeNull();
    // Today's price is the account's at the quantity; marked as changed from the price on the order.
    expect(repriced?.today?.unitPrice).toBe(await priceToday(sku(1), 3));
    expect(repriced?.today?.unitPrice).toBeGreaterThan(repriced?.orderedUnitPrice ?? Infinity);
    expect(repriced?.priceChanged).toBe(true);
    expect(gone).toMatchObject({ today: null, replacement: null, priceChanged: false });
    expect(gone?.problem).toContain("not in your account's catalogue");
    expect(same).toMatchObject({ priceChanged: false, problem: null, replacement: null });
    expect(same?.today?.unitPrice).toBe(same?.orderedUnitPrice);
  });

  it("names a line the buyer's cart could not take at its quantity", async () => {
    const catalogItemId = await itemId(sku(3));
    const added = await crm.post('saveItemToQuoteBlink', {
      ...as(ben),
      catalogItemId,
      qty: 99_999,
    });
    expect(added.status).toBe(200);
    const { body } = await view(ben);
    expect(body.lines[3]).toMatchObject({ status: 'quantity' });
    expect(body.lines[3]?.problem).toContain('your cart already holds 99999');
    const refused = await reorder(ben, [{ sku: sku(3), qty: 4 }]);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('nothing was added');
  });

  it('adds the chosen lines and the replacement taken, and names what stayed out with why', async () => {
    const { status, body } = await reorder(cleo, [
      { sku: sku(0), qty: 2, replacement: true },
      { sku: sku(1), qty: 5 },
      { sku: sku(2), qty: 1 },
    ]);
    expect(body).toHaveProperty('added');
    expect(status).toBe(200);
    expect(body.added.map((line) => [line.sku, line.qty])).toEqual([
      [replacementSku, 2],
      [sku(1), 5],
    ]);
    expect(body.notAdded).toEqual([
      {
        sku: sku(2),
        name: expect.any(String),
        problem: expect.stringContaining("not in your account's catalogue"),
      },
    ]);
    // Lines written in one statement: the cart lists them in no particular order.
    expect((await cartLines(cleo)).map((line) => [line.sku, line.qty])).toEqual(
      expect.arrayContaining([
        [replacementSku, 2],
        [sku(1), 5],
      ]),
    );
    expect(await cartLines(cleo)).toHaveLength(2);
  });

  it('prices the cart by the server at the time of adding, whatever the order or the view said', async () => {
    const dana = await prepareOrdering(crm, {
      accountId: crm.ids.halvorsen,
      firstName: 'Dana',
      lastName: 'Reorder',
      email: 'dana@h.example',
    });
    const before = (await view(dana)).body.lines[1];
    // The price changes between the buyer reading the view and adding.
    await setPrice(sku(1), 999.5);
    const { body } = await reorder(dana, [{ sku: sku(1), qty: 3, unitPrice: 1 }]);
    const now = await priceToday(sku(1), 3);
    expect(now).not.toBe(before?.today?.unitPrice);
    expect(now).not.toBe(before?.orderedUnitPrice);
    expect(body.added).toEqual([{ sku: sku(1), name: expect.any(String), qty: 3, unitPrice: now }]);
    expect((await cartLines(dana)).map((line) => [line.sku, line.unitPrice])).toEqual([[sku(1), now]]);
  });

  it('refuses a discontinued line without its replacement, and a choice of nothing addable, adding nothing', async () => {
    const erin = await prepareOrdering(crm, {
      accountId: crm.ids.halvorsen,
      firstName: 'Erin',
      lastName: 'Reorder',
      email: 'erin@h.example',
    });
    const refused = await reorder(erin, [
      { sku: sku(0), qty: 2 },
      { sku: sku(3), qty: 1, replacement: true },
    ]);
    expect(refused.status).toBe(400);
    const text = JSON.stringify(refused.body);
    expect(text).toContain('no longer made');
    expect(text).toContain(`${sku(3)} has no replacement`);
    expect((await crm.get('getActiveQuote', as(erin))).body.quote).toBeNull();
  });

  it('refuses a SKU not on the order, a line chosen twice, and no lines, with the field named', async () => {
    const notOnOrder = await reorder(ana, [{ sku: 'NOT-ON-ORDER', qty: 1 }]);
    expect(notOnOrder.status).toBe(400);
    expect(JSON.stringify(notOnOrder.body)).toContain('lines.0.sku');
    const twice = await reorder(ana, [
      { sku: sku(3), qty: 1 },
      { sku: sku(3), qty: 2 },
    ]);
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.body)).toContain('lines.1.sku');
    expect((await reorder(ana, [])).status).toBe(400);
    expect((await reorder(ana, [{ sku: sku(3), qty: 0 }])).status).toBe(400);
  });

  it("answers another account's order 403, and an order of another storefront or none 404", async () => {
    const marlowe = { storefrontId: crm.ids.storefrontA, accountId: crm.ids.marlowe, contactId: ana };
    expect((await crm.get('getReorder', { ...marlowe, orderNumber: order.orderNumber })).status).toBe(403);
    expect(
      (
        await crm.post('reorderLines', {
          ...marlowe,
          orderNumber: order.orderNumber,
          lines: [{ sku: sku(3), qty: 1 }],
        })
      ).status,
    ).toBe(403);
    const kestrel = { storefrontId: crm.ids.storefrontB, accountId: crm.ids.kestrel };
    expect((await crm.get('getReorder', { ...kestrel, orderNumber: order.orderNumber })).status).toBe(404);
    expect((await view(ana, 'NO-SUCH-ORDER')).status).toBe(404);
  });
});
