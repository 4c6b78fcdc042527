import { type CrmError, MESSAGES, PROMO_CODE_NO_LINES, type QuoteItems } from '@storefront/contracts';
import { and, asc, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spendPromoCodeUse } from '../src/cart/queries/promo-codes';
import { quoteTotals } from '../src/cart/rules/quote-pricing';
import {
  accounts,
  catalogueItems,
  promoCodes,
  promoCodeUses,
  quoteLineItems,
  quotes,
} from '../src/db/schema';
import { type Answer, openSeededCrm, type SeededCrm, testEngines } from '../src/testing';

describe.each(await testEngines())('promo code types on $name', (engine) => {
  let crm: SeededCrm;
  /** Items of Halvorsen's catalogue: two flow cytometry antibodies (FLOW10 applies) and a reagent (it does not). */
  let antibody: string;
  let antibody2: string;
  let reagent: string;

  const scope = () => ({ storefrontId: crm.ids.storefrontA, accountId: crm.ids.halvorsen });
  /** A new cart for Halvorsen holding the items with their quantities. */
  const cart = async (...items: [itemId: string, qty: number][]): Promise<QuoteItems> => {
    await crm.post('startNewCart', scope());
    let answer: Answer<QuoteItems> | undefined;
    for (const [catalogItemId, qty] of items) {
      answer = await crm.post('saveItemToQuoteBlink', { ...scope(), catalogItemId, qty });
    }
    if (!answer) throw new Error('a cart needs at least one item');
    return answer.body;
  };
  const lineOf = (quote: QuoteItems, itemId: string) => {
    const line = quote.lines.find((l) => l.catalogItemId === itemId);
    if (!line) throw new Error(`no line for ${itemId}`);
    return line;
  };
  const eligible = (quoteId: string, promoCode: string) =>
    crm.post('getQLIsForPromoCode', { ...scope(), quoteId, promoCode });
  const apply = (
    quote: QuoteItems,
    promoCode: string,
    qliIds: string[],
    options: { isLastBatch?: boolean; accountId?: string; originalTotalSalesPrice?: number } = {},
  ) =>
    crm.post('applyPromoCodeNG', {
      ...scope(),
      accountId: options.accountId ?? crm.ids.halvorsen,
      promoCode,
      quoteId: quote.quote.id,
      qliIds,
      isLastBatch: options.isLastBatch ?? true,
      originalTotalSalesPrice: options.originalTotalSalesPrice ?? quote.quote.subtotal,
    });
  const refusal = (answer: Answer<unknown>) => ({ status: answer.status, body: answer.body as CrmError });
  /** The stored quote's totals equal those recomputed from its stored lines and their promo discounts. */
  const expectConsistent = async (quoteId: string) => {
    const db = crm.database.db;
    const [quote] = await db.select().from(quotes).where(eq(quotes.id, quoteId));
    const lines = await db.select().from(quoteLineItems).where(eq(quoteLineItems.quoteId, quoteId));
    for (const line of lines) {
      expect(line.promoDiscount).toBeGreaterThanOrEqual(0);
      expect(line.promoDiscount).toBeLessThanOrEqual(line.lineTotal);
    }
    expect(quote).toMatchObject(
      quoteTotals(
        lines.map((line) => line.lineTotal),
        quote?.currency ?? '',
        lines.map((line) => line.promoDiscount),
      ),
    );
  };
  const usesOf = async (code: string) => {
    const [row] = await crm.database.db
      .select({ uses: count() })
      .from(promoCodeUses)
      .innerJoin(promoCodes, eq(promoCodes.id, promoCodeUses.promoCodeId))
      .where(eq(promoCodes.code, code));
    return row?.uses ?? 0;
  };

  /** A new code of storefront A covering every item, usable `usageLimit` times. */
  const limitedCode = (code: string, usageLimit: number) =>
    crm.database.db.insert(promoCodes).values({
      id: `test-${code}`,
      storefrontId: crm.ids.storefrontA,
      code,
      kind: 'Amount',
      value: 1,
      usageLimit,
      allItems: true,
    });
  /** The quote's reservation as the time it was last changed left it. */
  const reservationOf = async (quoteId: string) => {
    const [use] = await crm.database.db
      .select()
      .from(promoCodeUses)
      .where(eq(promoCodeUses.quoteId, quoteId));
    return use;
  };
  /** The cart is left alone until its reservation lapses (a day in production). */
  const abandon = (quoteId: string) =>
    crm.database.db
      .update(promoCodeUses)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(promoCodeUses.quoteId, quoteId));
  const itemsOf = async (quoteId: string) =>
    (await crm.get('getQuoteItems', { ...scope(), quoteid: quoteId })).body;
  const unknownCode = {
    status: 404,
    body: {
      errorCode: 'NOT_FOUND',
      message: 'promoCode: there is no such promo code on this storefront.',
      field: 'promoCode',
    },
  };

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    await crm.database.db.insert(promoCodes).values({
      id: 'test-autumn',
      storefrontId: crm.ids.storefrontA,
      code: 'AUTUMN99',
      description: 'A promotion not started yet.',
      kind: 'Percent',
      value: 10,
      validFrom: '2999-09-01',
      allItems: true,
    });
    const db = crm.database.db;
    const [halvorsen] = await db.select().from(accounts).where(eq(accounts.id, crm.ids.halvorsen));
    const skus = (prefix: string) =>
      db
        .select({ id: catalogueItems.id })
        .from(catalogueItems)
        .where(
          and(
            eq(catalogueItems.catalogueId, halvorsen?.catalogueId ?? ''),
            like(catalogueItems.sku, `${prefix}-%`),
          ),
        )
        .orderBy(asc(catalogueItems.sku))
        .limit(2);
    [antibody = '', antibody2 = ''] = (await skus('FCA')).map((row) => row.id);
    [reagent = ''] = (await skus('FCR')).map((row) => row.id);
  });
  afterAll(() => crm.database.close());

  describe('getPromoCodeInfo', () => {
    it("answers a code's public facts whatever its letter case", async () => {
      const answer = await crm.get('getPromoCodeInfo', {
        storefrontId: crm.ids.storefrontA,
        promoCode: 'flow10',
      });
      expect(answer).toEqual({
        status: 200,
        body: {
          code: 'FLOW10',
          description: '10% off flow cytometry antibodies.',
          kind: 'Percent',
          value: 10,
          validFrom: '2024-01-01',
          validTo: null,
          appliesToAllItems: false,
          validToday: true,
        },
      });
    });

    it('says an expired code is not valid today', async () => {
      const { body } = await crm.get('getPromoCodeInfo', {
        storefrontId: crm.ids.storefrontA,
        promoCode: 'SPRING24',
      });
      expect(body.validToday).toBe(false);
    });

    it('answers an inactive or not yet started code exactly like an unknown one or one of another storefront', async () => {
      for (const [storefrontId, promoCode] of [
        [crm.ids.storefrontA, 'NOSUCHCODE'],
        [crm.ids.storefrontA, 'PAUSED20'],
        [crm.ids.storefrontA, 'AUTUMN99'],
        [crm.ids.storefrontB, 'FLOW10'],
      ]) {
        expect(
          await crm.get('getPromoCodeInfo', { storefrontId: storefrontId ?? '', promoCode: promoCode ?? '' }),
        ).toEqual(unknownCode);
      }
    });
  });

  describe('getQLIsForPromoCode', () => {
    it('answers the lines whose items the code covers', async () => {
      const quote = await cart([antibody, 1], [reagent, 2]);
      expect((await eligible(quote.quote.id, 'flow10')).body).toEqual({
        qliIds: [lineOf(quote, antibody).id],
      });
      expect((await eligible(quote.quote.id, 'WELCOME25')).body).toEqual({
        qliIds: quote.lines.map((line) => line.id),
      });
    });

    it("answers the spec's error when no line is eligible", async () => {
      const quote = await cart([reagent, 1]);
      expect(refusal(await eligible(quote.quote.id, 'FLOW10'))).toEqual({
        status: 400,
        body: { errorCode: 'QLIS_NOT_FOUND', message: PROMO_CODE_NO_LINES },
      });
    });

    it('says a code expired; an inactive or not yet started one is answered like an unknown one', async () => {
      const quote = await cart([antibody, 1]);
      expect(refusal(await eligible(quote.quote.id, 'SPRING24'))).toEqual({
        status: 400,
        body: {
          errorCode: 'PROMO_CODE_NOT_VALID',
          message: 'promoCode: SPRING24 is expired.',
          field: 'promoCode',
        },
      });
      for (const promoCode of ['PAUSED20', 'AUTUMN99', 'NOSUCHCODE']) {
        expect(refusal(await eligible(quote.quote.id, promoCode))).toEqual(unknownCode);
      }
    });
  });

  describe('applyPromoCodeNG', () => {
    it('takes a percent off the eligible lines only and reserves one use', async () => {
      const quote = await cart([antibody, 3], [reagent, 2]);
      const before = await usesOf('FLOW10');
      const answer = await apply(quote, 'flow10', [lineOf(quote, antibody).id]);
      expect(answer.status).toBe(200);
      const line = lineOf(answer.body, antibody);
      expect(line.promoDiscount).toBe(Math.round(line.lineTotal * 10) / 100);
      expect(lineOf(answer.body, reagent).promoDiscount).toBe(0);
      expect(answer.body.promoCode).toBe('FLOW10');
      expect(answer.body.quote.subtotal).toBe(quote.quote.subtotal);
      expect(answer.body.quote.discount).toBe(line.promoDiscount);
      expect(answer.body.quote.total).toBeCloseTo(quote.quote.subtotal - line.promoDiscount, 2);
      expect(await usesOf('FLOW10')).toBe(before + 1);
      await expectConsistent(quote.quote.id);
    });

    it('spreads an amount over the lines, in batches, the shares adding up to it', async () => {
      const quote = await cart([antibody, 1], [reagent, 1]);
      const [first, second] = quote.lines.map((line) => line.id);
      const batch = await apply(quote, 'WELCOME25', [first ?? ''], { isLastBatch: false });
      expect(batch.body.quote.discount).toBe(25);
      const last = await apply(quote, 'WELCOME25', [second ?? '']);
      expect(last.status).toBe(200);
      expect(last.body.lines.every((line) => line.promoDiscount > 0)).toBe(true);
      expect(last.body.quote.discount).toBe(25);
      expect(last.body.quote.total).toBeCloseTo(quote.quote.subtotal - 25, 2);
      await expectConsistent(quote.quote.id);
      expect(refusal(await apply(last.body, 'WELCOME25', [first ?? '']))).toEqual({
        status: 400,
        body: {
          errorCode: 'PROMO_CODE_ALREADY_APPLIED',
          message: 'promoCode: WELCOME25 is already applied to this quote.',
          field: 'promoCode',
        },
      });
    });

    it('keeps the discount right as the lines change afterwards', async () => {
      const quote = await cart([antibody, 1], [reagent, 1]);
      await apply(quote, 'FLOW10', [lineOf(quote, antibody).id]);
      const more = await crm.post('updateQLI', {
        ...scope(),
        quoteId: quote.quote.id,
        lines: [{ id: lineOf(quote, antibody).id, qty: 7 }],
      });
      const line = lineOf(more.body, antibody);
      expect(line.promoDiscount).toBe(Math.round(line.lineTotal * 10) / 100);
      await expectConsistent(quote.quote.id);
      // A line added later gets the applied code when the code covers its item; one it does not cover, none.
      const added = await crm.post('saveItemToQuoteBlink', {
        ...scope(),
        catalogItemId: antibody2,
        qty: 1,
      });
      const addedLine = lineOf(added.body, antibody2);
      expect(addedLine.promoDiscount).toBe(Math.round(addedLine.lineTotal * 10) / 100);
      expect(lineOf(added.body, reagent).promoDiscount).toBe(0);
      expect(added.body.quote.discount).toBeCloseTo(line.promoDiscount + addedLine.promoDiscount, 2);
      await expectConsistent(quote.quote.id);
      const removed = await crm.post('deleteLineItems', {
        ...scope(),
        quoteId: quote.quote.id,
        qliIds: [line.id],
      });
      expect(removed.body.quote.discount).toBe(lineOf(removed.body, antibody2).promoDiscount);
      await expectConsistent(quote.quote.id);
    });

    it('refuses a stale cart, computing nothing from the payload', async () => {
      const quote = await cart([antibody, 1]);
      const stale = await apply(quote, 'FLOW10', [lineOf(quote, antibody).id], {
        originalTotalSalesPrice: quote.quote.subtotal + 1,
      });
      expect(refusal(stale)).toEqual({
        status: 400,
        body: {
          errorCode: 'STALE_CART',
          message: `originalTotalSalesPrice: the cart changed since it was shown (its subtotal is now ${quote.quote.subtotal} ${quote.quote.currency}); reload the cart and apply the code again.`,
          field: 'originalTotalSalesPrice',
        },
      });
      expect(
        (await crm.get('getQuoteItems', { ...scope(), quoteid: quote.quote.id })).body.promoCode,
      ).toBeNull();
    });

    it('refuses lines the code does not cover, expired codes, and inactive ones like unknown ones', async () => {
      const quote = await cart([antibody, 1], [reagent, 1]);
      expect(refusal(await apply(quote, 'FLOW10', [lineOf(quote, reagent).id]))).toEqual({
        status: 400,
        body: {
          errorCode: 'INVALID_PAYLOAD',
          message: 'qliIds.0: no line of this quote that FLOW10 applies to.',
          field: 'qliIds.0',
        },
      });
      const all = quote.lines.map((line) => line.id);
      expect(refusal(await apply(quote, 'SPRING24', all)).body.message).toBe(
        'promoCode: SPRING24 is expired.',
      );
      for (const promoCode of ['PAUSED20', 'AUTUMN99', 'NOSUCHCODE']) {
        expect(refusal(await apply(quote, promoCode, all))).toEqual(unknownCode);
      }
    });

    it("refuses another account's quote with 403 and a checked-out quote with 400", async () => {
      const quote = await cart([antibody, 1]);
      const lines = [lineOf(quote, antibody).id];
      const denied = { status: 403, body: { errorCode: 'FORBIDDEN', message: MESSAGES.accessDenied } };
      expect(refusal(await apply(quote, 'FLOW10', lines, { accountId: crm.ids.marlowe }))).toEqual(denied);
      expect(
        refusal(
          await crm.post('getQLIsForPromoCode', {
            ...scope(),
            accountId: crm.ids.marlowe,
            quoteId: quote.quote.id,
            promoCode: 'FLOW10',
          }),
        ),
      ).toEqual(denied);
      await crm.database.db.update(quotes).set({ checkedOut: true }).where(eq(quotes.id, quote.quote.id));
      expect(refusal(await apply(quote, 'FLOW10', lines)).body.errorCode).toBe('QUOTE_CHECKED_OUT');
    });

    it('refuses a code whose usage limit is reached', async () => {
      await limitedCode('ONCEONLY', 1);
      const first = await cart([reagent, 1]);
      expect((await apply(first, 'ONCEONLY', [lineOf(first, reagent).id])).status).toBe(200);
      const second = await cart([reagent, 1]);
      expect(refusal(await apply(second, 'ONCEONLY', [lineOf(second, reagent).id]))).toEqual({
        status: 400,
        body: { errorCode: 'PROMO_CODE_USAGE_LIMIT_REACHED', message: 'Promo code usage limit reached' },
      });
      expect(await usesOf('ONCEONLY')).toBe(1);
    });
  });

  describe('replacing and removing a code', () => {
    const remove = (quote: QuoteItems, promoCode: string, accountId = crm.ids.halvorsen) =>
      crm.post('removePromoCodeNG', {
        ...scope(),
        accountId,
        quoteId: quote.quote.id,
        promoCode,
      });

    it('applying another code replaces the applied one: its discount and its reservation go with it', async () => {
      await limitedCode('SWAP1', 1);
      const quote = await cart([antibody, 2], [reagent, 1]);
      await apply(
        quote,
        'SWAP1',
        quote.lines.map((line) => line.id),
      );
      expect(await usesOf('SWAP1')).toBe(1);
      const replaced = await apply(quote, 'FLOW10', [lineOf(quote, antibody).id]);
      expect(replaced.status).toBe(200);
      expect(replaced.body.promoCode).toBe('FLOW10');
      const line = lineOf(replaced.body, antibody);
      expect(replaced.body.quote.discount).toBe(Math.round(line.lineTotal * 10) / 100);
      expect(lineOf(replaced.body, reagent).promoDiscount).toBe(0);
      expect(await usesOf('SWAP1')).toBe(0);
      await expectConsistent(quote.quote.id);
      // The use SWAP1 gave back is another cart's to take.
      const other = await cart([reagent, 1]);
      expect((await apply(other, 'SWAP1', [lineOf(other, reagent).id])).status).toBe(200);
    });

    it('a refused replacement leaves the applied code as it was', async () => {
      await limitedCode('TAKEN1', 1);
      const holder = await cart([reagent, 1]);
      await apply(holder, 'TAKEN1', [lineOf(holder, reagent).id]);
      const quote = await cart([antibody, 1]);
      const applied = await apply(quote, 'FLOW10', [lineOf(quote, antibody).id]);
      expect(refusal(await apply(quote, 'TAKEN1', [lineOf(quote, antibody).id])).body.errorCode).toBe(
        'PROMO_CODE_USAGE_LIMIT_REACHED',
      );
      expect(await itemsOf(quote.quote.id)).toEqual(applied.body);
    });

    it('removing the code restores the prices without it and releases its use', async () => {
      await limitedCode('BACK1', 1);
      const quote = await cart([antibody, 1], [reagent, 3]);
      const applied = await apply(
        quote,
        'back1',
        quote.lines.map((line) => line.id),
      );
      expect(applied.body.quote.discount).toBe(1);
      const removed = await remove(quote, 'back1');
      expect(removed.status).toBe(200);
      expect(removed.body.promoCode).toBeNull();
      expect(removed.body.quote).toMatchObject({
        subtotal: quote.quote.subtotal,
        discount: 0,
        total: quote.quote.subtotal,
      });
      expect(removed.body.lines.map((line) => line.promoDiscount)).toEqual([0, 0]);
      expect(removed.body.lines.map((line) => line.lineTotal)).toEqual(
        quote.lines.map((line) => line.lineTotal),
      );
      expect(await reservationOf(quote.quote.id)).toBeUndefined();
      await expectConsistent(quote.quote.id);
      // The quote may take a code again, and another cart the released use.
      const other = await cart([reagent, 1]);
      expect((await apply(other, 'BACK1', [lineOf(other, reagent).id])).status).toBe(200);
      expect((await apply(quote, 'FLOW10', [lineOf(quote, antibody).id])).body.promoCode).toBe('FLOW10');
    });

    it('refuses a code the quote does not hold, changing nothing', async () => {
      const quote = await cart([antibody, 1]);
      const notApplied = (code: string) => ({
        status: 400,
        body: {
          errorCode: 'PROMO_CODE_NOT_APPLIED',
          message: `promoCode: ${code} is not applied to this quote.`,
          field: 'promoCode',
        },
      });
      expect(refusal(await remove(quote, 'FLOW10'))).toEqual(notApplied('FLOW10'));
      const applied = await apply(quote, 'FLOW10', [lineOf(quote, antibody).id]);
      expect(refusal(await remove(quote, 'WELCOME25'))).toEqual(notApplied('WELCOME25'));
      expect(await itemsOf(quote.quote.id)).toEqual(applied.body);
    });

    it("refuses another account's quote with 403 and a checked-out quote with 400, keeping the code", async () => {
      const quote = await cart([antibody, 1]);
      const applied = await apply(quote, 'FLOW10', [lineOf(quote, antibody).id]);
      expect(refusal(await remove(quote, 'FLOW10', crm.ids.marlowe))).toEqual({
        status: 403,
        body: { errorCode: 'FORBIDDEN', message: MESSAGES.accessDenied },
      });
      await crm.database.db.update(quotes).set({ checkedOut: true }).where(eq(quotes.id, quote.quote.id));
      expect(refusal(await remove(quote, 'FLOW10')).body.errorCode).toBe('QUOTE_CHECKED_OUT');
      expect((await itemsOf(quote.quote.id)).promoCode).toBe(applied.body.promoCode);
    });
  });

  describe('reservations', () => {
    it("an abandoned cart's reservation lapses: another cart takes the use, and the abandoned cart shows no code", async () => {
      await limitedCode('LASTONE', 1);
      const abandoned = await cart([reagent, 2]);
      const held = await apply(abandoned, 'LASTONE', [lineOf(abandoned, reagent).id]);
      expect(held.body.quote.discount).toBe(1);
      const other = await cart([reagent, 1]);
      expect(refusal(await apply(other, 'LASTONE', [lineOf(other, reagent).id])).body.errorCode).toBe(
        'PROMO_CODE_USAGE_LIMIT_REACHED',
      );

      await abandon(abandoned.quote.id);
      const taken = await apply(other, 'LASTONE', [lineOf(other, reagent).id]);
      expect(taken.status).toBe(200);
      expect(taken.body.promoCode).toBe('LASTONE');

      const shown = await itemsOf(abandoned.quote.id);
      expect(shown.promoCode).toBeNull();
      expect(shown.quote).toMatchObject({ discount: 0, total: abandoned.quote.subtotal });
      expect(shown.lines.map((line) => line.promoDiscount)).toEqual([0]);
      expect(refusal(await apply(shown, 'LASTONE', [lineOf(shown, reagent).id])).body.errorCode).toBe(
        'PROMO_CODE_USAGE_LIMIT_REACHED',
      );
    });

    it('the next change of a cart whose reservation lapsed drops the code and its discount for good', async () => {
      await limitedCode('IDLE3', 3);
      const quote = await cart([reagent, 1]);
      await apply(quote, 'IDLE3', [lineOf(quote, reagent).id]);
      await abandon(quote.quote.id);
      const changed = await crm.post('updateQLI', {
        ...scope(),
        quoteId: quote.quote.id,
        lines: [{ id: lineOf(quote, reagent).id, qty: 2 }],
      });
      expect(changed.body.promoCode).toBeNull();
      expect(changed.body.quote.discount).toBe(0);
      expect(await reservationOf(quote.quote.id)).toBeUndefined();
      await expectConsistent(quote.quote.id);
      // Applied again, it is a new reservation, on the lines named then.
      const again = await apply(changed.body, 'IDLE3', [lineOf(changed.body, reagent).id]);
      expect(again.body.quote.discount).toBe(1);
    });

    it('every change of the cart renews its reservation for a day', async () => {
      await limitedCode('RENEW2', 2);
      const quote = await cart([reagent, 1]);
      await apply(quote, 'RENEW2', [lineOf(quote, reagent).id]);
      const soon = new Date(Date.now() + 60_000);
      await crm.database.db
        .update(promoCodeUses)
        .set({ reservedUntil: soon })
        .where(eq(promoCodeUses.quoteId, quote.quote.id));
      await crm.post('saveItemToQuoteBlink', { ...scope(), catalogItemId: reagent, qty: 1 });
      const renewed = await reservationOf(quote.quote.id);
      expect(renewed?.reservedUntil.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
      expect((await itemsOf(quote.quote.id)).promoCode).toBe('RENEW2');
    });

    it('a code without a usage limit stays on an idle cart, as nobody waits for its uses', async () => {
      const quote = await cart([antibody, 1]);
      const applied = await apply(quote, 'WELCOME25', [lineOf(quote, antibody).id]);
      await abandon(quote.quote.id);
      expect(await itemsOf(quote.quote.id)).toEqual(applied.body);
    });

    it('a use spent by placing the order counts for good; a cart without a code spends nothing', async () => {
      await limitedCode('ORDERED1', 1);
      const ordered = await cart([reagent, 1]);
      await apply(ordered, 'ORDERED1', [lineOf(ordered, reagent).id]);
      const place = (quoteId: string) => crm.database.db.transaction((tx) => spendPromoCodeUse(tx, quoteId));
      expect(await place(ordered.quote.id)).toBe(true);
      expect(await place(ordered.quote.id)).toBe(true);
      await abandon(ordered.quote.id);
      expect((await itemsOf(ordered.quote.id)).promoCode).toBe('ORDERED1');
      const other = await cart([reagent, 1]);
      expect(refusal(await apply(other, 'ORDERED1', [lineOf(other, reagent).id])).body.errorCode).toBe(
        'PROMO_CODE_USAGE_LIMIT_REACHED',
      );
      expect(await place(other.quote.id)).toBe(false);
    });
  });

  if (engine.name === 'postgres') {
    describe('under parallel applies', () => {
      it('20 parallel applies of a code limited to 5 uses: exactly 5 succeed, and 5 more once those lapse', async () => {
        const carts: QuoteItems[] = [];
        for (let i = 0; i < 20; i++) carts.push(await cart([reagent, 1]));
        const answers = await Promise.all(
          carts.map((quote) => apply(quote, 'LAUNCH5', [lineOf(quote, reagent).id])),
        );
        expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
        for (const answer of answers.filter((a) => a.status !== 200)) {
          expect(refusal(answer).body.message).toBe('Promo code usage limit reached');
        }
        expect(await usesOf('LAUNCH5')).toBe(5);
        for (const quote of carts) await expectConsistent(quote.quote.id);

        // The five carts are abandoned: once their reservations lapse, five of the others take the uses.
        const held = carts.filter((_, index) => answers[index]?.status === 200);
        for (const quote of held) await abandon(quote.quote.id);
        const waiting = carts.filter((quote) => !held.includes(quote));
        const retried = await Promise.all(
          waiting.map((quote) => apply(quote, 'LAUNCH5', [lineOf(quote, reagent).id])),
        );
        expect(retried.filter((answer) => answer.status === 200)).toHaveLength(5);
        for (const quote of held) expect((await itemsOf(quote.quote.id)).promoCode).toBeNull();
      });
    });
  }
});
