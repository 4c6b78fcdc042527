import { randomBytes } from 'node:crypto';
import { CARD_BRANDS, failureOf } from '@storefront/contracts';
import { type PaymentFields, signPaymentFields } from '@storefront/contracts/payment-protocol';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSeededCrm, type SeededCrm, TEST_PAYMENTS, testEngines } from '../src/testing';

describe.each(await testEngines())('saved payment methods on $name', (engine) => {
  let crm: SeededCrm;

  // Kestrel buys on the partner storefront, the others on the main one.
  const scope = (accountId: string) => ({
    storefrontId: accountId === crm.ids.kestrel ? crm.ids.storefrontB : crm.ids.storefrontA,
    accountId,
    contactId: 'c-1',
  });
  const returnUrl = 'http://localhost:3000/billing/paymentmethods';
  const returnUrlOf = (accountId: string) =>
    accountId === crm.ids.kestrel ? 'http://127.0.0.1:3000/billing/paymentmethods' : returnUrl;

  const list = async (accountId: string) => (await crm.post('getPaymentMethods', scope(accountId))).body;
  const startSaving = async (accountId: string) =>
    (
      await crm.post('startSavingPaymentMethod', {
        ...scope(accountId),
        returnUrl: returnUrlOf(accountId),
      })
    ).body.fields;

  /** The provider's result for a save request, signed as the provider signs it. */
  function result(requestId: string, change: Partial<PaymentFields<'card_result'>> = {}) {
    return signPaymentFields(TEST_PAYMENTS.secret, 'card_result', {
      request_id: requestId,
      status: 'succeeded',
      token: `tok_${randomBytes(12).toString('base64url')}`,
      brand: 'Visa',
      last4: '4242',
      exp_month: '12',
      exp_year: '2030',
      decline_reason: '',
      timestamp: new Date().toISOString(),
      nonce: randomBytes(16).toString('base64url'),
      ...change,
    });
  }
  const callback = (body: unknown) => crm.post('savePaymentMethodCallback', body);

  /** Saves a card for the account through a request and its signed result: the new method's id. */
  async function saveCard(accountId: string, change: Partial<PaymentFields<'card_result'>> = {}) {
    const fields = await startSaving(accountId);
    const answer = await callback(result(fields.request_id, change));
    expect(answer.status).toBe(200);
    return (answer.body as { paymentMethodId: string }).paymentMethodId;
  }

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
  });
  afterAll(() => crm.close());

  it("lists Halvorsen's demo cards, the default first; an account that saved none has none", async () => {
    const { methods } = await list(crm.ids.halvorsen);
    expect(methods.map(({ brand, last4, isDefault }) => ({ brand, last4, isDefault }))).toEqual([
      { brand: 'Visa', last4: '4242', isDefault: true },
      { brand: 'MasterCard', last4: '4444', isDefault: false },
    ]);
    expect((await list(crm.ids.kestrel)).methods).toEqual([]);
  });

  it('signs a save request naming no amount, for a return to the storefront only', async () => {
    const fields = await startSaving(crm.ids.kestrel);
    expect(fields).toEqual({
      request_id: expect.any(String),
      merchant: expect.any(String),
      return_url: returnUrlOf(crm.ids.kestrel),
      callback_url: TEST_PAYMENTS.cardCallbackUrl,
      expires_at: expect.any(String),
      signature: expect.any(String),
    });
    const elsewhere = await crm.post('startSavingPaymentMethod', {
      ...scope(crm.ids.kestrel),
      returnUrl: 'https://evil.example/billing',
    });
    expect(elsewhere.status).toBe(400);
    const partnerReturn = await crm.post('startSavingPaymentMethod', {
      ...scope(crm.ids.kestrel),
      returnUrl,
    });
    expect(partnerReturn.status).toBe(400);
    expect(failureOf(elsewhere.body).field).toBe('returnUrl');
  });

  it("saves the provider's token, brand, last 4 and expiry; the account's first card is its default", async () => {
    const id = await saveCard(crm.ids.kestrel, {
      brand: 'JCB',
      last4: '0505',
      exp_month: '7',
      exp_year: '2031',
    });
    const { methods } = await list(crm.ids.kestrel);
    expect(methods).toEqual([
      {
        id,
        brand: 'JCB',
        last4: '0505',
        expMonth: 7,
        expYear: 2031,
        isDefault: true,
        createdAt: expect.any(String),
      },
    ]);
  });

  it('keeps the brand the provider read for every P§5 rule, and Credit/Debit for none', async () => {
    const seeded = new Set((await list(crm.ids.marlowe)).methods.map((method) => method.id));
    for (const brand of [...CARD_BRANDS, 'Credit/Debit']) await saveCard(crm.ids.marlowe, { brand });
    const saved = (await list(crm.ids.marlowe)).methods.filter((method) => !seeded.has(method.id));
    const brands = saved.map((method) => method.brand);
    expect(brands.sort()).toEqual([...CARD_BRANDS, 'Credit/Debit'].sort());
  });

  it('refuses a tampered, replayed, unknown or stale result, and a brand it does not know', async () => {
    const fields = await startSaving(crm.ids.kestrel);
    const signed = result(fields.request_id);
    const tampered = await callback({ ...signed, last4: '1111' });
    expect(tampered.status).toBe(403);
    expect(failureOf(tampered.body).errorCode).toBe('PAYMENT_SIGNATURE_INVALID');

    expect((await callback(signed)).status).toBe(200);
    const replayed = await callback(signed);
    expect(replayed.status).toBe(409);
    expect(failureOf(replayed.body).errorCode).toBe('PAYMENT_ALREADY_PROCESSED');

    expect((await callback(result('no-such-request'))).status).toBe(404);
    const stale = await callback(
      result((await startSaving(crm.ids.kestrel)).request_id, {
        timestamp: new Date(Date.now() - 10 * 60_000).toISOString(),
      }),
    );
    expect(failureOf(stale.body).errorCode).toBe('PAYMENT_REQUEST_EXPIRED');
    const unknown = await callback(
      result((await startSaving(crm.ids.kestrel)).request_id, { brand: 'Maestro' }),
    );
    expect(unknown.status).toBe(400);
  });

  it('saves nothing for a declined card, and takes no second result for its request', async () => {
    const before = (await list(crm.ids.kestrel)).methods.length;
    const fields = await startSaving(crm.ids.kestrel);
    const declined = await callback(
      result(fields.request_id, { status: 'declined', token: '', decline_reason: 'card_declined' }),
    );
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: 'Declined', paymentMethodId: null });
    expect((await callback(result(fields.request_id))).status).toBe(409);
    expect((await list(crm.ids.kestrel)).methods).toHaveLength(before);
  });

  it('makes another card the default, and removing the default makes the newest other one default', async () => {
    const first = await saveCard(crm.ids.halvorsen, { last4: '1881' });
    const second = await saveCard(crm.ids.halvorsen, { last4: '0004', brand: 'Discover' });
    const made = await crm.post('setDefaultPaymentMethod', {
      ...scope(crm.ids.halvorsen),
      paymentMethodId: first,
    });
    expect(made.status).toBe(200);
    expect(made.body.methods.filter((method) => method.isDefault).map((method) => method.id)).toEqual([
      first,
    ]);
    expect(made.body.methods[0]?.id).toBe(first);

    const removed = await crm.post('removePaymentMethod', {
      ...scope(crm.ids.halvorsen),
      paymentMethodId: first,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.methods.map((method) => method.id)).not.toContain(first);
    expect(removed.body.methods.find((method) => method.isDefault)?.id).toBe(second);
  });

  it('leaves exactly one default when cards are made default in parallel, without a 500', async () => {
    const ids = await Promise.all(
      ['1117', '0005', '4444'].map((last4) => saveCard(crm.ids.halvorsen, { last4 })),
    );
    const answers = await Promise.all(
      [...ids, ...ids].map((paymentMethodId) =>
        crm.post('setDefaultPaymentMethod', { ...scope(crm.ids.halvorsen), paymentMethodId }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const defaults = (await list(crm.ids.halvorsen)).methods.filter((method) => method.isDefault);
    expect(defaults).toHaveLength(1);
  });

  it("refuses another account's method with 403 and an unknown one with 404, changing nothing", async () => {
    const halvorsens = (await list(crm.ids.halvorsen)).methods;
    const target = halvorsens[0]?.id ?? '';
    for (const type of ['setDefaultPaymentMethod', 'removePaymentMethod'] as const) {
      const other = await crm.post(type, { ...scope(crm.ids.marlowe), paymentMethodId: target });
      expect(other.status, type).toBe(403);
      expect(failureOf(other.body).errorCode).toBe('FORBIDDEN');
      const unknown = await crm.post(type, { ...scope(crm.ids.marlowe), paymentMethodId: 'pm-none' });
      expect(unknown.status, type).toBe(404);
    }
    expect((await list(crm.ids.halvorsen)).methods).toEqual(halvorsens);
    const foreign = await crm.post('getPaymentMethods', {
      ...scope(crm.ids.halvorsen),
      storefrontId: crm.ids.storefrontB,
    });
    expect(foreign.status).toBe(403);
  });

  it('holds no card number anywhere in the database: the token stands for the card', async () => {
    await saveCard(crm.ids.kestrel, { brand: 'MasterCard', last4: '4444' });
    const tables = await rows<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public'`,
    );
    let everything = '';
    for (const { name } of tables)
      everything += JSON.stringify(await rows(sql.raw(`select * from "${name}"`)));
    expect(everything).toContain('tok_');
    // No run of 12 or more digits (the shortest card number) is stored, with or without spaces.
    expect(everything.replace(/[\s-]/g, '')).not.toMatch(/(?:4242424242424242|5555555555554444)/);
    const columns = await rows<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name = 'payment_methods'`,
    );
    expect(columns.map((column) => column.column_name).sort()).toEqual(
      [
        'account_id',
        'brand',
        'created_at',
        'created_by_contact_id',
        'exp_month',
        'exp_year',
        'id',
        'is_default',
        'last4',
        'nonce',
        'request_id',
        'token',
      ].sort(),
    );
  });

  async function rows<T = unknown>(query: ReturnType<typeof sql>): Promise<T[]> {
    const answer: unknown = await crm.database.db.execute(query);
    return (Array.isArray(answer) ? answer : (answer as { rows: T[] }).rows) as T[];
  }
});
