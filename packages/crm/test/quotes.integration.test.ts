import {
  type CatalogItemCard,
  type CatalogItemDetail,
  type CatalogPage,
  type CrmError,
  MESSAGES,
  type QuoteItems,
  type QuoteSummary,
} from '@storefront/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { quoteTotals } from '../src/cart/rules/quote-pricing';
import { applyOffer } from '../src/catalogue/rules/pricing';
import { lockQuote } from '../src/db/locks';
import { quoteLineItems, quotes } from '../src/db/schema';
import { type Answer, openSeededCrm, type SeededCrm, testEngines } from '../src/testing';

type ActiveQuote = { quote: QuoteSummary | null };

describe.each(await testEngines())('quote types on $name', (engine) => {
  let crm: SeededCrm;
  /** A Halvorsen item with quantity tiers and no offer, and one with an offer. */
  let tiered: CatalogItemDetail;
  let offered: CatalogItemDetail;
  let plain: CatalogItemCard;

  const scope = (accountId: string) => ({ storefrontId: crm.ids.storefrontA, accountId });
  const detail = async (id: string) =>
    (
      await crm.getAs<CatalogItemDetail>('getFormattedObjectDetails', {
        objectapi: 'CatalogItem',
        objectid: id,
        accId: crm.ids.halvorsen,
        stfId: crm.ids.storefrontA,
      })
    ).body;
  const activeQuote = (accountId: string) => crm.getAs<ActiveQuote>('getActiveQuote', scope(accountId));
  const addItem = (accountId: string, catalogItemId: string, qty: number) =>
    crm.postAs<QuoteItems>('saveItemToQuoteBlink', { ...scope(accountId), catalogItemId, qty });
  const updateLines = (accountId: string, quoteId: string, lines: { id: string; qty: number }[]) =>
    crm.postAs<QuoteItems>('updateQLI', { ...scope(accountId), quoteId, lines });
  const quoteItems = (accountId: string, quoteid: string) =>
    crm.getAs<QuoteItems>('getQuoteItems', { ...scope(accountId), quoteid });
  const startNewCart = (accountId: string) => crm.postAs<ActiveQuote>('startNewCart', scope(accountId));
  const tierPrice = (item: CatalogItemDetail, qty: number) =>
    item.tiers.find((tier) => qty >= tier.sv && (tier.ev === null || qty <= tier.ev))?.price;
  const lineOf = (answer: Answer<QuoteItems>, itemId: string) => {
    const line = answer.body.lines.find((l) => l.catalogItemId === itemId);
    if (!line) throw new Error(`no line for ${itemId}`);
    return line;
  };
  /** The stored quote's totals equal those recomputed from its stored lines. */
  const expectConsistent = async (quoteId: string) => {
    const db = crm.database.db;
    const [quote] = await db.select().from(quotes).where(eq(quotes.id, quoteId));
    const lines = await db.select().from(quoteLineItems).where(eq(quoteLineItems.quoteId, quoteId));
    for (const line of lines) expect(line.lineTotal).toBeCloseTo(line.unitPrice * line.qty, 2);
    expect(quote).toMatchObject(
      quoteTotals(
        lines.map((line) => line.lineTotal),
        quote?.currency ?? '',
      ),
    );
  };

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    const { body } = await crm.postAs<CatalogPage>('retrieveCatalogNG', {
      ...scope(crm.ids.halvorsen),
      pageSize: 200,
    });
    const pick = (test: (item: CatalogItemCard) => boolean) => {
      const item = body.items.find(test);
      if (!item) throw new Error('the demo catalogue lacks an item the tests need');
      return item;
    };
    tiered = await detail(pick((item) => item.hasTiers && item.offerCount === 0).id);
    offered = await detail(pick((item) => item.offerCount > 0).id);
    plain = pick((item) => !item.hasTiers && item.offerCount === 0 && item.id !== tiered.id);
  });
  afterAll(() => crm.database.close());

  describe('the active quote', () => {
    it('is none before the first add, and saveItemToQuoteBlink creates it', async () => {
      expect((await activeQuote(crm.ids.halvorsen)).body).toEqual({ quote: null });
      const added = await addItem(crm.ids.halvorsen, tiered.id, 2);
      expect(added.status).toBe(200);
      expect(added.body.quote).toMatchObject({
        accountId: crm.ids.halvorsen,
        status: 'Active',
        checkedOut: false,
        currency: 'USD',
      });
      const { body } = await activeQuote(crm.ids.halvorsen);
      expect(body.quote?.id).toBe(added.body.quote.id);
    });

    it('getActiveQuoteFromUser answers for the user, contact and ship-to account', async () => {
      const { status, body } = await crm.getAs<ActiveQuote & Record<string, unknown>>(
        'getActiveQuoteFromUser',
        {
          ...scope(crm.ids.halvorsen),
          userType: 'AWSPortalUser',
          contactId: 'contact-1',
          shipToAccountId: crm.ids.marlowe,
        },
      );
      expect(status).toBe(200);
      expect(body).toMatchObject({
        userType: 'AWSPortalUser',
        accountId: crm.ids.halvorsen,
        contactId: 'contact-1',
        shipToAccountId: crm.ids.marlowe,
      });
      // contact-1 has no cart yet: the account's cart without a contact is not theirs.
      expect(body.quote).toBeNull();
      const foreignShipTo = await crm.get('getActiveQuoteFromUser', {
        ...scope(crm.ids.halvorsen),
        userType: 'AWSPortalUser',
        shipToAccountId: crm.ids.kestrel,
      });
      expect(foreignShipTo.status).toBe(403);
    });

    it('startNewCart makes an empty quote the active one and keeps the old one', async () => {
      const first = (await startNewCart(crm.ids.marlowe)).body.quote;
      const second = await startNewCart(crm.ids.marlowe);
      expect(second.status).toBe(200);
      expect(second.body.quote).toMatchObject({ subtotal: 0, discount: 0, total: 0, status: 'Active' });
      expect(second.body.quote?.id).not.toBe(first?.id);
      expect((await activeQuote(crm.ids.marlowe)).body.quote?.id).toBe(second.body.quote?.id);
      const old = await quoteItems(crm.ids.marlowe, first?.id ?? '');
      expect(old.body.quote.status).toBe('Inactive');
    });
  });

  describe('lines and prices', () => {
    it('prices a line from the catalogue, never from the payload, and adds to an existing line', async () => {
      const { body } = await crm.postAs<QuoteItems>('saveItemToQuoteBlink', {
        ...scope(crm.ids.halvorsen),
        catalogItemId: tiered.id,
        qty: 1,
        unitPrice: 0.01,
        lineTotal: 0.01,
      });
      const line = lineOf({ status: 200, body, error: null }, tiered.id);
      expect(body.lines).toHaveLength(1);
      expect(line).toMatchObject({
        qty: 3,
        unitPrice: tierPrice(tiered, 3),
        qtyTierAmt: tierPrice(tiered, 3),
        tier: { sv: 1, ev: 4 },
        name: tiered.name,
        sku: tiered.sku,
        unit: tiered.unit,
        image: tiered.images[0],
        offerId: null,
      });
      expect(line.lineTotal).toBeCloseTo((tierPrice(tiered, 3) ?? 0) * 3, 2);
      await expectConsistent(body.quote.id);
    });

    it('follows the tier as the quantity crosses each boundary', async () => {
      const quote = (await activeQuote(crm.ids.halvorsen)).body.quote;
      const lineId = (await quoteItems(crm.ids.halvorsen, quote?.id ?? '')).body.lines[0]?.id ?? '';
      for (const qty of [4, 5, 9, 10, 250, 1]) {
        const answer = await updateLines(crm.ids.halvorsen, quote?.id ?? '', [{ id: lineId, qty }]);
        expect(answer.status).toBe(200);
        const line = lineOf(answer, tiered.id);
        expect(line.qty).toBe(qty);
        expect(line.unitPrice).toBe(tierPrice(tiered, qty));
        expect(answer.body.quote.total).toBe(line.lineTotal);
        await expectConsistent(quote?.id ?? '');
      }
    });

    it('takes a valid offer when it gives the lower price, and sums several lines', async () => {
      const answer = await addItem(crm.ids.halvorsen, offered.id, 1);
      const line = lineOf(answer, offered.id);
      const [offer] = offered.offers;
      if (!offer) throw new Error('offered item without offer');
      // The card's price is what the account pays, i.e. the negotiated price under Catalog Price.
      const priced = {
        priceSource: offered.priceSource,
        listPrice: offered.listPrice,
        negotiatedPrice: offered.price,
      };
      const offerPrice = applyOffer(priced, offer);
      const withoutOffer = tierPrice(offered, 1) ?? offered.price;
      expect(line.unitPrice).toBe(Math.min(offerPrice, withoutOffer));
      if (offerPrice < withoutOffer) expect(line.offerId).toBe(offer.id);
      const withPlain = await addItem(crm.ids.halvorsen, plain.id, 2);
      expect(withPlain.body.lines).toHaveLength(3);
      expect(withPlain.body.quote.subtotal).toBe(
        quoteTotals(
          withPlain.body.lines.map((l) => l.lineTotal),
          'USD',
        ).subtotal,
      );
      expect(lineOf(withPlain, plain.id)).toMatchObject({ unitPrice: plain.price, tier: null });
      await expectConsistent(withPlain.body.quote.id);
    });

    it('removes a line with qty 0 and with deleteLineItems, repricing the quote', async () => {
      const { body } = await quoteItems(
        crm.ids.halvorsen,
        (await activeQuote(crm.ids.halvorsen)).body.quote?.id ?? '',
      );
      const [first, second] = body.lines;
      const zeroed = await updateLines(crm.ids.halvorsen, body.quote.id, [{ id: first?.id ?? '', qty: 0 }]);
      expect(zeroed.body.lines.map((l) => l.id)).not.toContain(first?.id);
      const deleted = await crm.postAs<QuoteItems>('deleteLineItems', {
        ...scope(crm.ids.halvorsen),
        quoteId: body.quote.id,
        qliIds: [second?.id],
      });
      expect(deleted.status).toBe(200);
      expect(deleted.body.lines).toHaveLength(1);
      expect(deleted.body.quote.total).toBe(deleted.body.lines[0]?.lineTotal);
      await expectConsistent(body.quote.id);
    });

    it('answers a person-readable 400 or 404 for bad lines, items and quantities', async () => {
      const quoteId = (await activeQuote(crm.ids.halvorsen)).body.quote?.id ?? '';
      const unknownLine = await updateLines(crm.ids.halvorsen, quoteId, [{ id: 'nope', qty: 1 }]);
      expect(unknownLine).toEqual({
        status: 400,
        body: {
          errorCode: 'INVALID_PAYLOAD',
          message: 'lines.0.id: no such line on this quote.',
          field: 'lines.0.id',
        },
      });
      const lineId = (await quoteItems(crm.ids.halvorsen, quoteId)).body.lines[0]?.id ?? '';
      const twice = await updateLines(crm.ids.halvorsen, quoteId, [
        { id: lineId, qty: 0 },
        { id: lineId, qty: 3 },
      ]);
      expect((twice.body as unknown as CrmError).message).toBe('lines.1.id: the line is named twice.');
      const badQty = await addItem(crm.ids.halvorsen, plain.id, 0);
      expect(badQty.status).toBe(400);
      expect((badQty.body as unknown as CrmError).message).toBe('qty: must be at least 1');
      const negative = await updateLines(crm.ids.halvorsen, quoteId, [{ id: 'x', qty: -1 }]);
      expect((negative.body as unknown as CrmError).message).toBe('lines.0.qty: must be 0 (remove) or more');
      const unknownItem = await addItem(crm.ids.halvorsen, 'no-such-item', 1);
      expect(unknownItem.status).toBe(404);
      expect((unknownItem.body as unknown as CrmError).message).toMatch(/^catalogItemId: /);
    });
  });

  describe('ownership', () => {
    const denied = { errorCode: 'FORBIDDEN', message: MESSAGES.accessDenied };

    it('gives each contact of an account a cart of its own', async () => {
      const asContact = (contactId: string) => ({ ...scope(crm.ids.halvorsen), contactId });
      const ana = await crm.postAs<QuoteItems>('saveItemToQuoteBlink', {
        ...asContact('003-ana'),
        catalogItemId: plain.id,
        qty: 2,
      });
      expect(ana.body.quote.contactId).toBe('003-ana');
      const ben = await crm.getAs<ActiveQuote>('getActiveQuote', asContact('003-ben'));
      expect(ben.body.quote).toBeNull();
      const peek = await crm.get('getQuoteItems', { ...asContact('003-ben'), quoteid: ana.body.quote.id });
      expect(peek).toEqual({ status: 403, body: denied });
      expect((await activeQuote(crm.ids.halvorsen)).body.quote?.id).not.toBe(ana.body.quote.id);
      const again = await crm.getAs<ActiveQuote>('getActiveQuote', asContact('003-ana'));
      expect(again.body.quote?.id).toBe(ana.body.quote.id);
    });

    it("refuses every type on another account's quote with 403", async () => {
      const { body } = await quoteItems(
        crm.ids.halvorsen,
        (await activeQuote(crm.ids.halvorsen)).body.quote?.id ?? '',
      );
      const quoteId = body.quote.id;
      const lineId = body.lines[0]?.id ?? '';
      const attempts = [
        await quoteItems(crm.ids.marlowe, quoteId),
        await updateLines(crm.ids.marlowe, quoteId, [{ id: lineId, qty: 7 }]),
        await crm.post('deleteLineItems', { ...scope(crm.ids.marlowe), quoteId, qliIds: [lineId] }),
      ];
      for (const attempt of attempts) expect(attempt).toEqual({ status: 403, body: denied });
      expect((await quoteItems(crm.ids.halvorsen, quoteId)).body).toEqual(body);
    });

    it('refuses an account of another storefront and the shared guest account', async () => {
      expect((await activeQuote(crm.ids.kestrel)).status).toBe(403);
      const guest = await addItem(crm.ids.guest, plain.id, 1);
      expect(guest.status).toBe(403);
      expect((guest.body as unknown as CrmError).message).toMatch(/guest cart secret/);
    });

    it('answers 404 for a quote that does not exist', async () => {
      const { status, body } = await quoteItems(crm.ids.halvorsen, 'no-such-quote');
      expect(status).toBe(404);
      expect((body as unknown as CrmError).message).toBe('quoteId: there is no quote with this id.');
    });
  });

  describe('a checked-out quote', () => {
    it('can be read but not changed, and is no longer the active quote', async () => {
      const { body } = await quoteItems(
        crm.ids.halvorsen,
        (await activeQuote(crm.ids.halvorsen)).body.quote?.id ?? '',
      );
      // No checkout type yet: flag the quote as checkout will.
      await crm.database.db.update(quotes).set({ checkedOut: true }).where(eq(quotes.id, body.quote.id));
      const change = await updateLines(crm.ids.halvorsen, body.quote.id, [
        { id: body.lines[0]?.id ?? '', qty: 2 },
      ]);
      expect(change.status).toBe(400);
      expect((change.body as unknown as CrmError).message).toBe(
        'quoteId: this quote is checked out and can no longer be changed; start a new cart.',
      );
      expect((await quoteItems(crm.ids.halvorsen, body.quote.id)).body.quote.checkedOut).toBe(true);
      expect((await activeQuote(crm.ids.halvorsen)).body).toEqual({ quote: null });
      const next = await addItem(crm.ids.halvorsen, plain.id, 1);
      expect(next.body.quote.id).not.toBe(body.quote.id);
    });
  });

  // Row locks and NOWAIT are PostgreSQL's; PGlite runs one statement at a time, so these run there only.
  if (engine.name === 'postgres') {
    describe('concurrency', () => {
      // Halvorsen's catalogue holds the picked items; each test starts from a new cart.
      beforeEach(() => startNewCart(crm.ids.halvorsen));

      it("answers 'unable_to_lock_row' at once while another change holds the quote", async () => {
        const { body } = await addItem(crm.ids.halvorsen, plain.id, 1);
        const quoteId = body.quote.id;
        let release = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        let locked = () => {};
        const isLocked = new Promise<void>((resolve) => {
          locked = resolve;
        });
        const holder = crm.database.db.transaction(async (tx) => {
          await lockQuote(tx, quoteId, 'wait');
          locked();
          await held;
        });
        await isLocked;
        const refused = await updateLines(crm.ids.halvorsen, quoteId, [
          { id: body.lines[0]?.id ?? '', qty: 2 },
        ]);
        release();
        await holder;
        expect(refused.status).toBe(409);
        expect((refused.body as unknown as CrmError).message).toContain('unable_to_lock_row');
      });

      it('50 parallel updateQLI end in the state of one serial order with consistent totals', async () => {
        const { body } = await addItem(crm.ids.halvorsen, tiered.id, 1);
        const quoteId = body.quote.id;
        const lineId = lineOf({ status: 200, body, error: null }, tiered.id).id;
        let lockRefusals = 0;
        // As the storefront does, retry what could not lock the row; here until it succeeds.
        const update = async (qty: number): Promise<number> => {
          for (;;) {
            const answer = await updateLines(crm.ids.halvorsen, quoteId, [{ id: lineId, qty }]);
            if (answer.status === 200) return lineOf(answer, tiered.id).qty;
            expect((answer.body as unknown as CrmError).message).toContain('unable_to_lock_row');
            lockRefusals++;
            await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
          }
        };
        const written = await Promise.all(Array.from({ length: 50 }, (_, i) => update(i + 1)));
        expect(written).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
        expect(lockRefusals).toBeGreaterThan(0);
        const final = await quoteItems(crm.ids.halvorsen, quoteId);
        const line = lineOf(final, tiered.id);
        expect(written).toContain(line.qty);
        expect(line.unitPrice).toBe(tierPrice(tiered, line.qty));
        await expectConsistent(quoteId);
      });

      it('loses no add under 50 parallel saveItemToQuoteBlink', async () => {
        const before = lineOf(await addItem(crm.ids.halvorsen, plain.id, 1), plain.id).qty;
        const answers = await Promise.all(
          Array.from({ length: 50 }, () => addItem(crm.ids.halvorsen, plain.id, 1)),
        );
        expect(answers.every((answer) => answer.status === 200)).toBe(true);
        const quoteId = answers[0]?.body.quote.id ?? '';
        expect(lineOf(await quoteItems(crm.ids.halvorsen, quoteId), plain.id).qty).toBe(before + 50);
        await expectConsistent(quoteId);
      });
    });
  }
});
