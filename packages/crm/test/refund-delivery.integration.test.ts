import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentRefunds, payments } from '../src/db/schema';
import { createRefundDelivery, REFUND_MAX_ATTEMPTS } from '../src/payments/refund-delivery';
import { openSeededCrm, providerResult, type SeededCrm, TEST_PAYMENTS, testEngines } from '../src/testing';

// Refunds the provider cannot be reached for are tried again, then left Failed for a person (decision 0015).
describe.each(await testEngines())('refunds the provider does not confirm, on $name', (engine) => {
  let crm: SeededCrm;
  const scope = () => ({ storefrontId: crm.ids.storefrontA, accountId: crm.ids.marlowe });

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
  });
  afterAll(() => crm.close());

  /** A paid cart whose second charge of the same request is recorded and queued for its refund. */
  async function queuedRefund(): Promise<string> {
    const catalogue = await crm.post('retrieveCatalogNG', scope());
    await crm.post('startNewCart', scope());
    const cart = await crm.post('saveItemToQuoteBlink', {
      ...scope(),
      catalogItemId: catalogue.body.items[0]?.id,
      qty: 1,
    });
    const { body } = await crm.post('generateSignature', {
      ...scope(),
      quoteId: cart.body.quote.id,
      returnUrl: 'http://localhost:3000/checkout',
    });
    await crm.post('paymentRequestHandler', providerResult(body.fields));
    await crm.post('paymentRequestHandler', providerResult(body.fields));
    const [refund] = await crm.database.db
      .select({ id: paymentRefunds.id })
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
      .where(eq(payments.requestId, body.fields.request_id));
    if (!refund) throw new Error('the second charge queued no refund');
    return refund.id;
  }

  it('tries again after each failure and, after the last try, leaves it Failed and says a person must refund it', async () => {
    const refundId = await queuedRefund();
    const logged: string[] = [];
    const delivery = createRefundDelivery({
      db: crm.database.db,
      payments: {
        ...TEST_PAYMENTS,
        now: () => new Date(),
        fetch: async () => {
          throw new TypeError('fetch failed');
        },
      },
      logError: (error) => logged.push(error instanceof Error ? error.message : String(error)),
    });
    const refund = async () =>
      (await crm.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId)))[0];
    // The CRM's own delivery tried once when the charge was recorded (the test provider's host does not resolve).
    await expect.poll(async () => (await refund())?.lastError).toMatch(/^the provider could not be reached/);
    const tried = (await refund())?.attempts ?? 0;
    expect(tried).toBe(1);
    for (let attempt = tried + 1; attempt <= REFUND_MAX_ATTEMPTS; attempt++) {
      // The wait before the next try has passed.
      await crm.database.db
        .update(paymentRefunds)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(paymentRefunds.id, refundId));
      await delivery.settle();
      expect(await refund()).toMatchObject({
        attempts: attempt,
        status: attempt < REFUND_MAX_ATTEMPTS ? 'Pending' : 'Failed',
        lastError: 'the provider could not be reached (fetch failed)',
      });
    }
    expect(
      logged.some((line) => line.includes(`refund ${refundId}`) && line.includes('refund it by hand')),
    ).toBe(true);
    // A Failed refund is not tried again.
    await delivery.settle();
    expect((await refund())?.attempts).toBe(REFUND_MAX_ATTEMPTS);
  });
});
