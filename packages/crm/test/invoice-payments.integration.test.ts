import { randomBytes, randomUUID } from 'node:crypto';
import { failureOf } from '@storefront/contracts';
import { verifyPaymentSignature } from '@storefront/contracts/payment-protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, crmOutbox, invoices, payments } from '../src/db/schema';
import { REFUND_REASONS } from '../src/payments/rules/payments';
import {
  billTestInvoice,
  openSeededCrm,
  providerResult,
  type SeededCrm,
  TEST_PAYMENTS,
  TODAY,
  testEngines,
} from '../src/testing';

type Answer = { status: number; body: unknown };

const today = TODAY.toISOString().slice(0, 10);
const returnUrl = 'http://localhost:3000/billing/payment';

// Paying invoices through the hosted payment page (docs/decisions/0033-paying-invoices.md): the provider's
// signed result is posted to paymentRequestHandler as the provider posts it. Each test bills invoices of its
// own, so the balances it reads are its own.
describe.each(await testEngines())('paying invoices on $name', (engine) => {
  let crm: SeededCrm;
  const scope = (accountId: string) => ({ storefrontId: crm.ids.storefrontA, accountId });
  const errorOf = (answer: Answer) => failureOf(answer.body);

  const newInvoice = (accountId: string, amount: number, dueDate?: string) =>
    billTestInvoice(crm, accountId, amount, dueDate);

  const invoice = async (accountId: string, invoiceId: string) =>
    (await crm.get('getInvoice', { ...scope(accountId), invoiceId })).body;

  const start = (accountId: string, lines: { invoiceId: string; amount: number }[], extra: object = {}) =>
    crm.post('startInvoicePayment', {
      ...scope(accountId),
      invoices: lines,
      returnUrl,
      ...extra,
    });

  const callback = (body: unknown) => crm.post('paymentRequestHandler', body);
  const receipt = (accountId: string, requestId: string) =>
    crm.post('getInvoicePaymentReceipt', { ...scope(accountId), requestId });

  /** A contact of the account who pays, so a receipt has somewhere to go. */
  async function newContact(accountId: string): Promise<{ id: string; email: string }> {
    const contact = {
      id: `003${randomBytes(6).toString('hex')}`,
      email: `ap-${randomUUID()}@marlowe.example`,
    };
    await crm.database.db
      .insert(contacts)
      .values({ ...contact, accountId, firstName: 'Ada', lastName: 'Okafor' });
    return contact;
  }

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
  });
  afterAll(() => crm.close());

  it('lists what the account still owes, oldest due first, and whether its terms allow paying part', async () => {
    const later = await newInvoice(crm.ids.marlowe, 120, '2099-01-31');
    const sooner = await newInvoice(crm.ids.marlowe, 80, '2099-01-01');
    const { status, body } = await crm.post('getPayableInvoices', scope(crm.ids.marlowe));
    expect(status).toBe(200);
    expect(body.partialPaymentsAllowed).toBe(true);
    expect(body.paymentsConfigured).toBe(true);
    const ids = body.invoices.map((row) => row.id);
    expect(ids.indexOf(sooner)).toBeLessThan(ids.indexOf(later));
    expect(body.invoices.every((row) => row.kind === 'Invoice' && row.balance > 0)).toBe(true);
    const halvorsen = await crm.post('getPayableInvoices', scope(crm.ids.halvorsen));
    expect(halvorsen.body.partialPaymentsAllowed).toBe(false);
    expect(halvorsen.body.invoices.map((row) => row.id)).not.toContain(sooner);
  });

  it('signs a request for the amounts the CRM checked, naming the invoices', async () => {
    const first = await newInvoice(crm.ids.marlowe, 250.5);
    const second = await newInvoice(crm.ids.marlowe, 100);
    const { status, body } = await start(crm.ids.marlowe, [
      { invoiceId: first, amount: 250.5 },
      { invoiceId: second, amount: 40 },
    ]);
    expect(status).toBe(200);
    const { signature, ...fields } = body.fields;
    expect(fields).toMatchObject({
      amount: '290.50',
      currency: 'USD',
      merchant: 'BioNova Life Sciences',
      return_url: returnUrl,
      callback_url: TEST_PAYMENTS.callbackUrl,
    });
    expect(fields.reference.split(', ')).toEqual([
      (await invoice(crm.ids.marlowe, first)).invoiceNumber,
      (await invoice(crm.ids.marlowe, second)).invoiceNumber,
    ]);
    expect(verifyPaymentSignature(TEST_PAYMENTS.secret, 'request', fields, signature)).toBe(true);
  });

  it('refuses what may not be paid, naming the invoice, and signs nothing', async () => {
    const owed = await newInvoice(crm.ids.halvorsen, 300);
    const marlowes = await newInvoice(crm.ids.marlowe, 300);
    const cases: [string, Answer, number, string][] = [
      [
        'part, on terms that do not allow it',
        await start(crm.ids.halvorsen, [{ invoiceId: owed, amount: 100 }]),
        400,
        'PARTIAL_PAYMENT_NOT_ALLOWED',
      ],
      [
        'more than the balance',
        await start(crm.ids.marlowe, [{ invoiceId: marlowes, amount: 300.01 }]),
        400,
        'PAYMENT_OVER_BALANCE',
      ],
      [
        "another account's invoice",
        await start(crm.ids.marlowe, [{ invoiceId: owed, amount: 300 }]),
        403,
        'FORBIDDEN',
      ],
      [
        'an invoice that does not exist',
        await start(crm.ids.marlowe, [{ invoiceId: 'inv-none', amount: 1 }]),
        404,
        'NOT_FOUND',
      ],
      [
        'the same invoice twice',
        await start(crm.ids.marlowe, [
          { invoiceId: marlowes, amount: 1 },
          { invoiceId: marlowes, amount: 1 },
        ]),
        400,
        'INVALID_PAYLOAD',
      ],
      ['nothing', await start(crm.ids.marlowe, []), 400, 'INVALID_PAYLOAD'],
      [
        'part of a cent',
        await start(crm.ids.marlowe, [{ invoiceId: marlowes, amount: 0.005 }]),
        400,
        'INVALID_PAYLOAD',
      ],
      [
        'a billionth, which is more than 0 but not a cent',
        await start(crm.ids.marlowe, [{ invoiceId: marlowes, amount: 1e-9 }]),
        400,
        'INVALID_PAYLOAD',
      ],
      [
        'a billionth, charged to a saved card',
        await crm.post('payInvoicesWithSavedCard', {
          ...scope(crm.ids.marlowe),
          paymentMethodId: 'any-card',
          invoices: [{ invoiceId: marlowes, amount: 1e-9 }],
        }),
        400,
        'INVALID_PAYLOAD',
      ],
      [
        'a return to another site',
        await start(crm.ids.marlowe, [{ invoiceId: marlowes, amount: 300 }], {
          returnUrl: 'https://evil.example/x',
        }),
        400,
        'INVALID_PAYLOAD',
      ],
    ];
    for (const [what, answer, status, code] of cases) {
      expect(answer.status, what).toBe(status);
      expect(errorOf(answer).errorCode, what).toBe(code);
    }
    expect(errorOf(cases[1]?.[1] as Answer).message).toContain('is more than the balance of INV-T-');
    expect((await invoice(crm.ids.marlowe, marlowes)).balance).toBe(300);
  });

  it('applies a succeeded result: balances fall, each invoice lists the payment, the receipt is mailed', async () => {
    const contact = await newContact(crm.ids.marlowe);
    const first = await newInvoice(crm.ids.marlowe, 500);
    const second = await newInvoice(crm.ids.marlowe, 75.25);
    const request = await start(
      crm.ids.marlowe,
      [
        { invoiceId: first, amount: 200 },
        { invoiceId: second, amount: 75.25 },
      ],
      { contactId: contact.id },
    );
    expect((await receipt(crm.ids.marlowe, request.body.fields.request_id)).body.status).toBe('Pending');

    const answer = await callback(providerResult(request.body.fields));
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('Succeeded');

    const paid = (await receipt(crm.ids.marlowe, request.body.fields.request_id)).body;
    expect(paid).toMatchObject({
      status: 'Succeeded',
      amount: 275.25,
      currency: 'USD',
      brand: 'Visa',
      last4: '4242',
    });
    expect(paid.receiptNumber).toMatch(/^RCT-[0-9A-F]{12}$/);
    expect(paid.invoices.map(({ invoiceId, amount, balance }) => ({ invoiceId, amount, balance }))).toEqual(
      expect.arrayContaining([
        { invoiceId: first, amount: 200, balance: 300 },
        { invoiceId: second, amount: 75.25, balance: 0 },
      ]),
    );
    const firstNow = await invoice(crm.ids.marlowe, first);
    expect(firstNow).toMatchObject({ balance: 300, status: 'Open' });
    expect(firstNow.payments).toEqual([
      { paidOn: today, method: 'Visa ending 4242', reference: paid.receiptNumber, amount: 200 },
    ]);
    expect((await invoice(crm.ids.marlowe, second)).status).toBe('Paid');

    const [mail] = await crm.database.db
      .select()
      .from(crmOutbox)
      .where(eq(crmOutbox.recipient, contact.email));
    expect(mail?.kind).toBe('PaymentReceipt');
    expect(mail?.subject).toBe(`Receipt ${paid.receiptNumber} for your payment of 275.25 USD`);
    expect(mail?.body).toContain('paid 200.00 USD, balance now 300.00 USD');
    expect(mail?.body).toContain('paid with Visa ending 4242');
  });

  it('applies nothing for a declined card, and the same invoice can be paid again', async () => {
    const owed = await newInvoice(crm.ids.marlowe, 90);
    const declined = await start(crm.ids.marlowe, [{ invoiceId: owed, amount: 90 }]);
    const answer = await callback(
      providerResult(declined.body.fields, {
        status: 'declined',
        token: '',
        decline_reason: 'insufficient_funds',
      }),
    );
    expect(answer.body.status).toBe('Declined');
    const said = (await receipt(crm.ids.marlowe, declined.body.fields.request_id)).body;
    expect(said).toMatchObject({
      status: 'Declined',
      declineReason: 'insufficient_funds',
      receiptNumber: null,
    });
    expect(await invoice(crm.ids.marlowe, owed)).toMatchObject({ balance: 90, payments: [] });
    const again = await start(crm.ids.marlowe, [{ invoiceId: owed, amount: 90 }]);
    expect((await callback(providerResult(again.body.fields))).status).toBe(200);
    expect((await invoice(crm.ids.marlowe, owed)).balance).toBe(0);
  });

  it('refuses a replayed or tampered result; records and refunds a charge of another amount', async () => {
    const owed = await newInvoice(crm.ids.marlowe, 60);
    const request = await start(crm.ids.marlowe, [{ invoiceId: owed, amount: 60 }]);
    const signed = providerResult(request.body.fields);
    const tampered = await callback({ ...signed, amount: '6.00' });
    expect(tampered.status).toBe(403);
    const otherAmount = await callback(providerResult(request.body.fields, { amount: '6.00' }));
    expect(otherAmount.body).toMatchObject({ status: 'Succeeded', applied: false });
    expect((await callback(signed)).status).toBe(200);
    const replay = await callback(signed);
    expect(replay.status).toBe(409);
    expect(errorOf(replay).errorCode).toBe('PAYMENT_ALREADY_PROCESSED');
    const invoiceNow = await invoice(crm.ids.marlowe, owed);
    expect(invoiceNow.balance).toBe(0);
    expect(invoiceNow.payments).toHaveLength(1);
  });

  it('pays an invoice once when two payments of it are answered at the same time', async () => {
    const owed = await newInvoice(crm.ids.marlowe, 400);
    const one = await start(crm.ids.marlowe, [{ invoiceId: owed, amount: 400 }]);
    const two = await start(crm.ids.marlowe, [{ invoiceId: owed, amount: 400 }]);
    const answers = await Promise.all([
      callback(providerResult(one.body.fields)),
      callback(providerResult(two.body.fields)),
    ]);
    // Both charges are recorded; the older request was closed when the newer was made, so its charge is refunded.
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.body.applied)).toEqual([false, true]);
    const invoiceNow = await invoice(crm.ids.marlowe, owed);
    expect(invoiceNow.balance).toBe(0);
    expect(invoiceNow.payments).toHaveLength(1);
    const recorded = await crm.database.db
      .select()
      .from(payments)
      .where(eq(payments.accountId, crm.ids.marlowe));
    const forThisInvoice = recorded.filter((row) =>
      [one.body.fields.request_id, two.body.fields.request_id].includes(row.requestId),
    );
    expect((await receipt(crm.ids.marlowe, one.body.fields.request_id)).body).toMatchObject({
      status: 'Refunded',
      refundReason: REFUND_REASONS.replaced,
      receiptNumber: null,
    });
    expect(forThisInvoice.map((row) => row.notAppliedReason).sort()).toEqual([REFUND_REASONS.replaced, null]);
    // Paid in full, the invoice is no longer offered.
    const payable = await crm.post('getPayableInvoices', scope(crm.ids.marlowe));
    expect(payable.body.invoices.map((row) => row.id)).not.toContain(owed);
    const third = await start(crm.ids.marlowe, [{ invoiceId: owed, amount: 400 }]);
    expect(third.status).toBe(409);
    expect(errorOf(third).errorCode).toBe('INVOICE_NOT_OWED');
  });

  it("refuses another account's receipt with 403 and an unknown one with 404", async () => {
    const owed = await newInvoice(crm.ids.marlowe, 10);
    const request = await start(crm.ids.marlowe, [{ invoiceId: owed, amount: 10 }]);
    const other = await receipt(crm.ids.halvorsen, request.body.fields.request_id);
    expect(other.status).toBe(403);
    expect(errorOf(other).errorCode).toBe('FORBIDDEN');
    expect((await receipt(crm.ids.marlowe, 'req-none')).status).toBe(404);
    const balance = await crm.database.db
      .select({ balance: invoices.balance })
      .from(invoices)
      .where(eq(invoices.id, owed));
    expect(balance).toEqual([{ balance: 10 }]);
  });
});
