import type { OperationsError, OperationsOrder } from '@storefront/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessEvents,
  crmOutbox,
  invoicePayments,
  invoices,
  paymentRefunds,
  payments,
  shipments,
} from '../src/db/schema';
import { createOperationsKey } from '../src/operations';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';
import {
  operations,
  type PlacedTestOrder,
  placedOn,
  placeTestOrder,
  prepareOrdering,
} from './fixtures/orders';

describe.each(await testEngines())("an order's life through the operations API on $name", (engine) => {
  let crm: SeededCrm;
  let erp: string;
  let otherStorefront: string;
  let contactId: string;

  const order = (orderNumber: string) => operations<OperationsOrder>(crm, erp, `/orders/${orderNumber}`);
  const refusal = (answer: { status: number; body: unknown }) => ({
    status: answer.status,
    ...(answer.body as OperationsError),
  });
  const confirm = (orderNumber: string, version: number, erpOrderNumber = 'ERP-1', idempotencyKey?: string) =>
    operations<OperationsOrder>(crm, erp, `/orders/${orderNumber}/confirm`, {
      body: { version, erpOrderNumber },
      ...(idempotencyKey ? { idempotencyKey } : {}),
    });
  const ship = (orderNumber: string, body: object, idempotencyKey?: string) =>
    operations<OperationsOrder>(crm, erp, `/orders/${orderNumber}/shipments`, {
      body,
      ...(idempotencyKey ? { idempotencyKey } : {}),
    });
  const newOrder = (quantities = [3, 2], poNumber = `HRI-LIFE-${Math.random().toString(36).slice(2, 8)}`) =>
    placeTestOrder(crm, { accountId: crm.ids.halvorsen, contactId, quantities, poNumber });
  const shipmentsOf = (placed: PlacedTestOrder) =>
    crm.database.db.select().from(shipments).where(eq(shipments.quoteId, placed.quoteId));

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    erp = await createOperationsKey(crm.database.db, crm.ids.storefrontA, 'ERP');
    otherStorefront = await createOperationsKey(crm.database.db, crm.ids.storefrontB, 'Other ERP');
    contactId = await prepareOrdering(crm, {
      accountId: crm.ids.halvorsen,
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: 'ana.ruiz@halvorsen.example',
    });
  });
  afterAll(async () => crm?.close());

  it('takes an order from placed through confirmed, partly shipped and shipped to delivered, each change a version', async () => {
    const placed = await newOrder();
    const [first, second] = placed.skus as [string, string];
    // Placed the day before the pinned clock's today, so the ERP's times of today follow it.
    await placedOn(crm, placed.orderNumber, '2025-06-14T08:00:00Z');
    const start = await order(placed.orderNumber);
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({
      status: 'placed',
      version: 1,
      erpOrderNumber: null,
      poNumber: expect.any(String),
    });
    expect(start.body.buyer.name).toBe('Ana Ruiz');
    expect(start.body.history).toEqual([
      { status: 'placed', at: expect.any(String), actor: 'buyer', by: 'Ana Ruiz', note: null },
    ]);

    const confirmed = await confirm(placed.orderNumber, 1, 'ERP-100234');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'confirmed', version: 2, erpOrderNumber: 'ERP-100234' });

    const partly = await ship(placed.orderNumber, {
      version: 2,
      carrier: 'UPS',
      service: 'Ground',
      trackingNumber: '1Z999AA10123456784',
      shippedAt: '2025-06-15T09:30:00Z',
      lines: [{ sku: first, quantity: 2, lotNumber: 'L-2501' }],
    });
    expect(partly.status).toBe(200);
    expect(partly.body).toMatchObject({ status: 'partially_shipped', version: 3 });
    expect(partly.body.shipments).toEqual([
      {
        shipmentId: expect.stringMatching(/^shp_/),
        carrier: 'UPS',
        service: 'Ground',
        trackingNumber: '1Z999AA10123456784',
        // No link sent: the carrier's own tracking page.
        trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
        shippedAt: '2025-06-15T09:30:00.000Z',
        lines: [{ sku: first, quantity: 2, lotNumber: 'L-2501' }],
      },
    ]);
    expect(partly.body.lines.map((line) => [line.sku, line.quantity, line.shippedQuantity])).toEqual([
      [first, 3, 2],
      [second, 2, 0],
    ]);

    const rest = await ship(placed.orderNumber, {
      version: 3,
      carrier: 'Kuehne+Nagel',
      trackingNumber: 'KN-555',
      trackingUrl: 'https://tracking.example/KN-555',
      lines: [
        { sku: first, quantity: 1, lotNumber: 'L-2502' },
        { sku: second, quantity: 2 },
      ],
    });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ status: 'shipped', version: 4 });
    expect(rest.body.shipments[1]).toMatchObject({
      carrier: 'Kuehne+Nagel',
      trackingUrl: 'https://tracking.example/KN-555',
    });
    expect(rest.body.lines.map((line) => line.shippedQuantity)).toEqual([3, 2]);

    const delivered = await operations<OperationsOrder>(crm, erp, `/orders/${placed.orderNumber}/deliver`, {
      body: { version: 4, deliveredAt: '2025-06-15T11:00:00+00:00' },
    });
    expect(delivered.status).toBe(200);
    expect(delivered.body).toMatchObject({ status: 'delivered', version: 5 });
    expect(delivered.body.history.map(({ status, actor, by }) => [status, actor, by])).toEqual([
      ['placed', 'buyer', 'Ana Ruiz'],
      ['confirmed', 'erp', 'ERP'],
      ['partially_shipped', 'erp', 'ERP'],
      ['shipped', 'erp', 'ERP'],
      ['delivered', 'erp', 'ERP'],
    ]);
    expect(delivered.body.history.at(-1)?.at).toBe('2025-06-15T11:00:00.000Z');
    // Each change is a business event of the order, numbered in order for the webhooks.
    const events = await crm.database.db
      .select()
      .from(businessEvents)
      .where(eq(businessEvents.subject, `order:${placed.orderNumber}`))
      .orderBy(asc(businessEvents.sequence));
    expect(
      events.filter((event) => event.type !== 'order.placed').map((event) => [event.type, event.data.status]),
    ).toEqual([
      ['order.confirmed', 'confirmed'],
      ['order.shipped', 'partially_shipped'],
      ['order.shipped', 'shipped'],
      ['order.delivered', 'delivered'],
    ]);
    expect(events.at(-1)?.data).toMatchObject({ version: 5, erpOrderNumber: 'ERP-100234' });

    const listed = await operations<{ orders: { orderNumber: string; status: string }[] }>(
      crm,
      erp,
      '/orders?status=delivered',
    );
    expect(listed.body.orders.map((entry) => entry.orderNumber)).toContain(placed.orderNumber);
    expect(listed.body.orders.every((entry) => entry.status === 'delivered')).toBe(true);
  });

  it('lists the storefront’s orders oldest first, a page at a time from the cursor each page answers', async () => {
    await newOrder([1]);
    await newOrder([1]);
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page: { status: number; body: { orders: { orderNumber: string }[]; next: string | null } } =
        await operations(crm, erp, `/orders?limit=1${after ? `&after=${after}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.orders.map((entry) => entry.orderNumber));
      after = page.body.next;
    } while (after);
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual(seen);
    const unknown = await operations(crm, erp, '/orders?after=SO-1999-000001');
    expect(refusal(unknown)).toMatchObject({
      status: 400,
      code: 'INVALID_REQUEST',
      problems: [{ column: 'after' }],
    });
  });

  it('refuses a change made against another version, saying which version and status the order has', async () => {
    const placed = await newOrder([1]);
    const stale = await confirm(placed.orderNumber, 2);
    expect(refusal(stale)).toEqual({
      status: 409,
      code: 'VERSION_CONFLICT',
      message:
        'The order is at version 1 (placed), not 2: read it again and send the change against version 1.',
    });
    expect((await order(placed.orderNumber)).body).toMatchObject({ status: 'placed', version: 1 });
  });

  it('never moves an order backwards: a confirmation of a shipped order and a cancellation of a shipped one are refused', async () => {
    const placed = await newOrder([1]);
    const [sku] = placed.skus as [string];
    expect(
      (
        await ship(placed.orderNumber, {
          version: 1,
          carrier: 'UPS',
          trackingNumber: '1Z1',
          lines: [{ sku, quantity: 1 }],
        })
      ).body,
    ).toMatchObject({ status: 'shipped', version: 2 });
    expect(refusal(await confirm(placed.orderNumber, 2))).toEqual({
      status: 409,
      code: 'STATUS_DOES_NOT_FOLLOW',
      message: 'An order that is shipped cannot be confirmed.',
    });
    const cancel = await operations(crm, erp, `/orders/${placed.orderNumber}/cancel`, {
      body: { version: 2, reason: 'Customer asked' },
    });
    expect(refusal(cancel)).toMatchObject({
      status: 409,
      message: 'An order that is shipped cannot be cancelled.',
    });
    expect((await order(placed.orderNumber)).body).toMatchObject({ status: 'shipped', version: 2 });
  });

  it('answers a repeated Idempotency-Key as the first time, without a second shipment', async () => {
    const placed = await newOrder([2]);
    const [sku] = placed.skus as [string];
    const body = {
      version: 1,
      carrier: 'DHL Express',
      trackingNumber: 'JD0146',
      lines: [{ sku, quantity: 1 }],
    };
    const first = await ship(placed.orderNumber, body, `ship-${placed.orderNumber}`);
    const again = await ship(placed.orderNumber, body, `ship-${placed.orderNumber}`);
    expect(first.status).toBe(200);
    expect(again).toEqual(first);
    expect(await shipmentsOf(placed)).toHaveLength(1);
    // The same change with a new key is a new message against an old version.
    const late = await ship(placed.orderNumber, body, `ship-${placed.orderNumber}-late`);
    expect(refusal(late)).toMatchObject({ status: 409, code: 'VERSION_CONFLICT' });
    expect(await shipmentsOf(placed)).toHaveLength(1);
  });

  it("answers another storefront's key as if the order did not exist", async () => {
    const placed = await newOrder([1]);
    const read = await operations(crm, otherStorefront, `/orders/${placed.orderNumber}`);
    expect(refusal(read)).toMatchObject({ status: 404, code: 'ORDER_NOT_FOUND' });
    const change = await operations(crm, otherStorefront, `/orders/${placed.orderNumber}/confirm`, {
      body: { version: 1, erpOrderNumber: 'X-1' },
    });
    expect(refusal(change)).toMatchObject({ status: 404, code: 'ORDER_NOT_FOUND' });
    const list = await operations<{ orders: { orderNumber: string }[] }>(
      crm,
      otherStorefront,
      '/orders?limit=200',
    );
    expect(list.body.orders.map((entry) => entry.orderNumber)).not.toContain(placed.orderNumber);
    expect((await order(placed.orderNumber)).body).toMatchObject({ status: 'placed', version: 1 });
  });

  it('refuses a shipment of more than is left to ship, or of a SKU not on the order, naming each line', async () => {
    const placed = await newOrder([3, 2]);
    const [first, second] = placed.skus as [string, string];
    const over = await ship(placed.orderNumber, {
      version: 1,
      carrier: 'UPS',
      trackingNumber: '1Z2',
      lines: [
        { sku: first, quantity: 2 },
        { sku: second, quantity: 3 },
        { sku: first, quantity: 2 },
        { sku: 'NOT-ON-ORDER', quantity: 1 },
      ],
    });
    expect(refusal(over)).toMatchObject({ status: 422, code: 'SHIPMENT_LINES_REFUSED' });
    expect((over.body as unknown as OperationsError).problems).toEqual([
      {
        row: null,
        column: 'lines.1.quantity',
        message: `Line 2 (${second}): ships 3, but only 2 of the 2 ordered are left to ship.`,
      },
      {
        row: null,
        column: 'lines.2.quantity',
        message: `Line 3 (${first}): ships 2, but only 1 of the 3 ordered is left to ship.`,
      },
      { row: null, column: 'lines.3.sku', message: 'Line 4 (NOT-ON-ORDER): this SKU is not on the order.' },
    ]);
    expect(await shipmentsOf(placed)).toHaveLength(0);
    const future = await ship(placed.orderNumber, {
      version: 1,
      carrier: 'UPS',
      trackingNumber: '1Z3',
      shippedAt: '2999-01-01T00:00:00Z',
      lines: [{ sku: first, quantity: 1 }],
    });
    expect(refusal(future)).toMatchObject({
      status: 422,
      code: 'INVALID_TIME',
      problems: [{ column: 'shippedAt' }],
    });
  });

  it('gives back what a cancelled order was paid or billed: card payments refunded, its invoice credited', async () => {
    const invoiceOf = async (orderNumber: string) =>
      crm.database.db.select().from(invoices).where(eq(invoices.orderNumber, orderNumber));
    const cancel = (placed: PlacedTestOrder) =>
      operations(crm, erp, `/orders/${placed.orderNumber}/cancel`, {
        body: { version: 1, reason: 'Customer withdrew the order' },
      });

    const onAccount = await newOrder([1], 'HRI-CANCEL-TERMS');
    const [billed] = await invoiceOf(onAccount.orderNumber);
    expect(billed?.balance).toBeGreaterThan(0);
    expect((await cancel(onAccount)).status).toBe(200);
    const onAccountInvoices = await invoiceOf(onAccount.orderNumber);
    const open = onAccountInvoices.find((row) => row.kind === 'Invoice');
    const memo = onAccountInvoices.find((row) => row.kind === 'CreditMemo');
    expect(open?.balance).toBe(0);
    expect(memo).toMatchObject({
      invoiceNumber: onAccount.orderNumber.replace('SO-', 'CM-'),
      amount: -(billed?.amount ?? 0),
      balance: 0,
    });
    const credits = await crm.database.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, open?.id ?? ''));
    expect(credits.map((row) => [row.reference, row.amount])).toEqual([
      [memo?.invoiceNumber, billed?.balance],
    ]);

    const byCard = await placeTestOrder(crm, {
      accountId: crm.ids.halvorsen,
      contactId,
      quantities: [1],
      poNumber: 'HRI-CANCEL-CARD',
      payByCard: true,
    });
    const paid = await crm.database.db.select().from(payments).where(eq(payments.quoteId, byCard.quoteId));
    expect(paid).toHaveLength(1);
    expect((await cancel(byCard)).status).toBe(200);
    const refunds = await crm.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, paid[0]?.id ?? ''));
    expect(refunds.map((row) => [row.amount, row.reason])).toEqual([
      [paid[0]?.amount, 'the order was cancelled'],
    ]);
    expect((await invoiceOf(byCard.orderNumber)).every((row) => row.balance === 0)).toBe(true);
  });

  it('tells the buyer of a confirmation, each shipment and a cancellation, in the portal and by mail', async () => {
    const placed = await placeTestOrder(crm, {
      accountId: crm.ids.halvorsen,
      contactId,
      quantities: [2],
      poNumber: 'HRI-TOLD-1',
      mailTo: 'told@halvorsen.example',
    });
    const [sku] = placed.skus as [string];
    await confirm(placed.orderNumber, 1, 'ERP-77');
    await ship(placed.orderNumber, {
      version: 2,
      carrier: 'FedEx',
      service: 'Priority',
      trackingNumber: '7712',
      lines: [{ sku, quantity: 1, lotNumber: 'L-1' }],
    });
    await ship(placed.orderNumber, {
      version: 3,
      carrier: 'FedEx',
      trackingNumber: '7713',
      lines: [{ sku, quantity: 1 }],
    });
    const cancelled = await newOrder([1], 'HRI-TOLD-2');
    const cancel = await operations(crm, erp, `/orders/${cancelled.orderNumber}/cancel`, {
      body: { version: 1, reason: 'Product recalled' },
    });
    expect(cancel.status).toBe(200);

    const { body } = await crm.get('getNotifications', {
      storefrontId: crm.ids.storefrontA,
      accId: crm.ids.halvorsen,
      cid: contactId,
    });
    const told = body.notification
      .filter(
        (entry) => entry.Name.includes(placed.orderNumber) || entry.Name.includes(cancelled.orderNumber),
      )
      .map((entry) => [entry.Name, entry.Message]);
    expect(told).toEqual(
      expect.arrayContaining([
        [
          `Order ${placed.orderNumber} confirmed`,
          'We confirmed your order (our reference ERP-77); we will tell you when it ships.',
        ],
        [`Order ${placed.orderNumber} partly shipped`, 'FedEx Priority, tracking number 7712.'],
        [`Order ${placed.orderNumber} shipped`, 'FedEx, tracking number 7713.'],
        [`Order ${cancelled.orderNumber} cancelled`, 'Reason: Product recalled'],
      ]),
    );
    const page = body.contactNotification.find((row) =>
      row.Target_Template_Page?.includes(placed.orderNumber),
    );
    expect(page?.Target_Template_Page).toBe(`/billing/orders/${placed.orderNumber}`);

    const mail = await crm.database.db
      .select()
      .from(crmOutbox)
      .where(and(eq(crmOutbox.quoteId, placed.quoteId)));
    const byKind = mail.map((row) => [row.kind, row.recipient, row.subject]).sort();
    expect(byKind).toEqual([
      ['OrderConfirmation', 'told@halvorsen.example', expect.stringContaining(placed.orderNumber)],
      ['OrderConfirmed', 'told@halvorsen.example', `Your order ${placed.orderNumber} is confirmed`],
      ['OrderShipped', 'told@halvorsen.example', `Your order ${placed.orderNumber} has partly shipped`],
      ['OrderShipped', 'told@halvorsen.example', `Your order ${placed.orderNumber} has shipped`],
    ]);
    const partly = mail.find((row) => row.subject.endsWith('partly shipped'));
    expect(partly?.body).toContain('Tracking number: 7712');
    expect(partly?.body).toContain('Track it: https://www.fedex.com/fedextrack/?trknbr=7712');
    expect(partly?.body).toContain(`- 1 × ${sku}, lot L-1`);
    const [cancelMail] = await crm.database.db
      .select()
      .from(crmOutbox)
      .where(and(eq(crmOutbox.quoteId, cancelled.quoteId), eq(crmOutbox.kind, 'OrderCancelled')));
    expect(cancelMail?.body).toContain('Reason: Product recalled');
  });

  it('lets exactly one of two shipments sent at once against the same version through', async () => {
    const placed = await newOrder([4]);
    const [sku] = placed.skus as [string];
    const parcel = (trackingNumber: string) => ({
      version: 1,
      carrier: 'UPS',
      trackingNumber,
      lines: [{ sku, quantity: 3 }],
    });
    const answers = await Promise.all([
      ship(placed.orderNumber, parcel('1Z-RACE-A')),
      ship(placed.orderNumber, parcel('1Z-RACE-B')),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(refusal(answers.find((answer) => answer.status === 409) ?? { status: 0, body: {} })).toMatchObject(
      {
        code: 'VERSION_CONFLICT',
      },
    );
    expect(await shipmentsOf(placed)).toHaveLength(1);
    expect((await order(placed.orderNumber)).body).toMatchObject({ status: 'partially_shipped', version: 2 });
  });
});
