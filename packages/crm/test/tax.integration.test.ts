import {
  type CatalogPage,
  type CrmError,
  INCOMPLETE_ADDRESS_MESSAGE,
  type QuoteItems,
  type QuoteTax,
  type TransactionModel,
} from '@storefront/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, quotes, storefronts } from '../src/db/schema';
import { openSeededCrm, type SeededCrm, TEST_TAX_ACCOUNT, testEngines } from '../src/testing';

type Resolution = {
  messages: { summary: string; refersTo: string }[];
  validatedAddresses: { city?: string; region?: string; postalCode?: string }[];
};

const SEATTLE = {
  shippingAddress: '500 Pine St',
  shippingCity: 'Seattle',
  shippingState: 'WA',
  shippingZip: '98101',
  shippingCountry: 'US',
};
const TORONTO = {
  shippingAddress: '290 Bremner Blvd',
  shippingCity: 'Toronto',
  shippingState: 'ON',
  shippingZip: 'M5V 3L9',
  shippingCountry: 'Canada',
};
const OSLO = {
  shippingAddress: 'Karl Johans gate 1',
  shippingCity: 'Oslo',
  shippingState: null,
  shippingZip: '0154',
  shippingCountry: 'Norway',
};

describe.each(await testEngines())('tax on $name', (engine) => {
  let crm: SeededCrm;
  let contact = 0;

  const scope = (accountId: string, contactId?: string) => ({
    storefrontId: crm.ids.storefrontA,
    accountId,
    ...(contactId ? { contactId } : {}),
  });

  /** A new cart of its own contact holding two items, with this shipping address written as checkout will. */
  async function cartShippedTo(accountId: string, address: Partial<typeof quotes.$inferInsert>) {
    const contactId = `003-tax-${++contact}`;
    const { body: page } = await crm.postAs<CatalogPage>('retrieveCatalogNG', {
      ...scope(accountId),
      pageSize: 2,
    });
    let cart: QuoteItems | undefined;
    for (const item of page.items) {
      cart = (
        await crm.postAs<QuoteItems>('saveItemToQuoteBlink', {
          ...scope(accountId, contactId),
          catalogItemId: item.id,
          qty: 2,
        })
      ).body;
    }
    if (!cart) throw new Error('the demo catalogue has no items');
    await crm.database.db.update(quotes).set(address).where(eq(quotes.id, cart.quote.id));
    return { quoteId: cart.quote.id, contactId, cart };
  }

  const calculate = (accountId: string, contactId: string, recordId: string, isCommit = false) =>
    crm.postAs<QuoteTax>('calculateAvaTax', { ...scope(accountId, contactId), recordId, isCommit });

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
  });
  afterAll(() => crm.close());

  it('has address validation on for the demo storefronts, and off when a storefront turns it off', async () => {
    expect(
      (await crm.getAs<boolean>('isAvataxAddressValidation', { storefrontId: crm.ids.storefrontA })).body,
    ).toBe(true);
    expect(
      (await crm.getAs<boolean>('isAvataxAddressValidation', { storefrontId: crm.ids.storefrontB })).body,
    ).toBe(true);

    await crm.database.db
      .update(storefronts)
      .set({ avataxAddressValidation: false })
      .where(eq(storefronts.id, crm.ids.storefrontB));
    expect(
      (await crm.getAs<boolean>('isAvataxAddressValidation', { storefrontId: crm.ids.storefrontB })).body,
    ).toBe(false);
    const unchecked = await crm.postAs<Resolution>('resolveAvataxAddress', {
      storefrontId: crm.ids.storefrontB,
      city: 'Seattle',
      region: 'OR',
      country: 'US',
      postalCode: '98101',
    });
    expect(unchecked.body).toEqual({ messages: [], validatedAddresses: [] });
  });

  it('says an address is invalid, with the suggestion of the tax service', async () => {
    const { status, body } = await crm.postAs<Resolution>('resolveAvataxAddress', {
      storefrontId: crm.ids.storefrontA,
      line1: '500 Pine St',
      city: 'Seattle',
      region: 'OR',
      country: 'United States',
      postalCode: '98101',
    });
    expect(status).toBe(200);
    expect(body.messages.map((m) => m.refersTo)).toEqual(['Address.Region']);
    expect(body.validatedAddresses[0]).toMatchObject({ city: 'SEATTLE', region: 'WA' });
  });

  it('answers an incomplete address with the spec’s message and the address to apply', async () => {
    const { body } = await crm.postAs<Resolution>('resolveAvataxAddress', {
      storefrontId: crm.ids.storefrontA,
      line1: '290 Bremner Blvd',
      city: 'Toronto',
      country: 'canada',
      postalCode: 'M5V 3L9',
    });
    expect(body.messages.map((m) => m.summary)).toEqual([INCOMPLETE_ADDRESS_MESSAGE]);
    expect(body.validatedAddresses[0]).toMatchObject({ region: 'ON', postalCode: 'M5V 3L9' });
  });

  it('checks no address outside the tax-check countries', async () => {
    const { body } = await crm.postAs<Resolution>('resolveAvataxAddress', {
      storefrontId: crm.ids.storefrontA,
      city: 'Oslo',
      country: 'Norway',
      postalCode: '0154',
    });
    expect(body).toEqual({ messages: [], validatedAddresses: [] });
  });

  it('taxes a quote shipped to Seattle at the state and city rates and adds the tax to the total', async () => {
    const { quoteId, contactId, cart } = await cartShippedTo(crm.ids.halvorsen, SEATTLE);
    const { status, body } = await calculate(crm.ids.halvorsen, contactId, quoteId);
    expect(status).toBe(200);
    expect(body.taxStatus).toBe('Calculated');
    expect(body.details.map((d) => [d.jurisType, d.jurisName, d.rate])).toEqual([
      ['STA', 'WASHINGTON', 0.065],
      ['CIT', 'SEATTLE', 0.0385],
    ]);
    const tax = body.details.reduce((sum, d) => sum + Math.round(d.tax * 100), 0) / 100;
    expect(body.tax).toBe(tax);
    expect(body.tax).toBeCloseTo(cart.quote.subtotal * 0.1035, 1);
    expect(body.total).toBe(Math.round((cart.quote.total + tax) * 100) / 100);

    // The stored quote carries it: its total now includes the tax.
    const items = await crm.getAs<QuoteItems>('getQuoteItems', {
      ...scope(crm.ids.halvorsen, contactId),
      quoteid: quoteId,
    });
    expect(items.body.quote.total).toBe(body.total);
  });

  it('taxes a quote shipped to Ontario with HST', async () => {
    const { quoteId, contactId, cart } = await cartShippedTo(crm.ids.halvorsen, TORONTO);
    const { body } = await calculate(crm.ids.halvorsen, contactId, quoteId);
    expect(body.details.map((d) => [d.taxName, d.rate])).toEqual([['HST', 0.13]]);
    expect(body.tax).toBeCloseTo(cart.quote.subtotal * 0.13, 1);
  });

  it('calculates no tax for a quote shipped elsewhere, and says why', async () => {
    const { quoteId, contactId, cart } = await cartShippedTo(crm.ids.halvorsen, OSLO);
    const { body } = await calculate(crm.ids.halvorsen, contactId, quoteId);
    expect(body).toMatchObject({ taxStatus: 'Calculated', tax: 0, total: cart.quote.total, details: [] });
    expect(body.message).toBe("This service calculates no tax for sales to 'Norway'.");
  });

  it('charges an account flagged tax-exempt no tax', async () => {
    const [marlowe] = await crm.database.db.select().from(accounts).where(eq(accounts.id, crm.ids.marlowe));
    expect(marlowe?.taxExempt).toBe(true);
    const { quoteId, contactId } = await cartShippedTo(crm.ids.marlowe, SEATTLE);
    const { body } = await calculate(crm.ids.marlowe, contactId, quoteId);
    expect(body.taxStatus).toBe('Calculated');
    expect(body.tax).toBe(0);
    expect(body.details.map((d) => d.taxable)).toEqual([0, 0]);
  });

  it('calculates nothing until the quote has a full shipping address', async () => {
    const { quoteId, contactId, cart } = await cartShippedTo(crm.ids.halvorsen, {
      ...SEATTLE,
      shippingZip: null,
    });
    const { body } = await calculate(crm.ids.halvorsen, contactId, quoteId);
    expect(body).toMatchObject({
      taxStatus: 'NotCalculated',
      tax: null,
      total: cart.quote.total,
      details: [],
    });
    expect(body.message).toBe('Tax is calculated once the quote has items and a full shipping address.');
  });

  it('voids the tax when a line changes', async () => {
    const { quoteId, contactId, cart } = await cartShippedTo(crm.ids.halvorsen, SEATTLE);
    await calculate(crm.ids.halvorsen, contactId, quoteId);
    const [line] = cart.lines;
    const changed = await crm.postAs<QuoteItems>('updateQLI', {
      ...scope(crm.ids.halvorsen, contactId),
      quoteId,
      lines: [{ id: line?.id, qty: 5 }],
    });
    expect(changed.body.quote.total).toBe(changed.body.quote.subtotal - changed.body.quote.discount);
    const [stored] = await crm.database.db.select().from(quotes).where(eq(quotes.id, quoteId));
    expect(stored).toMatchObject({ taxStatus: 'NotCalculated', tax: null });
  });

  it("refuses another account's quote with 403", async () => {
    const { quoteId, contactId } = await cartShippedTo(crm.ids.halvorsen, SEATTLE);
    const { status, body } = await crm.postAs<CrmError>('calculateAvaTax', {
      ...scope(crm.ids.marlowe, contactId),
      recordId: quoteId,
      isCommit: true,
    });
    expect(status).toBe(403);
    expect(body.errorCode).toBe('FORBIDDEN');
    const [stored] = await crm.database.db.select().from(quotes).where(eq(quotes.id, quoteId));
    expect(stored?.taxStatus).toBe('NotCalculated');
  });

  it('commits the tax once, however often the commit is asked for', async () => {
    const { quoteId, contactId } = await cartShippedTo(crm.ids.halvorsen, SEATTLE);
    const commits = await Promise.all(
      Array.from({ length: engine.name === 'postgres' ? 10 : 2 }, () =>
        calculate(crm.ids.halvorsen, contactId, quoteId, true),
      ),
    );
    expect(new Set(commits.map((c) => c.status))).toEqual(new Set([200]));
    expect(new Set(commits.map((c) => JSON.stringify(c.body))).size).toBe(1);
    expect(commits[0]?.body.taxStatus).toBe('Committed');

    // The tax service holds one committed invoice under the quote's id, never replaced.
    const authorization = `Basic ${Buffer.from(`${TEST_TAX_ACCOUNT.accountId}:${TEST_TAX_ACCOUNT.licenseKey}`).toString('base64')}`;
    const response = await crm.taxApp.request(`/api/v2/companies/BIONOVA/transactions/${quoteId}`, {
      headers: { authorization },
    });
    const transaction = (await response.json()) as TransactionModel;
    expect(transaction).toMatchObject({ status: 'Committed', version: 1, totalTax: commits[0]?.body.tax });

    // A later estimate answers the committed tax as it stands.
    const later = await calculate(crm.ids.halvorsen, contactId, quoteId);
    expect(later.body).toEqual(commits[0]?.body);
  });
});
