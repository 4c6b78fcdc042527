import { failureOf, MESSAGES, PO_MESSAGES, TEXT_PROBLEM } from '@storefront/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseOrderSettings, quotes } from '../src/db/schema';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';

/** The public demo storefront's own words for a duplicate PO number (seed/storefronts.ts). */
const PUBLIC_DUPLICATE_MESSAGE =
  'This PO number is already on another order of your account. Please enter a different PO number.';

describe.each(await testEngines())('PO numbers on $name', (engine) => {
  let crm: SeededCrm;

  const scope = (accountId: string, contactId = '003-ana') => ({
    storefrontId: accountId === crm.ids.kestrel ? crm.ids.storefrontB : crm.ids.storefrontA,
    accountId,
    contactId,
  });
  /** A new empty quote of the account's contact. */
  async function newQuote(accountId: string, contactId?: string): Promise<string> {
    const answer = await crm.post('startNewCart', scope(accountId, contactId));
    expect(answer.status).toBe(200);
    return answer.body.quote.id;
  }
  const setPo = (accountId: string, id: string, poNumber: string | null, contactId?: string) =>
    crm.post('updateQuote', { ...scope(accountId, contactId), quotes: [{ id, poNumber }] });
  const duplicates = (accountId: string, poNumber: string, quoteId?: string) =>
    crm.get('checkForDuplicatePO', {
      ...scope(accountId),
      poNumber,
      ...(quoteId ? { quoteId } : {}),
    });
  const poOf = async (quoteId: string) =>
    (await crm.database.db.select({ po: quotes.poNumber }).from(quotes).where(eq(quotes.id, quoteId)))[0]?.po;

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
  });
  afterAll(() => crm.close());

  it('counts the PO number on the account’s other quotes, whichever contact made them', async () => {
    const first = await newQuote(crm.ids.halvorsen, '003-ana');
    expect((await duplicates(crm.ids.halvorsen, 'HRI-2025-001')).body).toBe(0);
    expect((await setPo(crm.ids.halvorsen, first, 'HRI-2025-001', '003-ana')).status).toBe(200);
    expect(await poOf(first)).toBe('HRI-2025-001');

    expect(await duplicates(crm.ids.halvorsen, 'hri-2025-001')).toEqual({ status: 200, body: 1 });
    // The quote being checked out is not its own duplicate.
    expect((await duplicates(crm.ids.halvorsen, 'HRI-2025-001', first)).body).toBe(0);
    // Another account's PO numbers never count.
    expect((await duplicates(crm.ids.marlowe, 'HRI-2025-001')).body).toBe(0);
  });

  it("refuses a duplicate with the storefront's configured message, and the spec's text without one", async () => {
    const [a, b] = [
      await newQuote(crm.ids.halvorsen, '003-ben'),
      await newQuote(crm.ids.halvorsen, '003-ben'),
    ];
    expect((await setPo(crm.ids.halvorsen, a, 'HRI-2025-050', '003-ben')).status).toBe(200);
    const refused = await setPo(crm.ids.halvorsen, b, ' hri-2025-050 ', '003-ben');
    expect(refused.status).toBe(400);
    expect(failureOf(refused.body)).toEqual({
      errorCode: 'DUPLICATE_PO_NUMBER',
      field: null,
      message: PUBLIC_DUPLICATE_MESSAGE,
    });
    expect(await poOf(b)).toBeNull();
    // Setting a quote's own PO number again is no duplicate; another account may use the same number.
    expect((await setPo(crm.ids.halvorsen, a, 'HRI-2025-050', '003-ben')).status).toBe(200);
    const marlowe = await newQuote(crm.ids.marlowe);
    expect((await setPo(crm.ids.marlowe, marlowe, 'HRI-2025-050')).status).toBe(200);

    const [k1, k2] = [await newQuote(crm.ids.kestrel), await newQuote(crm.ids.kestrel)];
    expect((await setPo(crm.ids.kestrel, k1, 'KD-77')).status).toBe(200);
    const partner = await setPo(crm.ids.kestrel, k2, 'KD-77');
    expect(failureOf(partner.body)).toMatchObject({
      errorCode: 'DUPLICATE_PO_NUMBER',
      message: PO_MESSAGES.duplicate,
    });
  });

  it('takes a duplicate when the storefront does not check, and a cleared PO number', async () => {
    const settings = crm.database.db.update(purchaseOrderSettings);
    await settings
      .set({ duplicateCheck: false })
      .where(eq(purchaseOrderSettings.storefrontId, crm.ids.storefrontB));
    try {
      const quote = await newQuote(crm.ids.kestrel);
      expect((await setPo(crm.ids.kestrel, quote, 'KD-77')).status).toBe(200);
      expect((await duplicates(crm.ids.kestrel, 'KD-77', quote)).body).toBe(1);
      expect(await setPo(crm.ids.kestrel, quote, null)).toEqual({
        status: 200,
        body: [{ id: quote, poNumber: null }],
      });
      expect(await poOf(quote)).toBeNull();
    } finally {
      await crm.database.db
        .update(purchaseOrderSettings)
        .set({ duplicateCheck: true })
        .where(eq(purchaseOrderSettings.storefrontId, crm.ids.storefrontB));
    }
  });

  it("answers 'Error updating PO Number on Quote Record' when the update fails", async () => {
    const missing = await setPo(crm.ids.halvorsen, 'no-such-quote', 'HRI-9');
    expect(missing.status).toBe(404);
    expect(failureOf(missing.body)).toEqual({
      errorCode: 'PO_UPDATE_FAILED',
      field: null,
      message: PO_MESSAGES.updateFailed,
    });
    const ordered = await newQuote(crm.ids.halvorsen);
    await crm.database.db.update(quotes).set({ checkedOut: true }).where(eq(quotes.id, ordered));
    const checkedOut = await setPo(crm.ids.halvorsen, ordered, 'HRI-10');
    expect(checkedOut.status).toBe(400);
    expect(failureOf(checkedOut.body).message).toBe(PO_MESSAGES.updateFailed);
  });

  it("refuses another account's quote (403) and a NUL in the PO number (400)", async () => {
    const theirs = await newQuote(crm.ids.marlowe);
    const stranger = await setPo(crm.ids.halvorsen, theirs, 'HRI-11');
    expect(stranger).toEqual({
      status: 403,
      body: { errorCode: 'FORBIDDEN', message: MESSAGES.accessDenied },
    });
    expect(await poOf(theirs)).toBeNull();
    const nul = await setPo(crm.ids.marlowe, theirs, 'PO\u00001');
    expect(nul.status).toBe(400);
    expect(failureOf(nul.body)).toMatchObject({
      field: 'quotes.0.poNumber',
      message: `quotes.0.poNumber: ${TEXT_PROBLEM}`,
    });
  });

  it("keeps each guest's PO numbers to their own carts", async () => {
    const guest = (letter: string) => ({
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.guest,
      guestCartSecret: letter.repeat(43),
    });
    const cart = await crm.post('startNewCart', guest('g'));
    const set = await crm.post('updateQuote', {
      ...guest('g'),
      quotes: [{ id: cart.body.quote.id, poNumber: 'G-1' }],
    });
    expect(set.status).toBe(200);
    expect((await crm.get('checkForDuplicatePO', { ...guest('g'), poNumber: 'G-1' })).body).toBe(1);
    expect((await crm.get('checkForDuplicatePO', { ...guest('h'), poNumber: 'G-1' })).body).toBe(0);
    const other = await crm.post('updateQuote', {
      ...guest('h'),
      quotes: [{ id: cart.body.quote.id, poNumber: 'H-1' }],
    });
    expect(other.status).toBe(403);
  });

  // PGlite runs one transaction at a time; only PostgreSQL can race two updates.
  if (engine.name === 'postgres') {
    it('lets one of ten quotes of an account given the same PO number at once have it', async () => {
      const ids: string[] = [];
      for (let index = 0; index < 10; index++)
        ids.push(await newQuote(crm.ids.halvorsen, `003-race-${index}`));
      const answers = await Promise.all(
        ids.map((id, index) => setPo(crm.ids.halvorsen, id, 'HRI-RACE', `003-race-${index}`)),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, ...Array(9).fill(400)]);
      for (const answer of answers.filter((one) => one.status === 400)) {
        expect(failureOf(answer.body).errorCode).toBe('DUPLICATE_PO_NUMBER');
      }
      expect((await duplicates(crm.ids.halvorsen, 'HRI-RACE')).body).toBe(1);
    });
  }
});
