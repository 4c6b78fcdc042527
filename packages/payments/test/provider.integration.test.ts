import { CARD_BRANDS, cardBrand, type SignedPaymentRequest } from '@storefront/contracts';
import {
  pickPaymentFields,
  signPaymentFields,
  verifyPaymentSignature,
} from '@storefront/contracts/payment-protocol';
import {
  openSeededCrm,
  type SeededCrm,
  TEST_PAYMENTS,
  TEST_SERVICE_TOKEN,
  testEngines,
} from '@storefront/crm/testing';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPaymentProvider } from '../src/app';
import { TEST_CARDS } from '../src/test-cards';

type Fields = SignedPaymentRequest['fields'];

const RETURN_URL = 'http://localhost:3000/checkout?step=payment';
const GOOD_CARD = { expiry: '12/39', cvc: '123', name: 'Ana Lima' };

describe.each(await testEngines())('the hosted payment page, calling the CRM on $name', (engine) => {
  let crm: SeededCrm;
  let web: Hono;
  let logLines: string[];

  const scope = { storefrontId: '', accountId: '' };

  beforeAll(async () => {
    // The CRM asks the provider for refunds server to server, as the composed server routes it.
    crm = await openSeededCrm(engine, {
      payments: {
        ...TEST_PAYMENTS,
        fetch: async (request) => {
          if (request.url !== TEST_PAYMENTS.refundUrl) throw new Error(`unexpected ${request.url}`);
          return provider.request('/refunds', {
            method: 'POST',
            headers: request.headers,
            body: await request.text(),
          });
        },
      },
    });
    Object.assign(scope, { storefrontId: crm.ids.storefrontA, accountId: crm.ids.marlowe });
    const provider = createPaymentProvider({
      secret: TEST_PAYMENTS.secret,
      // The callback reaches the CRM's contract with the service token, as the composed server relays it.
      fetch: async (request) => {
        const url = new URL(request.url);
        const callbacks: string[] = [TEST_PAYMENTS.callbackUrl, TEST_PAYMENTS.cardCallbackUrl];
        if (!callbacks.includes(`${url.origin}${url.pathname}${url.search}`)) {
          throw new Error(`unexpected callback ${request.url}`);
        }
        return crm.app.request(`${url.pathname}${url.search}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${TEST_SERVICE_TOKEN}`, 'content-type': 'application/json' },
          body: await request.text(),
        });
      },
      logger: {
        info: (fields, message) => logLines.push(JSON.stringify({ ...fields, message })),
        warn: (fields, message) => logLines.push(JSON.stringify({ ...fields, message })),
      },
    });
    web = new Hono().route('/payments', provider);
  });
  beforeEach(() => {
    logLines = [];
  });
  afterAll(() => crm.close());

  /** A signed payment request for a fresh cart of Marlowe's, as generateSignature answers it. */
  async function startPayment(): Promise<{ fields: Fields; quoteId: string; total: number }> {
    const catalogue = await crm.post('retrieveCatalogNG', scope);
    await crm.post('startNewCart', scope);
    const cart = await crm.post('saveItemToQuoteBlink', {
      ...scope,
      catalogItemId: catalogue.body.items[0]?.id,
      qty: 2,
    });
    const { body } = await crm.post('generateSignature', {
      ...scope,
      quoteId: cart.body.quote.id,
      returnUrl: RETURN_URL,
    });
    return { fields: body.fields, quoteId: cart.body.quote.id, total: cart.body.quote.total };
  }

  /** A form post to the page, as a browser sends it. */
  const post = (form: Record<string, string>, headers: Record<string, string> = {}) =>
    web.request('/payments/pay', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
        ...headers,
      },
      body: new URLSearchParams(form).toString(),
    });

  const pay = (fields: Fields, number: string, card = GOOD_CARD) => post({ ...fields, number, ...card });
  const paymentOf = async (quoteId: string) =>
    (await crm.post('getShuttleCheckoutInfo', { ...scope, quoteId })).body.payment;

  it('shows the amount and the merchant in a page of its own, with no script', async () => {
    const { fields, total } = await startPayment();
    const response = await post(fields, { 'sec-fetch-site': 'cross-site' });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<h1>Pay BioNova Life Sciences</h1>');
    expect(html).toContain(`$${total.toFixed(2)}`);
    expect(html).not.toContain('<script');
    for (const autocomplete of ['cc-number', 'cc-exp', 'cc-csc', 'cc-name'])
      expect(html).toContain(`autocomplete="${autocomplete}"`);
    expect(html).toContain('action="/payments/pay"');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/^default-src 'none'; style-src 'nonce-[A-Za-z0-9+/=]+'; /);
    expect(policy).toContain("form-action 'self' http://localhost:3000");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a request whose signature does not match, and one that has expired', async () => {
    const { fields } = await startPayment();
    const tampered = await post({ ...fields, amount: '0.01' });
    expect(tampered.status).toBe(403);
    const html = await tampered.text();
    expect(html).toContain('Payment request not valid');
    expect(html).not.toContain('cc-number');

    const { signature: _, ...unsigned } = fields;
    const expired = signPaymentFields(TEST_PAYMENTS.secret, 'request', {
      ...unsigned,
      expires_at: new Date(Date.now() - 1000).toISOString(),
    });
    const late = await post(expired);
    expect(late.status).toBe(410);
    expect(await late.text()).toContain('This payment request has expired; nothing was charged.');
    expect((await pay(expired, '4242424242424242')).status).toBe(410);
  });

  it('takes 4242 4242 4242 4242, tells the CRM, and sends the buyer back with a signed reference', async () => {
    const { fields, quoteId, total } = await startPayment();
    const response = await pay(fields, '4242 4242 4242 4242');
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:3000/checkout');
    expect(location.searchParams.get('step')).toBe('payment');
    const reference = pickPaymentFields('return', {
      request_id: location.searchParams.get('payment_request'),
      status: location.searchParams.get('payment_status'),
    });
    expect(reference).toEqual({ request_id: fields.request_id, status: 'succeeded' });
    if (!reference) throw new Error('no reference');
    const signature = location.searchParams.get('payment_signature') ?? '';
    expect(verifyPaymentSignature(TEST_PAYMENTS.secret, 'return', reference, signature)).toBe(true);

    expect(await paymentOf(quoteId)).toMatchObject({
      status: 'Succeeded',
      amount: total,
      brand: 'Visa',
      last4: '4242',
    });
  });

  it('declines 4000 0000 0000 0002 and records the decline', async () => {
    const { fields, quoteId } = await startPayment();
    const response = await pay(fields, '4000000000000002');
    expect(response.status).toBe(303);
    expect(new URL(response.headers.get('location') ?? '').searchParams.get('payment_status')).toBe(
      'declined',
    );
    expect(await paymentOf(quoteId)).toMatchObject({
      status: 'Declined',
      declineReason: 'card_declined',
      last4: '0002',
    });
  });

  it('asks for a correction of a number failing Luhn, an expired card or a short code, without echoing the number', async () => {
    const { fields, quoteId } = await startPayment();
    const typo = await pay(fields, '4242424242424241', { expiry: '01/20', cvc: '1', name: 'Ana Lima' });
    expect(typo.status).toBe(422);
    const html = await typo.text();
    expect(html).toContain('This card number is not valid: check its digits.');
    expect(html).toContain('This card has expired.');
    expect(html).toContain('Enter the 3-digit security code.');
    expect(html).toContain('value="Ana Lima"');
    expect(html).not.toContain('4242424242424241');
    expect(await paymentOf(quoteId)).toBeNull();
  });

  it('refunds a second card charged for a request already paid, and the buyer is told', async () => {
    const { fields, quoteId, total } = await startPayment();
    expect((await pay(fields, '4242424242424242')).status).toBe(303);
    // The page paid again from a second tab: the provider charges the second card too.
    expect((await pay(fields, '5555555555554444')).status).toBe(303);
    const info = async () => (await crm.post('getShuttleCheckoutInfo', { ...scope, quoteId })).body;
    await expect
      .poll(async () => (await info()).refunds)
      .toEqual([
        expect.objectContaining({
          amount: total,
          status: 'Refunded',
          brand: 'MasterCard',
          last4: '4444',
          reason: 'it was already paid in full',
        }),
      ]);
    expect(await info()).toMatchObject({
      amountPaid: total,
      amountDue: 0,
      payment: { brand: 'Visa', last4: '4242' },
    });
  });

  it('refuses a card posted from another site', async () => {
    const { fields, quoteId } = await startPayment();
    const response = await post(
      { ...fields, number: '4242424242424242', ...GOOD_CARD },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(response.status).toBe(403);
    expect(await paymentOf(quoteId)).toBeNull();
  });

  it('keeps no card number in the CRM database, the logs or the way back', async () => {
    const { fields } = await startPayment();
    const number = '5555555555554444';
    const response = await pay(fields, '5555 5555 5555 4444', { ...GOOD_CARD, cvc: '987' });
    expect(response.status).toBe(303);
    expect(logLines.join('\n')).toContain(fields.request_id);

    const tables = await rows<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public'`,
    );
    // Files (bytea) read as text, not as a map of byte offsets whose keys would look like a code.
    const binaryAsText = (_: string, value: unknown) =>
      value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value;
    let everything = '';
    for (const { name } of tables) {
      everything += JSON.stringify(await rows(sql.raw(`select * from "${name}"`)), binaryAsText);
    }
    expect(everything).toContain(fields.request_id);
    for (const trace of [number, '5555 5555 5555 4444', '555555555555', `"987"`, 'Ana Lima']) {
      expect(everything, trace).not.toContain(trace);
      expect(logLines.join('\n'), trace).not.toContain(trace);
      expect(response.headers.get('location'), trace).not.toContain(trace);
    }
  });

  async function rows<T = unknown>(query: ReturnType<typeof sql>): Promise<T[]> {
    const result: unknown = await crm.database.db.execute(query);
    return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
  }

  it('answers a GET of the page with a way back to the store', async () => {
    const response = await web.request('/payments/pay');
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('No payment to make');
  });

  describe('saving a card (no charge)', () => {
    const SAVE_RETURN_URL = 'http://localhost:3000/billing/paymentmethods';

    const startSaving = async () =>
      (
        await crm.post('startSavingPaymentMethod', {
          ...scope,
          returnUrl: SAVE_RETURN_URL,
        })
      ).body.fields;
    const methods = async () => (await crm.post('getPaymentMethods', scope)).body.methods;

    it('shows a page to save a card that names no amount, and saves the card as a token', async () => {
      const fields = await startSaving();
      const page = await post(fields);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('Save a card with');
      expect(html).toContain('Save card');
      expect(html).not.toContain('Pay ');

      const before = (await methods()).length;
      const response = await post({ ...fields, number: '5555 5555 5555 4444', ...GOOD_CARD });
      expect(response.status).toBe(303);
      const back = new URL(response.headers.get('location') ?? '');
      expect(`${back.origin}${back.pathname}`).toBe(SAVE_RETURN_URL);
      expect(back.searchParams.get('payment_status')).toBe('succeeded');
      const saved = await methods();
      expect(saved).toHaveLength(before + 1);
      expect(saved).toContainEqual(
        expect.objectContaining({ brand: 'MasterCard', last4: '4444', expMonth: 12, expYear: 2039 }),
      );
    });

    it('names the brand of every P§5 rule from the number typed on its page', async () => {
      const brands = new Set<string>();
      for (const card of TEST_CARDS.filter((test) => test.outcome === 'succeeded')) {
        const cvc = cardBrand(card.number) === 'American Express' ? '1234' : '123';
        const response = await post({ ...(await startSaving()), number: card.number, ...GOOD_CARD, cvc });
        expect(response.status, card.what).toBe(303);
        const saved = (await methods()).find((method) => method.last4 === card.number.slice(-4));
        expect(saved?.brand, card.what).toBe(cardBrand(card.number));
        brands.add(saved?.brand ?? '');
      }
      expect([...brands].sort()).toEqual([...CARD_BRANDS, 'Credit/Debit'].sort());
    });

    it('saves nothing for a declined card, and answers a second card for a used request without saving it', async () => {
      const before = (await methods()).length;
      const declined = await post({ ...(await startSaving()), number: '4000000000000002', ...GOOD_CARD });
      expect(new URL(declined.headers.get('location') ?? '').searchParams.get('payment_status')).toBe(
        'declined',
      );
      const fields = await startSaving();
      expect((await post({ ...fields, number: '4242424242424242', ...GOOD_CARD })).status).toBe(303);
      const again = await post({ ...fields, number: '378282246310005', ...GOOD_CARD, cvc: '1234' });
      expect(again.status).toBe(409);
      expect(await methods()).toHaveLength(before + 1);
    });

    it('refuses a save request whose signature does not match', async () => {
      const fields = await startSaving();
      const response = await post({ ...fields, return_url: 'https://evil.example/' });
      expect(response.status).toBe(403);
    });
  });
});
