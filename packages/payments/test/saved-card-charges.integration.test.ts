import { randomBytes } from 'node:crypto';
import { failureOf } from '@storefront/contracts';
import { type PaymentFields, signPaymentFields } from '@storefront/contracts/payment-protocol';
import { paymentMethods, payments } from '@storefront/crm/db/schema';
import {
  billTestInvoice,
  openSeededCrm,
  type SeededCrm,
  TEST_PAYMENTS,
  testEngines,
} from '@storefront/crm/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentProvider } from '../src/app';

type Answer = { status: number; body: unknown };

// Paying invoices with a saved card (docs/decisions/0033-paying-invoices.md): the CRM charges the card's token
// at the provider's /charges, server to server, and applies the payment in the same transaction.
describe.each(await testEngines())('charging a saved card for invoices, on $name', (engine) => {
  let crm: SeededCrm;
  let providerDown = false;
  const provider = createPaymentProvider({
    secret: TEST_PAYMENTS.secret,
    fetch: async () => {
      throw new Error('no callback is made for a charge');
    },
  });
  const scope = (accountId: string) => ({ storefrontId: crm.ids.storefrontA, accountId });
  const errorOf = (answer: Answer) => failureOf(answer.body);

  const cardsOf = async (accountId: string) =>
    (await crm.post('getPaymentMethods', scope(accountId))).body.methods;
  const pay = (accountId: string, paymentMethodId: string, lines: { invoiceId: string; amount: number }[]) =>
    crm.post('payInvoicesWithSavedCard', {
      ...scope(accountId),
      paymentMethodId,
      invoices: lines,
    });
  const invoice = async (accountId: string, invoiceId: string) =>
    (await crm.get('getInvoice', { ...scope(accountId), invoiceId })).body;

  /** A charge as the CRM signs it, sent to the provider directly. */
  const charge = (fields: Partial<PaymentFields<'charge'>> = {}, secret = TEST_PAYMENTS.secret) =>
    provider.request('/charges', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        signPaymentFields(secret, 'charge', {
          request_id: 'req-1',
          token: 'tok_abcdefghijkl',
          amount: '10.00',
          currency: 'USD',
          merchant: 'BioNova Life Sciences',
          timestamp: new Date().toISOString(),
          nonce: randomBytes(16).toString('base64url'),
          ...fields,
        }),
      ),
    });

  beforeAll(async () => {
    crm = await openSeededCrm(engine, {
      payments: {
        ...TEST_PAYMENTS,
        fetch: async (request) => {
          if (providerDown) throw new TypeError('fetch failed');
          const url = new URL(request.url);
          if (`${url.origin}${url.pathname}` !== TEST_PAYMENTS.chargeUrl)
            throw new Error(`unexpected ${url}`);
          return provider.request(url.pathname, {
            method: 'POST',
            headers: request.headers,
            body: await request.text(),
          });
        },
      },
    });
  });
  afterAll(() => crm.close());

  it('pays two invoices with the saved card: the balances fall and the receipt names the card', async () => {
    const [amex] = await cardsOf(crm.ids.marlowe);
    expect(amex).toMatchObject({ brand: 'American Express', last4: '1009', isDefault: true });
    const first = await billTestInvoice(crm, crm.ids.marlowe, 1200);
    const second = await billTestInvoice(crm, crm.ids.marlowe, 310.4);
    const { status, body } = await pay(crm.ids.marlowe, amex?.id ?? '', [
      { invoiceId: first, amount: 1200 },
      { invoiceId: second, amount: 110.4 },
    ]);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: 'Succeeded',
      amount: 1310.4,
      brand: 'American Express',
      last4: '1009',
      declineReason: null,
    });
    expect(body.receiptNumber).toMatch(/^RCT-/);
    expect(await invoice(crm.ids.marlowe, first)).toMatchObject({ balance: 0, status: 'Paid' });
    const part = await invoice(crm.ids.marlowe, second);
    expect(part.balance).toBe(200);
    expect(part.payments).toEqual([
      expect.objectContaining({
        method: 'American Express ending 1009',
        reference: body.receiptNumber,
        amount: 110.4,
      }),
    ]);
  });

  it('charges once when the same invoice is paid twice at the same time', async () => {
    const [card] = await cardsOf(crm.ids.marlowe);
    const owed = await billTestInvoice(crm, crm.ids.marlowe, 640);
    const lines = [{ invoiceId: owed, amount: 640 }];
    const answers = await Promise.all([
      pay(crm.ids.marlowe, card?.id ?? '', lines),
      pay(crm.ids.marlowe, card?.id ?? '', lines),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(errorOf(answers.find((answer) => answer.status === 409) as Answer).errorCode).toBe(
      'INVOICE_NOT_OWED',
    );
    const now = await invoice(crm.ids.marlowe, owed);
    expect(now.balance).toBe(0);
    expect(now.payments).toHaveLength(1);
    const charged = await crm.database.db.select().from(payments).where(eq(payments.amount, 640));
    expect(charged.filter((row) => row.status === 'Succeeded')).toHaveLength(1);
  });

  it("refuses another account's card, an expired card and a card that is not saved, charging nothing", async () => {
    const owed = await billTestInvoice(crm, crm.ids.marlowe, 55);
    const [halvorsens] = await cardsOf(crm.ids.halvorsen);
    const other = await pay(crm.ids.marlowe, halvorsens?.id ?? '', [{ invoiceId: owed, amount: 55 }]);
    expect(other.status).toBe(403);
    await crm.database.db.insert(paymentMethods).values({
      id: 'pm-expired-marlowe',
      accountId: crm.ids.marlowe,
      token: `tok_${randomBytes(12).toString('base64url')}`,
      brand: 'Visa',
      last4: '1111',
      expMonth: 1,
      expYear: 2024,
    });
    const expired = await pay(crm.ids.marlowe, 'pm-expired-marlowe', [{ invoiceId: owed, amount: 55 }]);
    expect(expired.status).toBe(400);
    expect(errorOf(expired)).toMatchObject({ errorCode: 'CARD_EXPIRED', field: 'paymentMethodId' });
    expect(errorOf(expired).message).toContain('01/2024');
    const unknown = await pay(crm.ids.marlowe, 'pm-none', [{ invoiceId: owed, amount: 55 }]);
    expect(unknown.status).toBe(404);
    expect(await invoice(crm.ids.marlowe, owed)).toMatchObject({ balance: 55, payments: [] });
  });

  it('applies nothing when the provider does not answer, and the buyer can pay again', async () => {
    const [card] = await cardsOf(crm.ids.marlowe);
    const owed = await billTestInvoice(crm, crm.ids.marlowe, 75);
    providerDown = true;
    const down = await pay(crm.ids.marlowe, card?.id ?? '', [{ invoiceId: owed, amount: 75 }]).finally(() => {
      providerDown = false;
    });
    expect(down.status).toBe(502);
    expect(errorOf(down).errorCode).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect((await invoice(crm.ids.marlowe, owed)).balance).toBe(75);
    const again = await pay(crm.ids.marlowe, card?.id ?? '', [{ invoiceId: owed, amount: 75 }]);
    expect(again.body.status).toBe('Succeeded');
    expect((await invoice(crm.ids.marlowe, owed)).balance).toBe(0);
  });

  it('takes at the provider only a charge the merchant signed, fresh, and declines a token it never issued', async () => {
    const good = await charge();
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({ request_id: 'req-1', status: 'succeeded', amount: '10.00' });
    expect((await charge({}, 'another-secret-of-at-least-32-characters')).status).toBe(403);
    expect((await charge({ timestamp: '2020-01-01T00:00:00.000Z' })).status).toBe(400);
    const unknown = await charge({ token: '4242424242424242' });
    expect(await unknown.json()).toMatchObject({ status: 'declined', decline_reason: 'invalid_token' });
  });
});
