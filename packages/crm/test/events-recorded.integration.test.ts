import { randomBytes } from 'node:crypto';
import { OPERATIONS_BASE_PATH, type PortalContact } from '@storefront/contracts';
import { signPaymentFields } from '@storefront/contracts/payment-protocol';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessEvents, invoices, quotes, templates, webhookDeliveries } from '../src/db/schema';
import { recordBusinessEvent } from '../src/events';
import { createOperationsKey } from '../src/operations';
import {
  billTestInvoice,
  openSeededCrm,
  providerResult,
  type SeededCrm,
  TEST_PAYMENTS,
  testEngines,
} from '../src/testing';
import { startReceiver } from './events-receiver';

const ANA = '003ANA000000000AAA';

describe.each(await testEngines())('business events recorded by the CRM’s calls on $name', (engine) => {
  let crm: SeededCrm;
  const halvorsen = () => ({ storefrontId: crm.ids.storefrontA, accountId: crm.ids.halvorsen });

  /** The events of a type recorded since `after` (their ids), with their subjects and data. */
  const eventsOf = (type: string, subject?: string) =>
    crm.database.db
      .select()
      .from(businessEvents)
      .where(and(eq(businessEvents.type, type), subject ? eq(businessEvents.subject, subject) : undefined));

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
  });
  afterAll(async () => crm?.close());

  it('records order.placed as the order is placed, and posts it to the endpoint right after', async () => {
    const receiver = await startReceiver();
    try {
      const key = await createOperationsKey(crm.database.db, crm.ids.storefrontB, 'ERP');
      const added = await crm.app.request(`${OPERATIONS_BASE_PATH}/webhooks`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'idempotency-key': 'hook-1',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ url: receiver.url, eventTypes: ['order.placed'] }),
      });
      expect(added.status).toBe(200);
      const scope = { storefrontId: crm.ids.storefrontB, accountId: crm.ids.kestrel };
      await crm.database.db.insert(templates).values({
        id: 'tpl-events-checkout',
        storefrontId: crm.ids.storefrontB,
        name: 'checkout',
        createdDate: new Date('2025-01-01T00:00:00Z'),
        Page_Type: 'Checkout',
        Quote_eDocument_ID: 'QuoteOrderPdf',
      });
      const catalogue = await crm.post('retrieveCatalogNG', scope);
      await crm.post('startNewCart', scope);
      const item = catalogue.body.items[0];
      const cart = await crm.post('saveItemToQuoteBlink', { ...scope, catalogItemId: item?.id, qty: 2 });
      const quoteId = cart.body.quote.id;
      await crm.database.db
        .update(quotes)
        .set({
          shippingAddress: '1 Main St',
          shippingCity: 'Austin',
          shippingState: 'TX',
          shippingZip: '78701',
          shippingCountry: 'US',
          billingCity: 'Austin',
          billingContactEmail: 'ap@kestrel.example',
          poNumber: 'KD-EVENTS-1',
        })
        .where(eq(quotes.id, quoteId));
      const placed = await crm.post('blinkCheckout', {
        ...scope,
        quoteId,
        templateId: 'tpl-events-checkout',
      });
      expect(placed.status).toBe(200);
      const orderNumber = placed.body.orderNumber;

      const [event] = await eventsOf('order.placed', `order:${orderNumber}`);
      expect(event).toMatchObject({ storefrontId: crm.ids.storefrontB, sequence: 1 });
      expect(event?.data).toMatchObject({
        orderNumber,
        status: 'placed',
        version: 1,
        accountId: crm.ids.kestrel,
        poNumber: 'KD-EVENTS-1',
        buyerEmail: 'ap@kestrel.example',
        lines: [{ sku: expect.any(String), quantity: 2, unitPrice: expect.any(Number) }],
        total: expect.any(Number),
      });
      // The checkout itself set the delivery going: no run of the test's own.
      await expect.poll(() => receiver.taken().map((r) => r.event.id)).toEqual([event?.id]);
      expect(receiver.taken()[0]?.event).toMatchObject({ type: 'order.placed', storefront: '127.0.0.1' });
    } finally {
      await receiver.close();
    }
  });

  it('records payment_method.added for a saved card, never its token; a declined card records none', async () => {
    const before = (await eventsOf('payment_method.added')).length;
    const start = async () =>
      (
        await crm.post('startSavingPaymentMethod', {
          ...halvorsen(),
          contactId: ANA,
          returnUrl: 'http://localhost:3000/billing/paymentmethods',
        })
      ).body.fields;
    const result = (requestId: string, status: string) =>
      signPaymentFields(TEST_PAYMENTS.secret, 'card_result', {
        request_id: requestId,
        status,
        token: `tok_${randomBytes(12).toString('base64url')}`,
        brand: 'Visa',
        last4: '1881',
        exp_month: '9',
        exp_year: '2031',
        decline_reason: status === 'declined' ? 'card_declined' : '',
        timestamp: new Date().toISOString(),
        nonce: randomBytes(16).toString('base64url'),
      });
    const declined = await crm.post(
      'savePaymentMethodCallback',
      result((await start()).request_id, 'declined'),
    );
    expect(declined.body).toMatchObject({ status: 'Declined' });
    expect(await eventsOf('payment_method.added')).toHaveLength(before);

    const card = result((await start()).request_id, 'succeeded');
    const saved = await crm.post('savePaymentMethodCallback', card);
    const methodId = (saved.body as { paymentMethodId: string }).paymentMethodId;
    const [event] = await eventsOf('payment_method.added', `payment_method:${methodId}`);
    expect(event?.data).toEqual({
      paymentMethodId: methodId,
      accountId: crm.ids.halvorsen,
      contactId: ANA,
      brand: 'Visa',
      last4: '1881',
      expMonth: 9,
      expYear: 2031,
      isDefault: false,
    });
    expect(JSON.stringify(event?.data)).not.toContain(card.token);
  });

  it('records case.created and service_request.created as they are filed', async () => {
    const { body } = await crm.post('getInstallBase', halvorsen());
    const instrument = body.instruments.find((candidate) => candidate.status === 'Active');
    const filed = await crm.post('createSupportCase', {
      ...halvorsen(),
      contactId: ANA,
      instrumentId: instrument?.id,
      symptoms: 'Laser power drops after warm-up.',
      priority: 'High',
      contactName: 'Ana Berg',
      contactPhone: '',
    });
    expect(filed.status).toBe(200);
    const [caseEvent] = await eventsOf('case.created', `case:${filed.body.number}`);
    expect(caseEvent?.data).toMatchObject({
      id: filed.body.id,
      number: filed.body.number,
      accountId: crm.ids.halvorsen,
      description: 'Laser power drops after warm-up.',
      priority: 'High',
      instrumentId: instrument?.id,
    });

    const request = await crm.post('createServiceRequest', {
      ...halvorsen(),
      contactId: ANA,
      subject: 'Pipette calibration drifts',
      priority: 'Medium',
      authorName: 'Ana Berg',
      fields: { category: 'Order issue', description: 'Order 1042 arrived without ice packs.' },
    });
    expect(request.status).toBe(200);
    const [requestEvent] = await eventsOf(
      'service_request.created',
      `service_request:${request.body.number}`,
    );
    expect(requestEvent?.data).toMatchObject({
      number: request.body.number,
      subject: 'Pipette calibration drifts',
      category: 'Order issue',
    });
  });

  it('records user.created when a pool user is linked, and user.deactivated only when an active user stops', async () => {
    const made = await crm.post('contactInSF', {
      accId: crm.ids.halvorsen,
      fn: 'Lena',
      ln: 'Voss',
      email: 'lena.voss@halvorsen.example',
    });
    const cid = (made.body as PortalContact).contactId;
    const subject = `user:${cid}`;
    const call = (type: 'userActivatedInAWS' | 'userDeactivatedInAWS') =>
      crm.getAs<PortalContact>(type, { accId: crm.ids.halvorsen, cid });
    await crm.post('updateContactInSF', { accId: crm.ids.halvorsen, cid, awsUserId: 'lena-sf-1' });
    await crm.post('updateContactInSF', { accId: crm.ids.halvorsen, cid, awsUserId: 'lena-sf-1' });
    await call('userActivatedInAWS');
    await call('userDeactivatedInAWS');
    await call('userDeactivatedInAWS');
    const events = await crm.database.db
      .select()
      .from(businessEvents)
      .where(eq(businessEvents.subject, subject));
    expect(
      events.sort((a, b) => a.sequence - b.sequence).map((event) => [event.type, event.sequence]),
    ).toEqual([
      ['user.created', 1],
      ['user.deactivated', 2],
    ]);
    expect(events[0]?.data).toMatchObject({
      contactId: cid,
      email: 'lena.voss@halvorsen.example',
      firstName: 'Lena',
    });
  });

  it('records invoice.paid when a payment leaves nothing owed', async () => {
    const invoiceId = await billTestInvoice(crm, crm.ids.marlowe, 80);
    const request = await crm.post('startInvoicePayment', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.marlowe,
      invoices: [{ invoiceId, amount: 80 }],
      returnUrl: 'http://localhost:3000/billing/payment',
    });
    const paid = await crm.post('paymentRequestHandler', providerResult(request.body.fields));
    expect(paid.body.status).toBe('Succeeded');
    const [invoice] = await crm.database.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    const [event] = await eventsOf('invoice.paid', `invoice:${invoice?.invoiceNumber}`);
    expect(event?.data).toMatchObject({ invoiceNumber: invoice?.invoiceNumber, amount: 80, currency: 'USD' });
  });

  it('records sales_quote.taken as a prepared quote becomes the cart', async () => {
    const caller = {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.halvorsen,
      userTypeAWS: 'AWSPortalUser',
    };
    const open = await crm.post('getActiveOpenCart', { ...caller, contactIdAWS: ANA });
    const prepared = open.body.openQuotes[0];
    const taken = await crm.post('takeThisQuote', { ...caller, contactIdAWS: ANA, quoteId: prepared?.id });
    expect(taken.status).toBe(200);
    const [event] = await eventsOf('sales_quote.taken', `sales_quote:${prepared?.number}`);
    expect(event?.data).toMatchObject({ id: prepared?.id, number: prepared?.number, contactId: ANA });
  });

  it('keeps no event, and no delivery, of a change that rolled back', async () => {
    const subject = `order:rolled-back-${engine.name}`;
    await expect(
      crm.database.db.transaction(async (tx) => {
        await recordBusinessEvent(tx, {
          storefrontId: crm.ids.storefrontB,
          type: 'order.placed',
          subject,
          data: {},
        });
        throw new Error('the change failed after its event');
      }),
    ).rejects.toThrow('the change failed');
    expect(await eventsOf('order.placed', subject)).toEqual([]);
    const deliveries = await crm.database.db
      .select()
      .from(webhookDeliveries)
      .innerJoin(businessEvents, eq(businessEvents.id, webhookDeliveries.eventId))
      .where(eq(businessEvents.subject, subject));
    expect(deliveries).toEqual([]);
  });
});
