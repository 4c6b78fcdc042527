import { type CatalogPage, CHECKOUT_MESSAGES, failureOf, MESSAGES } from '@storefront/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockCartOwner, lockQuote } from '../src/db/locks';
import { quotes, templates } from '../src/db/schema';
import { billTestInvoice, openSeededCrm, providerResult, type SeededCrm, testEngines } from '../src/testing';

describe.each(await testEngines())("a quote's row lock on $name", (engine) => {
  let crm: SeededCrm;
  let quoteId: string;
  let lineId: string;

  const scope = (accountId: string) => ({ storefrontId: crm.ids.storefrontA, accountId });

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    const { body } = await crm.post('retrieveCatalogNG', { ...scope(crm.ids.halvorsen) });
    const item = body.items[0];
    if (!item) throw new Error('the demo catalogue is empty');
    const cart = await crm.post('saveItemToQuoteBlink', {
      ...scope(crm.ids.halvorsen),
      catalogItemId: item.id,
      qty: 1,
    });
    quoteId = cart.body.quote.id;
    lineId = cart.body.lines[0]?.id ?? '';
  });
  afterAll(() => crm.close());

  /** Every call a stranger could make to change someone else's quote. */
  const strangerCalls = (accountId: string, quote: string) => [
    () => crm.post('updateQLI', { ...scope(accountId), quoteId: quote, lines: [{ id: lineId, qty: 9 }] }),
    () => crm.post('deleteLineItems', { ...scope(accountId), quoteId: quote, qliIds: [lineId] }),
    () => crm.post('makeActiveCart', { ...scope(accountId), quoteId: quote }),
  ];

  it("never makes the owner's changes fail as busy while a stranger hammers the quote", async () => {
    let ownerDone = false;
    const strangerAnswers: { status: number; body: unknown }[] = [];
    const stranger = async () => {
      while (!ownerDone) {
        for (const call of strangerCalls(crm.ids.marlowe, quoteId)) strangerAnswers.push(await call());
      }
    };
    const strangers = Promise.all(Array.from({ length: 4 }, stranger));
    const ownerStatuses: number[] = [];
    for (let qty = 1; qty <= 40; qty++) {
      const answer = await crm.post('updateQLI', {
        ...scope(crm.ids.halvorsen),
        quoteId,
        lines: [{ id: lineId, qty }],
      });
      ownerStatuses.push(answer.status);
    }
    ownerDone = true;
    await strangers;

    expect(ownerStatuses).toEqual(Array.from({ length: 40 }, () => 200));
    expect(strangerAnswers.length).toBeGreaterThan(0);
    for (const answer of strangerAnswers) {
      expect(answer.status).toBe(403);
      expect(failureOf(answer.body)).toMatchObject({
        errorCode: 'FORBIDDEN',
        message: MESSAGES.accessDenied,
      });
    }
  });

  // Decision: another owner's quote stays 403 and a missing one 404, the answers the storefront shows today;
  // quote ids are random UUIDs, and the answer no longer depends on whether the owner is changing the quote.
  it("answers a stranger 403 for another owner's quote and 404 for a missing one", async () => {
    const denied = await Promise.all(strangerCalls(crm.ids.marlowe, quoteId).map((call) => call()));
    expect(denied.map((answer) => answer.status)).toEqual([403, 403, 403]);
    const missing = await Promise.all(strangerCalls(crm.ids.marlowe, 'no-such-quote').map((call) => call()));
    for (const answer of missing) {
      expect(answer.status).toBe(404);
      expect(failureOf(answer.body).message).toBe('quoteId: there is no quote with this id.');
    }
  });

  // PGlite runs one transaction at a time, so only PostgreSQL can hold the lock while others call.
  if (engine.name === 'postgres') {
    it("refuses a stranger at once while the owner's change holds the lock", async () => {
      const statuses = await crm.database.db.transaction(async (tx) => {
        await lockQuote(tx, quoteId, 'wait');
        const answers = await Promise.all(strangerCalls(crm.ids.marlowe, quoteId).map((call) => call()));
        return answers.map((answer) => answer.status);
      });
      expect(statuses).toEqual([403, 403, 403]);
    });
  }

  it('refuses a lock taken out of the one order, before it waits for anything', async () => {
    const owner = { accountId: crm.ids.halvorsen, contactId: null, guestSecretHash: null };
    const outOfOrder = crm.database.db.transaction(async (tx) => {
      await lockQuote(tx, quoteId, 'wait');
      await lockCartOwner(tx, owner);
    });
    await expect(outOfOrder).rejects.toThrow(
      `lock order: owner account:${crm.ids.halvorsen} taken after quote`,
    );
    const inOrder = crm.database.db.transaction(async (tx) => {
      await lockCartOwner(tx, owner);
      await lockQuote(tx, quoteId, 'wait');
      // A lock already held may be taken again.
      await lockCartOwner(tx, owner);
      return 'locked';
    });
    await expect(inOrder).resolves.toBe('locked');
  });
});

/** Every checkout step done on account terms, as the step types leave a quote. */
const READY_TO_ORDER = {
  shippingAddress: '1 Main St',
  shippingCity: 'Austin',
  shippingState: 'TX',
  shippingZip: '78701',
  shippingCountry: 'US',
  shippingContactName: 'Ana Ruiz',
  billingAddress1: '9 Billing Rd',
  billingCity: 'Austin',
  billingState: 'TX',
  billingZip: '78702',
  billingCountry: 'US',
  shippingCarrier: 'UPS',
  shippingService: 'Ground',
  shippingAmount: 12.5,
};

// Adding to the cart and placing its order take the same locks; only PostgreSQL runs them at once.
describe.each((await testEngines()).filter((engine) => engine.name === 'postgres'))(
  'adding to the cart while its order is placed on $name',
  (engine) => {
    let crm: SeededCrm;
    const TEMPLATE = 'tpl-test-lock-order';
    const buyer = () => ({
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.halvorsen,
      contactId: '003LOCKORDER000AAA',
    });
    let items: CatalogPage['items'];

    beforeAll(async () => {
      crm = await openSeededCrm(engine);
      await crm.database.db.insert(templates).values({
        id: TEMPLATE,
        storefrontId: crm.ids.storefrontA,
        name: TEMPLATE,
        createdDate: new Date('2025-01-01T00:00:00Z'),
        Page_Type: 'Checkout',
        Quote_eDocument_ID: 'QuoteOrderPdf',
      });
      items = (await crm.post('retrieveCatalogNG', buyer())).body.items;
    });
    afterAll(() => crm.close());

    const add = (item: number) =>
      crm.post('saveItemToQuoteBlink', { ...buyer(), catalogItemId: items[item]?.id, qty: 1 });

    /** A new cart of one line with every checkout step done, its PO number of the round. */
    async function readyCart(round: number): Promise<string> {
      await crm.post('startNewCart', buyer());
      const quoteId = (await add(0)).body.quote.id;
      await crm.database.db
        .update(quotes)
        .set({ ...READY_TO_ORDER, poNumber: `HRI-LOCK-${round}` })
        .where(eq(quotes.id, quoteId));
      return quoteId;
    }

    it('never deadlocks: the line is added, and the order is placed or asks again for what the line changed', async () => {
      const sku = items[1]?.sku ?? '';
      for (let round = 1; round <= 25; round++) {
        const quoteId = await readyCart(round);
        const [added, placed] = await Promise.all([
          add(1),
          crm.post('blinkCheckout', { ...buyer(), quoteId, templateId: TEMPLATE }),
        ]);
        const context = `round ${round}: ${JSON.stringify(placed.body)}`;
        expect(added.status, context).toBe(200);
        const addedToQuote = added.body.quote.id === quoteId;
        if (placed.status === 400) {
          // The line came first: it voided the shipping method the checkout had, as every line change does.
          expect(addedToQuote, context).toBe(true);
          expect(placed.error?.message, context).toBe(CHECKOUT_MESSAGES.shippingMethod);
          continue;
        }
        expect(placed.status, context).toBe(200);
        const order = await crm.post('getOrderConfirmation', {
          ...buyer(),
          orderNumber: placed.body.orderNumber,
        });
        // Either on the order, or, added after it, on the buyer's next cart.
        expect(
          order.body.lines.some((line) => line.sku === sku),
          context,
        ).toBe(addedToQuote);
        if (!addedToQuote) expect(added.body.lines.map((line) => line.qty)).toEqual([1]);
      }
    });

    it('never deadlocks a payment result with a new payment of the same quote or invoice', async () => {
      const payer = { storefrontId: crm.ids.storefrontA, accountId: crm.ids.halvorsen };
      const returnUrl = 'http://localhost:3000/checkout';
      const statuses: number[] = [];
      for (let round = 1; round <= 15; round++) {
        // A quote: the provider's result for the first request arrives as the buyer asks to pay again.
        await crm.post('startNewCart', buyer());
        const quoteId = (await add(0)).body.quote.id;
        const payQuote = () => crm.post('generateSignature', { ...buyer(), quoteId, returnUrl });
        const first = await payQuote();
        const [result, again] = await Promise.all([
          crm.post('paymentRequestHandler', providerResult(first.body.fields)),
          payQuote(),
        ]);
        // An invoice, the same way.
        const invoiceId = await billTestInvoice(crm, crm.ids.halvorsen, 40);
        const payInvoice = () =>
          crm.post('startInvoicePayment', {
            ...payer,
            invoices: [{ invoiceId, amount: 40 }],
            returnUrl,
          });
        const started = await payInvoice();
        const [invoiceResult, startedAgain] = await Promise.all([
          crm.post('paymentRequestHandler', providerResult(started.body.fields)),
          payInvoice(),
        ]);
        statuses.push(result.status, again.status, invoiceResult.status, startedAgain.status);
      }
      // Each is applied, refunded as replaced, or refused as paid already: never a failure of the server.
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
    });
  },
);
