import { failureOf, type QuoteItems } from '@storefront/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';

describe.each(await testEngines())('quotes prepared by sales on $name', (engine) => {
  let crm: SeededCrm;
  const caller = (accountId: string, contactIdAWS: string) => ({
    storefrontId: crm.ids.storefrontA,
    accountId,
    userTypeAWS: 'AWSPortalUser',
    contactIdAWS,
  });
  const openCart = (accountId: string, contactId: string) =>
    crm.post('getActiveOpenCart', caller(accountId, contactId));
  const review = (accountId: string, quoteId: string) =>
    crm.post('retrieveQuoteLines', { storefrontId: crm.ids.storefrontA, accountId, quoteId });
  const take = (accountId: string, contactId: string, quoteId: string) =>
    crm.post('takeThisQuote', { ...caller(accountId, contactId), quoteId });
  /** The open quote the account manager prepared for the account, by its number. */
  const openQuote = async (accountId: string, number: string) => {
    const { body } = await openCart(accountId, 'contact-reader');
    const quote = body.openQuotes.find((candidate) => candidate.number === number);
    if (!quote) throw new Error(`no open quote ${number}`);
    return quote;
  };

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
  });
  afterAll(() => crm.close());

  it('lists the open quotes prepared for the account beside the caller’s cart, not an expired one', async () => {
    const { status, body } = await openCart(crm.ids.halvorsen, 'contact-list');
    expect(status).toBe(200);
    expect(body.cart).toBeNull();
    expect(body.openQuotes.map((quote) => quote.number)).toEqual(['SQ-2026-0412']);
    expect(body.openQuotes[0]).toMatchObject({
      preparedBy: 'Elena Marsh',
      status: 'Open',
      expired: false,
      lineCount: 6,
    });
    const marlowe = await openCart(crm.ids.marlowe, 'contact-list');
    expect(marlowe.body.openQuotes.map((quote) => quote.number)).toEqual(['SQ-2026-0431']);
  });

  it('shows each line at the agreed price, below the catalogue price, adding up to the subtotal', async () => {
    const quote = await openQuote(crm.ids.halvorsen, 'SQ-2026-0412');
    const { status, body } = await review(crm.ids.halvorsen, quote.id);
    expect(status).toBe(200);
    expect(body.lines.map((line) => line.name)).toEqual([
      'Extended Warranty, Cell Sorter, 1 Year',
      'Sort Nozzle, 70 µm',
      'Deflection Plate Set',
      'Fluidics Tubing Kit',
      'Cytometer Setup & Tracking Beads',
      'Cleaning Solution',
    ]);
    for (const line of body.lines) {
      expect(line.unitPrice).toBeLessThan(line.listPrice);
      expect(line.lineTotal).toBeCloseTo(line.unitPrice * line.qty, 2);
    }
    const sum = body.lines.reduce((total, line) => total + line.lineTotal, 0);
    expect(body.quote.subtotal).toBeCloseTo(sum, 2);
  });

  it("refuses another account's prepared quote with 403 and an unknown one with 404", async () => {
    const marlowes = await openQuote(crm.ids.marlowe, 'SQ-2026-0431');
    const looked = await review(crm.ids.halvorsen, marlowes.id);
    expect(looked.status).toBe(403);
    expect(failureOf(looked.body).errorCode).toBe('FORBIDDEN');
    const taken = await take(crm.ids.halvorsen, 'contact-thief', marlowes.id);
    expect(taken.status).toBe(403);
    expect((await review(crm.ids.halvorsen, 'no-such-quote')).status).toBe(404);
    const otherStorefront = await openCart(crm.ids.kestrel, 'contact-x');
    expect(otherStorefront.status).toBe(403);
  });

  it('refuses to take an expired quote and says until when it was valid', async () => {
    const { body: expired } = await crm.post('retrieveQuoteLines', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.halvorsen,
      quoteId: await expiredQuoteId(),
    });
    expect(expired.quote).toMatchObject({ number: 'SQ-2026-0187', expired: true });
    const answer = await take(crm.ids.halvorsen, 'contact-late', expired.quote.id);
    expect(answer.status).toBe(409);
    expect(failureOf(answer.body)).toMatchObject({
      errorCode: 'QUOTE_EXPIRED',
      message: 'quote SQ-2026-0187 expired on 2025-03-31; ask Elena Marsh for a new one.',
    });
  });

  /** The expired quote is no longer listed as open: found through the database's only other door, its number. */
  async function expiredQuoteId(): Promise<string> {
    const { preparedQuotes } = await import('../src/db/schema');
    const { eq } = await import('drizzle-orm');
    const [row] = await crm.database.db
      .select({ id: preparedQuotes.id })
      .from(preparedQuotes)
      .where(eq(preparedQuotes.number, 'SQ-2026-0187'));
    if (!row) throw new Error('the expired demo quote is missing');
    return row.id;
  }

  it('makes the quote the cart at the agreed prices, keeps the earlier cart, and is taken once by two at once', async () => {
    const buyer = 'contact-buyer';
    const { body: page } = await crm.post('retrieveCatalogNG', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.marlowe,
    });
    const item = page.items[0];
    if (!item) throw new Error('the demo catalogue is empty');
    const earlier = await crm.post('saveItemToQuoteBlink', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.marlowe,
      contactId: buyer,
      catalogItemId: item.id,
      qty: 1,
    });
    const quote = await openQuote(crm.ids.marlowe, 'SQ-2026-0431');
    const { body: reviewed } = await review(crm.ids.marlowe, quote.id);

    const answers = await Promise.all([
      take(crm.ids.marlowe, buyer, quote.id),
      take(crm.ids.marlowe, 'contact-colleague', quote.id),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect(failureOf(refused?.body).errorCode).toBe('QUOTE_ALREADY_TAKEN');
    const winner = answers.find((answer) => answer.status === 200);
    const cart = winner?.body as QuoteItems;
    expect(cart.quote.status).toBe('Active');
    expect(cart.lines.map((line) => [line.name, line.qty, line.unitPrice])).toEqual(
      reviewed.lines.map((line) => [line.name, line.qty, line.unitPrice]),
    );
    expect(cart.quote.subtotal).toBe(reviewed.quote.subtotal);

    // Whoever took it, the buyer's own cart before is kept as an earlier cart when it was theirs.
    const takerContact = winner === answers[0] ? buyer : 'contact-colleague';
    const now = await openCart(crm.ids.marlowe, takerContact);
    expect(now.body.cart?.id).toBe(cart.quote.id);
    expect(now.body.openQuotes.map((open) => open.number)).not.toContain('SQ-2026-0431');
    if (takerContact === buyer) {
      const list = await crm.post('getGroupedFilteredList', {
        storefrontId: crm.ids.storefrontA,
        accountId: crm.ids.marlowe,
        contactId: buyer,
        statuses: ['Inactive'],
        checkedOut: false,
        page: 1,
        pageSize: 10,
      });
      const ids = list.body.groups.flatMap((group) => group.quotes.map((entry) => entry.id));
      expect(ids).toContain(earlier.body.quote.id);
    }
    const again = await take(crm.ids.marlowe, buyer, quote.id);
    expect(failureOf(again.body)).toMatchObject({
      errorCode: 'QUOTE_ALREADY_TAKEN',
      message: 'quote SQ-2026-0431 was already taken as a cart; find it among your earlier carts.',
    });
  });

  it('keeps the agreed price when the buyer changes a quantity in the cart', async () => {
    const quote = await openQuote(crm.ids.halvorsen, 'SQ-2026-0412');
    const { body: cart } = await take(crm.ids.halvorsen, 'contact-qty', quote.id);
    const cleaning = cart.lines.find((line) => line.name === 'Cleaning Solution');
    if (!cleaning) throw new Error('no cleaning solution line');
    const { body: changed } = await crm.post('updateQLI', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.halvorsen,
      contactId: 'contact-qty',
      quoteId: cart.quote.id,
      lines: [{ id: cleaning.id, qty: 24 }],
    });
    const after = changed.lines.find((line) => line.id === cleaning.id);
    expect(after).toMatchObject({ qty: 24, unitPrice: cleaning.unitPrice, tier: null });
  });
});
