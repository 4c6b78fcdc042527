import { type CatalogItemCard, MESSAGES } from '@storefront/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';

const secretOf = (letter: string) => letter.repeat(43);

describe.each(await testEngines())('guest carts on $name', (engine) => {
  let crm: SeededCrm;
  /** Items of the Full catalogue guests see: one Halvorsen's eCatalog also holds (by SKU), one it does not. */
  let shared: CatalogItemCard;
  let fullOnly: CatalogItemCard;
  /** `shared` as Halvorsen's eCatalog holds it. */
  let halvorsenItem: CatalogItemCard;

  const scope = (accountId: string, guestCartSecret?: string) => ({
    storefrontId: crm.ids.storefrontA,
    accountId,
    ...(guestCartSecret ? { guestCartSecret } : {}),
  });
  const guestAdd = (secret: string, catalogItemId: string, qty: number) =>
    crm.post('saveItemToQuoteBlink', { ...scope(crm.ids.guest, secret), catalogItemId, qty });
  const guestCart = (secret: string) => crm.get('getActiveQuote', scope(crm.ids.guest, secret));
  const claim = (accountId: string, guestCartSecret: string) =>
    crm.post('makeActiveCartForGuest', { ...scope(accountId), guestCartSecret });
  const activeQuote = (accountId: string) => crm.get('getActiveQuote', scope(accountId));

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    const page = async (accountId: string) =>
      (await crm.post('retrieveCatalogNG', { ...scope(accountId), pageSize: 200 })).body.items;
    const [full, halvorsen] = await Promise.all([page(crm.ids.guest), page(crm.ids.halvorsen)]);
    const halvorsenBySku = new Map(halvorsen.map((item) => [item.sku, item]));
    const both = full.find((item) => halvorsenBySku.has(item.sku));
    const only = full.find((item) => !halvorsenBySku.has(item.sku));
    if (!both || !only) throw new Error('the demo catalogues lack the items these tests need');
    shared = both;
    fullOnly = only;
    const own = halvorsenBySku.get(both.sku);
    if (!own) throw new Error('unreachable: both was found in halvorsenBySku');
    halvorsenItem = own;
  });
  afterAll(() => crm.database.close());

  it("keeps each guest's cart to the secret it was made with", async () => {
    const added = await guestAdd(secretOf('a'), shared.id, 2);
    expect(added.status).toBe(200);
    expect(added.body.quote).toMatchObject({ accountId: crm.ids.guest, status: 'Active' });
    expect(added.body.lines.map((line) => [line.sku, line.qty])).toEqual([[shared.sku, 2]]);
    expect((await guestCart(secretOf('a'))).body.quote?.id).toBe(added.body.quote.id);

    // Another guest shares the guest account but not the cart.
    expect((await guestCart(secretOf('b'))).body).toEqual({ quote: null });
    const peek = await crm.get('getQuoteItems', {
      ...scope(crm.ids.guest, secretOf('b')),
      quoteid: added.body.quote.id,
    });
    expect(peek).toEqual({ status: 403, body: { errorCode: 'FORBIDDEN', message: MESSAGES.accessDenied } });
    const change = await crm.post('updateQLI', {
      ...scope(crm.ids.guest, secretOf('b')),
      quoteId: added.body.quote.id,
      lines: [{ id: added.body.lines[0]?.id, qty: 9 }],
    });
    expect(change.status).toBe(403);

    // Without a secret the guest account has no cart at all.
    const bare = await crm.get('getActiveQuote', scope(crm.ids.guest));
    expect(bare.status).toBe(403);
    expect(bare.error?.message).toMatch(/^guestCartSecret: /);
  });

  it('shows a signed-in account its own cart, never the guest cart whose secret its browser still carries', async () => {
    const secret = secretOf('k');
    const guestQuote = await guestAdd(secret, shared.id, 1);
    const own = (await crm.post('startNewCart', scope(crm.ids.halvorsen))).body.quote;

    const asked = await crm.get('getActiveQuote', scope(crm.ids.halvorsen, secret));
    expect(asked.status).toBe(200);
    expect(asked.body.quote?.id).toBe(own.id);
    expect(asked.body.quote?.id).not.toBe(guestQuote.body.quote.id);
  });

  it("makes the guest's cart the signed-in account's, repriced from its catalogue, leaving out what it cannot buy", async () => {
    const secret = secretOf('c');
    await guestAdd(secret, shared.id, 1);
    const guestQuote = await guestAdd(secret, fullOnly.id, 3);
    const before = (await crm.post('startNewCart', scope(crm.ids.halvorsen))).body.quote;

    const claimed = await claim(crm.ids.halvorsen, secret);
    expect(claimed.status).toBe(200);
    const { quote, lines, unavailable } = claimed.body;
    expect(quote?.id).toBe(guestQuote.body.quote.id);
    expect(quote).toMatchObject({ accountId: crm.ids.halvorsen, status: 'Active' });
    expect(unavailable).toEqual([fullOnly.name]);
    expect(lines.map((line) => [line.sku, line.qty, line.unitPrice])).toEqual([
      [shared.sku, 1, halvorsenItem.price],
    ]);
    expect(quote?.subtotal).toBe(halvorsenItem.price);

    // It is the account's cart now; the one it had is kept, inactive; the guest's secret finds nothing.
    expect((await activeQuote(crm.ids.halvorsen)).body.quote?.id).toBe(quote?.id);
    const old = await crm.get('getQuoteItems', {
      ...scope(crm.ids.halvorsen),
      quoteid: before.id,
    });
    expect(old.body.quote.status).toBe('Inactive');
    expect((await guestCart(secret)).body).toEqual({ quote: null });
  });

  it("leaves the account's cart as it was when the guest has no cart or an empty one", async () => {
    const cart = (
      await crm.post('saveItemToQuoteBlink', {
        ...scope(crm.ids.marlowe),
        catalogItemId: shared.id,
        qty: 4,
      })
    ).body;
    const claimed = await claim(crm.ids.marlowe, secretOf('d'));
    expect(claimed.status).toBe(200);
    expect(claimed.body).toMatchObject({ quote: { id: cart.quote.id }, unavailable: [] });
    expect(claimed.body.lines.map((line) => line.qty)).toEqual([4]);
    const empty = await crm.post('startNewCart', scope(crm.ids.guest, secretOf('e')));
    expect(empty.status).toBe(200);
    expect((await claim(crm.ids.marlowe, secretOf('e'))).body.quote?.id).toBe(cart.quote.id);
  });

  it("keeps the account's filled cart when none of the guest's items is in its catalogue, naming them", async () => {
    const cart = (
      await crm.post('saveItemToQuoteBlink', {
        ...scope(crm.ids.halvorsen),
        catalogItemId: halvorsenItem.id,
        qty: 6,
      })
    ).body;
    const secret = secretOf('u');
    const guestQuote = (await guestAdd(secret, fullOnly.id, 2)).body.quote;

    const claimed = await claim(crm.ids.halvorsen, secret);
    expect(claimed.status).toBe(200);
    expect(claimed.body).toEqual({ ...cart, unavailable: [fullOnly.name] });
    expect((await activeQuote(crm.ids.halvorsen)).body.quote?.id).toBe(cart.quote.id);
    // Nothing moved, so the guest's cart is still theirs, with what they picked.
    expect((await guestCart(secret)).body.quote?.id).toBe(guestQuote.id);
  });

  it('refuses to hand a guest cart to the guest account, and needs the secret', async () => {
    const byGuest = await claim(crm.ids.guest, secretOf('f'));
    expect(byGuest.status).toBe(400);
    expect(byGuest.error?.message).toBe('accountId: a guest cart moves to a signed-in account.');
    const missing = await crm.post('makeActiveCartForGuest', scope(crm.ids.halvorsen));
    expect(missing.status).toBe(400);
    expect(missing.error?.message).toMatch(/^guestCartSecret: /);
  });

  it("makeActiveCart brings back an own quote and refuses another account's", async () => {
    const first = (
      await crm.post('saveItemToQuoteBlink', {
        ...scope(crm.ids.halvorsen),
        catalogItemId: halvorsenItem.id,
        qty: 5,
      })
    ).body.quote;
    const second = (await crm.post('startNewCart', scope(crm.ids.halvorsen))).body.quote;
    const back = await crm.post('makeActiveCart', {
      ...scope(crm.ids.halvorsen),
      quoteId: first.id,
    });
    expect(back.status).toBe(200);
    expect(back.body.quote).toMatchObject({ id: first.id, status: 'Active' });
    expect(back.body.lines.map((line) => line.catalogItemId)).toEqual([halvorsenItem.id]);
    expect((await activeQuote(crm.ids.halvorsen)).body.quote?.id).toBe(first.id);
    const left = await crm.get('getQuoteItems', {
      ...scope(crm.ids.halvorsen),
      quoteid: second.id,
    });
    expect(left.body.quote.status).toBe('Inactive');
    const foreign = await crm.post('makeActiveCart', { ...scope(crm.ids.marlowe), quoteId: first.id });
    expect(foreign.status).toBe(403);
  });

  it("keeps a guest cart's promo code to its secret: only its own guest removes it", async () => {
    const secret = secretOf('p');
    const added = await guestAdd(secret, shared.id, 1);
    const quoteId = added.body.quote.id;
    const promo = (type: 'applyPromoCodeNG' | 'removePromoCodeNG', guestCartSecret?: string) =>
      crm.post(type, {
        ...scope(crm.ids.guest, guestCartSecret),
        quoteId,
        promoCode: 'WELCOME25',
        qliIds: added.body.lines.map((line) => line.id),
        isLastBatch: true,
        originalTotalSalesPrice: added.body.quote.subtotal,
      });
    expect((await promo('applyPromoCodeNG', secret)).body.promoCode).toBe('WELCOME25');
    expect((await promo('removePromoCodeNG', secretOf('q'))).status).toBe(403);
    expect((await promo('removePromoCodeNG')).status).toBe(403);
    const removed = await promo('removePromoCodeNG', secret);
    expect(removed.body).toMatchObject({ promoCode: null, quote: { discount: 0 } });
  });

  it('makes one cart per guest under parallel first adds, however many guests add at once', async () => {
    const secrets = ['g', 'h', 'i'].map(secretOf);
    const answers = await Promise.all(
      secrets.flatMap((secret) => Array.from({ length: 10 }, () => guestAdd(secret, shared.id, 1))),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    for (const secret of secrets) {
      const carts = new Set(
        answers.filter((_, index) => secrets[Math.floor(index / 10)] === secret).map((a) => a.body.quote.id),
      );
      expect(carts.size).toBe(1);
      const [quoteid = ''] = carts;
      const items = await crm.get('getQuoteItems', { ...scope(crm.ids.guest, secret), quoteid });
      expect(items.body.lines.map((line) => line.qty)).toEqual([10]);
    }
  });
});
