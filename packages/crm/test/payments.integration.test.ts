import { randomBytes } from 'node:crypto';
import { failureOf } from '@storefront/contracts';
import { paymentAmount, verifyPaymentSignature } from '@storefront/contracts/payment-protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentRefunds, paymentRequests, payments } from '../src/db/schema';
import { REFUND_REASONS } from '../src/payments/rules/payments';
import { openSeededCrm, providerResult, type SeededCrm, TEST_PAYMENTS, testEngines } from '../src/testing';

type Answer = { status: number; body: unknown };

describe.each(await testEngines())('online payment on $name', (engine) => {
  let crm: SeededCrm;

  const scope = (accountId: string, storefrontId = crm.ids.storefrontA) => ({ storefrontId, accountId });
  const returnUrl = 'http://localhost:3000/checkout?step=payment';

  /** A fresh cart of the account holding three of the first item its catalogue shows: its id and total. */
  async function newCart(accountId: string, extra: object = {}): Promise<{ id: string; total: number }> {
    const catalogue = await crm.post('retrieveCatalogNG', { ...scope(accountId), ...extra });
    const itemId = catalogue.body.items[0]?.id;
    await crm.post('startNewCart', { ...scope(accountId), ...extra });
    const cart = await crm.post('saveItemToQuoteBlink', {
      ...scope(accountId),
      ...extra,
      catalogItemId: itemId,
      qty: 3,
    });
    return { id: cart.body.quote.id, total: cart.body.quote.total };
  }

  const requestPayment = (accountId: string, quoteId: string, extra: object = {}) =>
    crm.post('generateSignature', {
      ...scope(accountId),
      quoteId,
      returnUrl,
      ...extra,
    });

  const callback = (body: unknown) => crm.post('paymentRequestHandler', body);
  const errorOf = (answer: Answer) => failureOf(answer.body);

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
  });
  afterAll(() => crm.close());

  it('tells whether online payment is configured, where the page is and which brands it takes', async () => {
    const { status, body } = await crm.get('getShuttleInfo');
    expect(status).toBe(200);
    expect(body).toEqual({
      configured: true,
      pageUrl: TEST_PAYMENTS.pageUrl,
      acceptedBrands: expect.arrayContaining(['Visa', 'MasterCard', 'American Express', 'JCB']),
    });
  });

  it("answers the amount due and the account's pay-online terms of an own quote", async () => {
    const cart = await newCart(crm.ids.halvorsen);
    const { status, body } = await crm.post('getShuttleCheckoutInfo', {
      ...scope(crm.ids.halvorsen),
      quoteId: cart.id,
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      quoteId: cart.id,
      amountDue: cart.total,
      currency: 'USD',
      payOnlineTerms: {
        term: 'Payment Optional',
        fromAccount: true,
        paymentRequired: false,
        paymentOffered: true,
      },
      total: cart.total,
      amountPaid: 0,
      payment: null,
      refunds: [],
    });
  });

  it("refuses another account's quote with 403, for its terms and for a payment request", async () => {
    const cart = await newCart(crm.ids.halvorsen);
    const info = await crm.post('getShuttleCheckoutInfo', { ...scope(crm.ids.marlowe), quoteId: cart.id });
    const request = await requestPayment(crm.ids.marlowe, cart.id);
    for (const answer of [info, request]) {
      expect(answer.status).toBe(403);
      expect(errorOf(answer).errorCode).toBe('FORBIDDEN');
    }
  });

  it('signs the amount the CRM computes, whatever amount the browser sends', async () => {
    const cart = await newCart(crm.ids.marlowe);
    const { status, body } = await requestPayment(crm.ids.marlowe, cart.id, {
      amount: 0.01,
      currency: 'EUR',
    });
    expect(status).toBe(200);
    expect(body.pageUrl).toBe(TEST_PAYMENTS.pageUrl);
    const { signature, ...fields } = body.fields;
    expect(fields).toMatchObject({
      amount: paymentAmount(cart.total),
      currency: 'USD',
      reference: cart.id,
      merchant: 'BioNova Life Sciences',
      return_url: returnUrl,
      callback_url: TEST_PAYMENTS.callbackUrl,
    });
    expect(Date.parse(fields.expires_at) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(verifyPaymentSignature(TEST_PAYMENTS.secret, 'request', fields, signature)).toBe(true);
  });

  it("sends the buyer back only to the storefront's own domain", async () => {
    const cart = await newCart(crm.ids.marlowe);
    const answer = await requestPayment(crm.ids.marlowe, cart.id, {
      returnUrl: 'https://evil.example/checkout',
    });
    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toMatchObject({ errorCode: 'INVALID_PAYLOAD', field: 'returnUrl' });
    expect(errorOf(answer).message).toBe(
      "returnUrl: must be an http(s) URL on this storefront's domain (localhost).",
    );
  });

  it('does not offer payment where the terms say No Payment', async () => {
    const cart = await newCart(crm.ids.kestrel, { storefrontId: crm.ids.storefrontB });
    const answer = await crm.post('generateSignature', {
      ...scope(crm.ids.kestrel, crm.ids.storefrontB),
      quoteId: cart.id,
      returnUrl: 'http://127.0.0.1:3000/checkout',
    });
    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toMatchObject({ errorCode: 'PAYMENT_NOT_OFFERED', field: 'quoteId' });
  });

  it("binds a guest's payment to the guest's cart secret", async () => {
    const secret = { guestCartSecret: randomBytes(32).toString('base64url') };
    const cart = await newCart(crm.ids.guest, secret);
    expect((await requestPayment(crm.ids.guest, cart.id)).status).toBe(403);
    const other = { guestCartSecret: randomBytes(32).toString('base64url') };
    expect((await requestPayment(crm.ids.guest, cart.id, other)).status).toBe(403);
    const own = await requestPayment(crm.ids.guest, cart.id, secret);
    expect(own.status).toBe(200);
    expect(own.body.fields.amount).toBe(paymentAmount(cart.total));
  });

  /** What the CRM recorded of the request's charges, applied first, with the refunds queued of each. */
  async function chargesOf(requestId: string) {
    const rows = await crm.database.db.select().from(payments).where(eq(payments.requestId, requestId));
    return Promise.all(
      rows
        .sort((a, b) => Number(a.notAppliedReason !== null) - Number(b.notAppliedReason !== null))
        .map(async (row) => ({
          amount: row.amount,
          notAppliedReason: row.notAppliedReason,
          refunds: (
            await crm.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, row.id))
          ).map((refund) => ({ amount: refund.amount, reason: refund.reason })),
        })),
    );
  }

  it('applies a request once: a replay is refused, a second charge is recorded and refunded', async () => {
    const cart = await newCart(crm.ids.marlowe);
    const { body } = await requestPayment(crm.ids.marlowe, cart.id);
    const paid = providerResult(body.fields);
    const first = await callback(paid);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      requestId: body.fields.request_id,
      status: 'Succeeded',
      applied: true,
    });

    const replay = await callback(paid);
    expect(replay.status).toBe(409);
    expect(errorOf(replay)).toMatchObject({ errorCode: 'PAYMENT_ALREADY_PROCESSED', field: 'nonce' });
    // The page paid from a second tab: the provider charged the card again, with a result of its own.
    const again = await callback(providerResult(body.fields));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'Succeeded', applied: false });
    expect(await chargesOf(body.fields.request_id)).toEqual([
      { amount: cart.total, notAppliedReason: null, refunds: [] },
      {
        amount: cart.total,
        notAppliedReason: REFUND_REASONS.alreadyPaid,
        refunds: [{ amount: cart.total, reason: REFUND_REASONS.alreadyPaid }],
      },
    ]);

    const info = await crm.post('getShuttleCheckoutInfo', {
      ...scope(crm.ids.marlowe),
      quoteId: cart.id,
    });
    expect(info.body).toMatchObject({ amountDue: 0, amountPaid: cart.total, total: cart.total });
    expect(info.body.payment).toMatchObject({
      status: 'Succeeded',
      amount: cart.total,
      currency: 'USD',
      brand: 'Visa',
      last4: '4242',
      declineReason: null,
    });
    expect(info.body.refunds).toEqual([
      expect.objectContaining({ amount: cart.total, status: 'Pending', reason: REFUND_REASONS.alreadyPaid }),
    ]);
    const more = await requestPayment(crm.ids.marlowe, cart.id);
    expect(more.status).toBe(409);
    expect(errorOf(more).errorCode).toBe('QUOTE_ALREADY_PAID');
  });

  it('asks for the difference when the cart grew after paying, and applies it', async () => {
    const cart = await newCart(crm.ids.marlowe);
    const first = (await requestPayment(crm.ids.marlowe, cart.id)).body;
    expect((await callback(providerResult(first.fields))).body).toMatchObject({ applied: true });
    const catalogue = await crm.post('retrieveCatalogNG', scope(crm.ids.marlowe));
    const grown = await crm.post('saveItemToQuoteBlink', {
      ...scope(crm.ids.marlowe),
      catalogItemId: catalogue.body.items[1]?.id,
      qty: 1,
    });
    const total = grown.body.quote.total;
    expect(total).toBeGreaterThan(cart.total);
    const difference = Math.round((total - cart.total) * 100) / 100;

    const second = (await requestPayment(crm.ids.marlowe, cart.id)).body;
    expect(second.fields.amount).toBe(paymentAmount(difference));
    expect((await callback(providerResult(second.fields))).body).toMatchObject({ applied: true });
    const info = await crm.post('getShuttleCheckoutInfo', {
      ...scope(crm.ids.marlowe),
      quoteId: cart.id,
    });
    expect(info.body).toMatchObject({ amountDue: 0, amountPaid: total, refunds: [] });
  });

  it('keeps one request open: a charge of a replaced request is recorded and refunded', async () => {
    const cart = await newCart(crm.ids.marlowe);
    const older = (await requestPayment(crm.ids.marlowe, cart.id)).body;
    const newer = (await requestPayment(crm.ids.marlowe, cart.id)).body;
    const late = await callback(providerResult(older.fields));
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ applied: false });
    expect(await chargesOf(older.fields.request_id)).toEqual([
      {
        amount: cart.total,
        notAppliedReason: REFUND_REASONS.replaced,
        refunds: [{ amount: cart.total, reason: REFUND_REASONS.replaced }],
      },
    ]);
    expect((await callback(providerResult(newer.fields))).body).toMatchObject({ applied: true });
  });

  it('refuses a nonce it has seen, even for another request', async () => {
    const cart = await newCart(crm.ids.marlowe);
    const first = (await requestPayment(crm.ids.marlowe, cart.id)).body;
    const declined = providerResult(first.fields, {
      status: 'declined',
      token: '',
      decline_reason: 'card_declined',
    });
    expect((await callback(declined)).body).toMatchObject({ status: 'Declined' });
    const second = (await requestPayment(crm.ids.marlowe, cart.id)).body;
    const reused = await callback(providerResult(second.fields, { nonce: declined.nonce }));
    expect(reused.status).toBe(409);
    expect(errorOf(reused)).toMatchObject({ errorCode: 'PAYMENT_ALREADY_PROCESSED', field: 'nonce' });
  });

  it('keeps a declined card as the latest attempt, and a new request may still be paid', async () => {
    const cart = await newCart(crm.ids.marlowe);
    const first = (await requestPayment(crm.ids.marlowe, cart.id)).body;
    await callback(
      providerResult(first.fields, { status: 'declined', token: '', decline_reason: 'insufficient_funds' }),
    );
    const info = async () =>
      (
        await crm.post('getShuttleCheckoutInfo', {
          ...scope(crm.ids.marlowe),
          quoteId: cart.id,
        })
      ).body.payment;
    expect(await info()).toMatchObject({ status: 'Declined', declineReason: 'insufficient_funds' });
    const second = (await requestPayment(crm.ids.marlowe, cart.id)).body;
    expect((await callback(providerResult(second.fields))).status).toBe(200);
    expect(await info()).toMatchObject({ status: 'Succeeded', requestId: second.fields.request_id });
  });

  it('refuses a forged result; records and refunds a wrong amount and a charge after the expiry', async () => {
    const cart = await newCart(crm.ids.marlowe);
    const { fields } = (await requestPayment(crm.ids.marlowe, cart.id)).body;

    const tampered = { ...providerResult(fields), amount: '0.01' };
    const forged = await callback(tampered);
    expect(forged.status).toBe(403);
    expect(errorOf(forged)).toMatchObject({ errorCode: 'PAYMENT_SIGNATURE_INVALID', field: 'signature' });
    const unknown = await callback(providerResult({ ...fields, request_id: 'no-such-request' }));
    expect(unknown.status).toBe(404);

    const wrongAmount = await callback(providerResult(fields, { amount: '0.01' }));
    expect(wrongAmount.body).toMatchObject({ status: 'Succeeded', applied: false });
    const wrongCurrency = await callback(providerResult(fields, { currency: 'EUR' }));
    expect(wrongCurrency.body).toMatchObject({ applied: false });
    // The request's quarter of an hour has passed.
    await crm.database.db
      .update(paymentRequests)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(paymentRequests.id, fields.request_id));
    const expired = await callback(providerResult(fields));
    expect(expired.body).toMatchObject({ applied: false });
    expect((await chargesOf(fields.request_id)).map((charge) => charge.refunds)).toEqual([
      [{ amount: 0.01, reason: REFUND_REASONS.amountChanged }],
      [{ amount: cart.total, reason: REFUND_REASONS.amountChanged }],
      [{ amount: cart.total, reason: REFUND_REASONS.expired }],
    ]);
  });

  it('applies a result the provider sends again long after the charge, as providers retry', async () => {
    const cart = await newCart(crm.ids.marlowe);
    const { fields } = (await requestPayment(crm.ids.marlowe, cart.id)).body;
    const retried = await callback(
      providerResult(fields, { timestamp: new Date(Date.now() - 10 * 60_000).toISOString() }),
    );
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: 'Succeeded', applied: true });
  });

  it('answers a malformed result with 400 naming the field, never a 500', async () => {
    const cart = await newCart(crm.ids.marlowe);
    const { fields } = (await requestPayment(crm.ids.marlowe, cart.id)).body;
    for (const [change, field] of [
      [{ status: 'maybe' }, 'status'],
      [{ brand: 'Acme Card' }, 'brand'],
      [{ last4: '42a2' }, 'last4'],
      [{ token: '' }, 'token'],
    ] as const) {
      const answer = await callback(providerResult(fields, change));
      expect(answer.status, field).toBe(400);
      expect(answer.error?.field).toBe(field);
    }
    const missing = await callback({ request_id: fields.request_id });
    expect(missing.status).toBe(400);
  });

  it('refuses a payment request when this CRM takes no payments online', async () => {
    const bare = await openSeededCrm(engine, { payments: null });
    try {
      expect((await bare.get('getShuttleInfo')).body).toEqual({
        configured: false,
        pageUrl: null,
        acceptedBrands: [],
      });
      const answer = await bare.post('generateSignature', {
        ...scope(bare.ids.marlowe, bare.ids.storefrontA),
        quoteId: 'any',
        returnUrl,
      });
      expect(answer.status).toBe(400);
      expect(failureOf(answer.body).errorCode).toBe('PAYMENT_NOT_CONFIGURED');
    } finally {
      await bare.close();
    }
  });

  // PGlite runs one transaction at a time; only PostgreSQL can race the callbacks.
  if (engine.name === 'postgres') {
    it('applies one of 20 parallel charges of one request and refunds the other 19', async () => {
      const cart = await newCart(crm.ids.marlowe);
      const { fields } = (await requestPayment(crm.ids.marlowe, cart.id)).body;
      const answers = await Promise.all(Array.from({ length: 20 }, () => callback(providerResult(fields))));
      expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 200));
      const charges = await chargesOf(fields.request_id);
      expect(charges.filter((charge) => charge.notAppliedReason === null)).toHaveLength(1);
      expect(charges.filter((charge) => charge.refunds.length === 1)).toHaveLength(19);
    });

    it('applies only the newest of three requests paid in parallel', async () => {
      const cart = await newCart(crm.ids.marlowe);
      const requests = await Promise.all([1, 2, 3].map(() => requestPayment(crm.ids.marlowe, cart.id)));
      const answers = await Promise.all(requests.map(({ body }) => callback(providerResult(body.fields))));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      const recorded = await crm.database.db.select().from(payments).where(eq(payments.quoteId, cart.id));
      expect(recorded).toHaveLength(3);
      expect(recorded.filter((row) => row.notAppliedReason === null)).toHaveLength(1);
      const info = await crm.post('getShuttleCheckoutInfo', {
        ...scope(crm.ids.marlowe),
        quoteId: cart.id,
      });
      expect(info.body).toMatchObject({ amountPaid: cart.total, amountDue: 0 });
    });
  }
});
