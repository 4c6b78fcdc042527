import type { OperationsOrder } from '@storefront/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, businessEvents, crmOutbox, invoices, productLots } from '../src/db/schema';
import { createOperationsKey } from '../src/operations';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';
import {
  operations,
  type PlacedTestOrder,
  placedOn,
  placeTestOrder,
  prepareOrdering,
} from './fixtures/orders';

describe.each(await testEngines())("the buyer's orders on $name", (engine) => {
  let crm: SeededCrm;
  let erp: string;
  let ana: string;
  let ben: string;
  /** Placed by Ana, Ben and Ana again on three days; the last one confirmed by the ERP. */
  let orders: { first: PlacedTestOrder; second: PlacedTestOrder; third: PlacedTestOrder };

  const scope = () => ({ storefrontId: crm.ids.storefrontA, accountId: crm.ids.halvorsen });
  const list = (filters: Record<string, string> = {}) => crm.get('getOrders', { ...scope(), ...filters });
  const listed = async (filters: Record<string, string> = {}) => {
    const { status, body } = await list(filters);
    expect(status).toBe(200);
    return body.orders.map((order) => order.orderNumber);
  };
  const ours = (numbers: string[]) =>
    numbers.filter((number) => Object.values(orders).some((order) => order.orderNumber === number));

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    erp = await createOperationsKey(crm.database.db, crm.ids.storefrontA, 'ERP');
    const halvorsen = { accountId: crm.ids.halvorsen };
    ana = await prepareOrdering(crm, {
      ...halvorsen,
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: 'ana@h.example',
    });
    ben = await prepareOrdering(crm, {
      ...halvorsen,
      firstName: 'Ben',
      lastName: 'Okafor',
      email: 'ben@h.example',
    });
    const place = (contactId: string, poNumber: string, quantities = [3, 2]) =>
      placeTestOrder(crm, { accountId: crm.ids.halvorsen, contactId, quantities, poNumber });
    orders = {
      first: await place(ana, 'HRI-BUY-ALPHA'),
      second: await place(ben, '=HYPERLINK("http://evil.example")'),
      third: await place(ana, 'hri-buy-gamma'),
    };
    await placedOn(crm, orders.first.orderNumber, '2025-03-01T10:00:00Z');
    await placedOn(crm, orders.second.orderNumber, '2025-04-15T10:00:00Z');
    await placedOn(crm, orders.third.orderNumber, '2025-05-20T23:30:00Z');
    const confirmed = await operations(crm, erp, `/orders/${orders.third.orderNumber}/confirm`, {
      body: { version: 1, erpOrderNumber: 'ERP-3' },
    });
    expect(confirmed.status).toBe(200);
  });
  afterAll(async () => crm?.close());

  it("lists the account's orders newest first, filtered by status, placing date, PO number and buyer", async () => {
    const { body } = await list();
    expect(ours(body.orders.map((order) => order.orderNumber))).toEqual([
      orders.third.orderNumber,
      orders.second.orderNumber,
      orders.first.orderNumber,
    ]);
    const third = body.orders.find((order) => order.orderNumber === orders.third.orderNumber);
    expect(third).toMatchObject({ status: 'confirmed', buyerName: 'Ana Ruiz', poNumber: 'hri-buy-gamma' });
    expect(body.buyers).toEqual(
      expect.arrayContaining([
        { contactId: ana, name: 'Ana Ruiz' },
        { contactId: ben, name: 'Ben Okafor' },
      ]),
    );

    expect(ours(await listed({ status: 'confirmed' }))).toEqual([orders.third.orderNumber]);
    expect(ours(await listed({ status: 'placed' }))).toEqual([
      orders.second.orderNumber,
      orders.first.orderNumber,
    ]);
    expect(ours(await listed({ from: '2025-04-15', to: '2025-05-20' }))).toEqual([
      orders.third.orderNumber,
      orders.second.orderNumber,
    ]);
    expect(ours(await listed({ to: '2025-04-14' }))).toEqual([orders.first.orderNumber]);
    expect(ours(await listed({ poNumber: 'HRI-BUY' }))).toEqual([
      orders.third.orderNumber,
      orders.first.orderNumber,
    ]);
    expect(ours(await listed({ buyerId: ben }))).toEqual([orders.second.orderNumber]);
    const paged = await list({ pageSize: '1', page: '2' });
    expect(paged.body.orders).toHaveLength(1);
    expect(paged.body.totalSize).toBeGreaterThanOrEqual(3);

    const backwards = await list({ from: '2025-05-01', to: '2025-04-01' });
    expect([backwards.status, backwards.error?.field]).toEqual([400, 'to']);
    const unreal = await list({ from: '2025-02-30' });
    expect([unreal.status, unreal.error?.field]).toEqual([400, 'from']);
  });

  it('exports the filtered list as CSV, a PO number a spreadsheet would run made safe', async () => {
    const { status, body } = await crm.get('exportOrders', { ...scope(), buyerId: ben });
    expect(status).toBe(200);
    expect(body.rowCount).toBe(1);
    const [header, row] = body.content.split('\r\n');
    expect(header).toBe('Order number,Placed,Status,PO number,Buyer,Currency,Total,Cost centre');
    expect(row).toMatch(
      new RegExp(
        `^${orders.second.orderNumber},2025-04-15,Placed,"'=HYPERLINK\\(""http://evil.example""\\)",Ben Okafor,[A-Z]{3},`,
      ),
    );
  });

  it('shows one order with its lines shipped so far, its timeline, its shipments with tracking links and its documents', async () => {
    const order = orders.third;
    const [first, second] = order.skus as [string, string];
    const [account] = await crm.database.db.select().from(accounts).where(eq(accounts.id, crm.ids.halvorsen));
    await crm.database.db.insert(productLots).values({
      organisationId: account?.organisationId ?? '',
      sku: first,
      lotNumber: 'T-LOT-1',
      manufacturedOn: '2025-01-01',
      expiresOn: '2027-01-01',
    });
    const shipped = await operations<OperationsOrder>(crm, erp, `/orders/${order.orderNumber}/shipments`, {
      body: {
        version: 2,
        carrier: 'UPS',
        service: 'Ground',
        trackingNumber: '1ZBUYER1',
        lines: [
          { sku: first, quantity: 2, lotNumber: 'T-LOT-1' },
          // A lot the catalogue does not know has no certificate to show.
          { sku: second, quantity: 1, lotNumber: 'UNKNOWN-LOT' },
        ],
      },
    });
    expect(shipped.status).toBe(200);

    const { status, body } = await crm.get('getOrder', {
      ...scope(),
      orderNumber: order.orderNumber,
      contactId: ana,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      orderNumber: order.orderNumber,
      status: 'partially_shipped',
      erpOrderNumber: 'ERP-3',
      cancellable: false,
      buyerName: 'Ana Ruiz',
      shippingMethod: 'UPS Ground',
      shipTo: ['Receiving dock', '1 Main St', 'Austin TX 78701', 'US'],
    });
    expect(body.lines.map((line) => [line.sku, line.qty, line.shippedQty])).toEqual([
      [first, 3, 2],
      [second, 2, 1],
    ]);
    expect(body.history.map((change) => [change.status, change.actor, change.by])).toEqual([
      ['placed', 'buyer', 'Ana Ruiz'],
      ['confirmed', 'erp', 'ERP'],
      ['partially_shipped', 'erp', 'ERP'],
    ]);
    expect(body.shipments).toEqual([
      expect.objectContaining({
        carrier: 'UPS',
        trackingNumber: '1ZBUYER1',
        trackingUrl: 'https://www.ups.com/track?tracknum=1ZBUYER1',
      }),
    ]);
    const [invoice] = await crm.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderNumber, order.orderNumber), eq(invoices.accountId, crm.ids.halvorsen)));
    const [itemSlug] = (await crm.post('retrieveCatalogNG', scope())).body.items
      .filter((item) => item.sku === first)
      .map((item) => item.slug);
    expect(body.documents).toEqual([
      {
        kind: 'order',
        label: `Order ${order.orderNumber} (PDF)`,
        href: expect.stringMatching(/^\/api\/files\//),
      },
      {
        kind: 'invoice',
        label: `Invoice ${invoice?.invoiceNumber}`,
        href: `/viewInvoice?invoiceId=${invoice?.id}`,
      },
      {
        kind: 'certificate',
        label: `Certificate of analysis, ${first} lot T-LOT-1`,
        href: `/products/${itemSlug}/documents/coa-T-LOT-1.pdf`,
      },
    ]);

    // Another buyer of the account sees the order, but its PDF's download serves only the buyer who placed it.
    const ofBen = await crm.get('getOrder', { ...scope(), orderNumber: order.orderNumber, contactId: ben });
    expect(ofBen.body.documents.map((document) => document.kind)).toEqual(['invoice', 'certificate']);
  });

  it("refuses another account's order and knows no order of another storefront", async () => {
    const ofMarlowe = await crm.get('getOrder', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.marlowe,
      orderNumber: orders.first.orderNumber,
    });
    expect([ofMarlowe.status, ofMarlowe.error?.errorCode]).toEqual([403, 'FORBIDDEN']);
    const cancelByMarlowe = await crm.post('cancelOrder', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.marlowe,
      orderNumber: orders.first.orderNumber,
      contactId: ana,
    });
    expect(cancelByMarlowe.status).toBe(403);
    const elsewhere = await crm.get('getOrder', {
      storefrontId: crm.ids.storefrontB,
      accountId: crm.ids.kestrel,
      orderNumber: orders.first.orderNumber,
    });
    expect([elsewhere.status, elsewhere.error?.errorCode]).toEqual([404, 'NOT_FOUND']);
    const listOfMarlowe = await crm.get('getOrders', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.marlowe,
    });
    expect(ours(listOfMarlowe.body.orders.map((order) => order.orderNumber))).toEqual([]);
  });

  it('lets the buyer cancel an order not yet confirmed, telling them and the ERP, and refuses once it is confirmed', async () => {
    const order = orders.second;
    const cancelled = await crm.post('cancelOrder', {
      ...scope(),
      orderNumber: order.orderNumber,
      contactId: ben,
      reason: 'Ordered twice',
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancellable: false });
    expect(cancelled.body.history.at(-1)).toMatchObject({
      status: 'cancelled',
      actor: 'buyer',
      by: 'Ben Okafor',
      note: 'Ordered twice',
    });
    const seen = await operations<OperationsOrder>(crm, erp, `/orders/${order.orderNumber}`);
    expect(seen.body).toMatchObject({ status: 'cancelled', version: 2 });
    const [event] = await crm.database.db
      .select()
      .from(businessEvents)
      .where(
        and(
          eq(businessEvents.subject, `order:${order.orderNumber}`),
          eq(businessEvents.type, 'order.cancelled'),
        ),
      );
    expect(event?.data).toMatchObject({ status: 'cancelled', reason: 'Ordered twice' });
    const [mail] = await crm.database.db
      .select()
      .from(crmOutbox)
      .where(and(eq(crmOutbox.quoteId, order.quoteId), eq(crmOutbox.kind, 'OrderCancelled')));
    expect(mail?.subject).toBe(`Your order ${order.orderNumber} is cancelled`);
    const { body } = await crm.get('getNotifications', { ...scope(), accId: crm.ids.halvorsen, cid: ben });
    expect(body.notification.map((entry) => entry.Name)).toContain(`Order ${order.orderNumber} cancelled`);

    const again = await crm.post('cancelOrder', {
      ...scope(),
      orderNumber: order.orderNumber,
      contactId: ben,
    });
    expect([again.status, again.error?.errorCode]).toEqual([409, 'ORDER_NOT_CANCELLABLE']);
    expect(again.error?.message).toContain('cancelled already');

    const fresh = await placeTestOrder(crm, {
      accountId: crm.ids.halvorsen,
      contactId: ana,
      quantities: [1],
      poNumber: 'HRI-BUY-LATE',
    });
    await operations(crm, erp, `/orders/${fresh.orderNumber}/confirm`, {
      body: { version: 1, erpOrderNumber: 'E-9' },
    });
    const late = await crm.post('cancelOrder', {
      ...scope(),
      orderNumber: fresh.orderNumber,
      contactId: ana,
    });
    expect([late.status, late.error?.errorCode]).toEqual([409, 'ORDER_NOT_CANCELLABLE']);
    expect(late.error?.message).toBe(
      `order ${fresh.orderNumber} is confirmed: only an order not yet confirmed can be cancelled here. Contact us to change it.`,
    );
    const still = await crm.get('getOrder', { ...scope(), orderNumber: fresh.orderNumber, contactId: ana });
    expect(still.body).toMatchObject({ status: 'confirmed', cancellable: false });
  });
});
