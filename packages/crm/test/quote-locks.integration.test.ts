import { type CatalogPage, failureOf, MESSAGES, type QuoteItems } from '@storefront/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockQuote } from '../src/db/queries/quotes';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';

describe.each(await testEngines())("a quote's row lock on $name", (engine) => {
  let crm: SeededCrm;
  let quoteId: string;
  let lineId: string;

  const scope = (accountId: string) => ({ storefrontId: crm.ids.storefrontA, accountId });

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    const { body } = await crm.post<CatalogPage>('retrieveCatalogNG', { ...scope(crm.ids.halvorsen) });
    const item = body.items[0];
    if (!item) throw new Error('the demo catalogue is empty');
    const cart = await crm.post<QuoteItems>('saveItemToQuoteBlink', {
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
      const answer = await crm.post<QuoteItems>('updateQLI', {
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
});
