import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, orders } from '../src/db/schema';
import { DEMO_REORDER, ensureDemoReorder } from '../src/index';
import { openSeededCrm, type SeededCrm, TODAY, testEngines } from '../src/testing';

describe.each(await testEngines())('the demo order to reorder on $name', (engine) => {
  let crm: SeededCrm;
  const buyer = '003DEMOREORDERAAA';

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    await crm.database.db.insert(contacts).values({
      id: buyer,
      accountId: crm.ids.halvorsen,
      firstName: 'Tomas',
      lastName: 'Lind',
      email: DEMO_REORDER.buyerEmail,
    });
  });
  afterAll(() => crm?.close());

  it("is the buyer's past order with a discontinued line, one as it was and one repriced, made once", async () => {
    const today = TODAY.toISOString().slice(0, 10);
    await ensureDemoReorder(crm.database.db, today);
    await ensureDemoReorder(crm.database.db, today);
    const made = await crm.database.db
      .select()
      .from(orders)
      .where(eq(orders.orderNumber, DEMO_REORDER.orderNumber));
    expect(made).toHaveLength(1);
    const scope = { storefrontId: crm.ids.storefrontA, accountId: crm.ids.halvorsen, contactId: buyer };
    const order = await crm.get('getOrder', { ...scope, orderNumber: DEMO_REORDER.orderNumber });
    expect(order.status).toBe(200);
    expect(order.body).toMatchObject({ buyerName: 'Tomas Lind', poNumber: DEMO_REORDER.poNumber });
    const { body } = await crm.get('getReorder', { ...scope, orderNumber: DEMO_REORDER.orderNumber });
    expect(body.lines.map((line) => [line.sku, line.status, line.priceChanged])).toEqual([
      ['FCA-10010-L', 'discontinued', false],
      ['FCA-10011', 'available', false],
      ['FCR-10033', 'available', true],
    ]);
    expect(body.lines[0]?.replacement?.sku).toBe('FCA-10010');
    // The discontinued product is no longer offered: search does not find it.
    const search = await crm.post('retrieveCatalogNG', { ...scope, searchText: 'FCA-10010-L' });
    expect(search.body.items).toEqual([]);
  });
});
