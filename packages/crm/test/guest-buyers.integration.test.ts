import { randomBytes } from 'node:crypto';
import { ADDRESS_MESSAGES, type CrmError, failureOf, GUEST_BUYER_MESSAGES } from '@storefront/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, contacts, quotes, templates } from '../src/db/schema';
import { mailOfQuote } from '../src/orders/queries/orders';
import { openSeededCrm, providerResult, type SeededCrm, testEngines } from '../src/testing';

const CHECKOUT_TEMPLATE = 'tpl-test-guest-checkout';

const BUYER = {
  companyName: 'Lumen Cell Labs',
  firstName: 'Ana',
  lastName: 'Lima',
  email: 'ana.lima@lumen.example',
  phone: '+1 617 555 0100',
};

describe.each(await testEngines())('guest buyers on $name', (engine) => {
  let crm: SeededCrm;

  const secret = () => randomBytes(32).toString('base64url');
  /** A guest of storefront A by their cart secret. */
  const guest = (guestCartSecret: string) => ({
    storefrontId: crm.ids.storefrontA,
    accountId: crm.ids.guest,
    guestCartSecret,
  });
  /** An item of the guest catalogue that Halvorsen's eCatalog has too, so a guest cart of it can move there. */
  let sharedItemId = '';
  /** A new guest with a cart of two of the shared item: their scope and the quote id. */
  async function guestCart() {
    const who = guest(secret());
    const cart = await crm.post('saveItemToQuoteBlink', {
      ...who,
      catalogItemId: sharedItemId,
      qty: 2,
    });
    expect(cart.status).toBe(200);
    return { who, quoteId: cart.body.quote.id };
  }
  const nameBuyer = (who: object, quoteId: string, buyer: Partial<typeof BUYER> = {}) =>
    crm.post('createGuestBuyer', { ...who, quoteId, ...BUYER, ...buyer });
  const refusal = async (answer: Promise<{ status: number; body: unknown }>) => {
    const { status, body } = await answer;
    const { errorCode, field } = failureOf(body);
    return { status, errorCode, field, message: (body as CrmError).message };
  };
  const storedQuote = async (quoteId: string) => {
    const [row] = await crm.database.db.select().from(quotes).where(eq(quotes.id, quoteId));
    if (!row) throw new Error(`no quote ${quoteId}`);
    return row;
  };
  const contactsOf = (accountId: string) =>
    crm.database.db.select().from(contacts).where(eq(contacts.accountId, accountId));

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    const items = async (accountId: string) =>
      (
        await crm.post('retrieveCatalogNG', {
          storefrontId: crm.ids.storefrontA,
          accountId,
          pageSize: 200,
        })
      ).body.items;
    const halvorsenSkus = new Set((await items(crm.ids.halvorsen)).map((item) => item.sku));
    const shared = (await items(crm.ids.guest)).find((item) => halvorsenSkus.has(item.sku));
    if (!shared) throw new Error('the demo catalogues share no item');
    sharedItemId = shared.id;
    await crm.database.db.insert(templates).values({
      id: CHECKOUT_TEMPLATE,
      storefrontId: crm.ids.storefrontA,
      name: CHECKOUT_TEMPLATE,
      createdDate: new Date('2025-01-01T00:00:00Z'),
      Page_Type: 'Checkout',
      Quote_eDocument_ID: 'QuoteOrderPdf',
    });
  });
  afterAll(() => crm.close());

  it('makes a prospect account and its contact and binds the quote; a second call updates them', async () => {
    const { who, quoteId } = await guestCart();
    const named = await nameBuyer(who, quoteId);
    expect(named.status).toBe(200);
    expect(named.body).toMatchObject({ quoteId, ...BUYER });

    const [prospect] = await crm.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.id, named.body.accountId));
    const [guestAccount] = await crm.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.id, crm.ids.guest));
    expect(prospect).toMatchObject({
      name: BUYER.companyName,
      storefrontId: crm.ids.storefrontA,
      isProspect: true,
      isGuest: false,
      catalogueId: null,
      currency: guestAccount?.currency,
    });
    expect(await contactsOf(named.body.accountId)).toEqual([
      expect.objectContaining({
        id: named.body.contactId,
        firstName: 'Ana',
        lastName: 'Lima',
        email: BUYER.email,
      }),
    ]);
    expect(await storedQuote(quoteId)).toMatchObject({
      contactId: named.body.contactId,
      billToAccountId: named.body.accountId,
      accountId: crm.ids.guest,
    });

    // The guest still owns the bound quote by their secret: it is their active cart and reads back.
    const active = await crm.get('getActiveQuote', who);
    expect(active.body.quote).toMatchObject({ id: quoteId, contactId: named.body.contactId });
    const read = await crm.post('getGuestBuyer', { ...who, quoteId });
    expect(read.body.buyer).toEqual(named.body);

    // Named again (a retry, or "Change"): the same contact and prospect, changed.
    const again = await nameBuyer(who, quoteId, { companyName: 'Lumen Bio', firstName: 'Anabel' });
    expect(again.body).toMatchObject({
      accountId: named.body.accountId,
      contactId: named.body.contactId,
      companyName: 'Lumen Bio',
      firstName: 'Anabel',
    });
    const prospects = await crm.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.id, named.body.accountId));
    expect(prospects.map((row) => row.name)).toEqual(['Lumen Bio']);
    expect(await contactsOf(named.body.accountId)).toHaveLength(1);
  });

  it('moves a bound guest cart to the account signing in, without the prospect', async () => {
    const { who, quoteId } = await guestCart();
    await nameBuyer(who, quoteId);
    const halvorsen = {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.halvorsen,
      contactId: '003-gb-in',
    };
    const claimed = await crm.post('makeActiveCartForGuest', {
      ...halvorsen,
      guestCartSecret: who.guestCartSecret,
    });
    expect(claimed.status).toBe(200);
    expect(await storedQuote(quoteId)).toMatchObject({
      accountId: crm.ids.halvorsen,
      contactId: '003-gb-in',
      guestSecretHash: null,
      billToAccountId: null,
    });
  });

  it("refuses another guest's secret, a guest without one and a signed-in account (403)", async () => {
    const { quoteId } = await guestCart();
    expect((await nameBuyer(guest(secret()), quoteId)).status).toBe(403);
    const noSecret = await refusal(
      nameBuyer({ storefrontId: crm.ids.storefrontA, accountId: crm.ids.guest }, quoteId),
    );
    expect(noSecret).toMatchObject({ status: 403, errorCode: 'GUEST_CART_REQUIRES_SECRET' });

    // A signed-in buyer's own quote: they buy for their account, not as a new buyer.
    const halvorsen = {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.halvorsen,
      contactId: '003-gb-1',
    };
    const started = await crm.post('startNewCart', halvorsen);
    const signedIn = await refusal(nameBuyer(halvorsen, started.body.quote.id));
    expect(signedIn).toMatchObject({ status: 403, errorCode: 'FORBIDDEN' });

    expect(await storedQuote(quoteId)).toMatchObject({ contactId: null, billToAccountId: null });
    expect(await storedQuote(started.body.quote.id)).toMatchObject({ billToAccountId: null });
  });

  it('refuses bad input with the message of the field, and a NUL, writing nothing', async () => {
    const { who, quoteId } = await guestCart();
    const cases: [Partial<typeof BUYER>, string, string][] = [
      [{ companyName: '  ' }, 'companyName', GUEST_BUYER_MESSAGES.companyRequired],
      [{ firstName: '' }, 'firstName', ADDRESS_MESSAGES.firstNameRequired],
      [{ firstName: 'Ana Maria' }, 'firstName', ADDRESS_MESSAGES.firstNameSpace],
      [{ lastName: 'da Silva' }, 'lastName', ADDRESS_MESSAGES.lastNameSpace],
      [{ email: '' }, 'email', ADDRESS_MESSAGES.emailRequired],
      [{ email: 'ana@lumen' }, 'email', ADDRESS_MESSAGES.invalidEmail],
      [{ companyName: 'x'.repeat(256) }, 'companyName', 'Company Name should be less than 255 characters'],
      [{ firstName: 'A'.repeat(41) }, 'firstName', 'First Name should be less than 40 characters'],
      [{ phone: '5'.repeat(41) }, 'phone', 'Phone should be less than 40 characters'],
    ];
    for (const [buyer, field, message] of cases) {
      expect(await refusal(nameBuyer(who, quoteId, buyer))).toEqual({
        status: 400,
        errorCode: 'INVALID_GUEST_BUYER',
        field,
        message: `${field}: ${message}`,
      });
    }
    const nul = await refusal(nameBuyer(who, quoteId, { companyName: 'Lumen\u0000Labs' }));
    expect(nul).toMatchObject({ status: 400, errorCode: 'INVALID_PAYLOAD', field: 'companyName' });
    expect(await storedQuote(quoteId)).toMatchObject({ contactId: null, billToAccountId: null });
  });

  it('prices, ships, taxes and places the bound guest quote as an order of the prospect', async () => {
    const { who, quoteId } = await guestCart();
    const named = await nameBuyer(who, quoteId);
    const address = {
      address: '1210 Longwood Avenue',
      address2: '',
      city: 'Boston',
      state: 'MA',
      zip: '02115',
      country: 'US',
      locName: '',
      contactName: 'Ana Lima',
      contactEmail: 'receiving@lumen.example',
      contactPhone: '+1 617 555 0101',
    };
    for (const addressType of ['Shipping', 'Billing'] as const) {
      const saved = await crm.post('saveAddress', {
        ...who,
        quoteId,
        addressType,
        addressObject: 'Account',
        ...address,
      });
      expect(saved.body).toMatchObject({ saveStatus: 'SUCCESS' });
    }
    // A guest keeps no address book, bound or not.
    const location = await crm.post('saveAddress', {
      ...who,
      quoteId,
      addressType: 'Shipping',
      addressObject: 'Location',
      ...address,
      locName: 'Dock',
    });
    expect(location.status).toBe(403);
    // The addresses are the prospect's: billing keeps the bound account.
    expect(await storedQuote(quoteId)).toMatchObject({
      billToAccountId: named.body.accountId,
      shipToAccountId: named.body.accountId,
      contactId: named.body.contactId,
    });

    const rates = await crm.post('calculateShippingCharges', {
      ...who,
      objid: quoteId,
      objtype: 'Quote',
    });
    const [option] = rates.body.ShippingResults.flatMap((group) => group.ShippingInfo);
    expect(option).toBeDefined();
    const method = await crm.post('saveShippingChargesWithBroker', {
      ...who,
      objid: quoteId,
      objtype: 'Quote',
      shippingdata: option,
    });
    expect(method.status).toBe(200);
    const tax = await crm.post('calculateAvaTax', { ...who, recordId: quoteId });
    expect(tax.status).toBe(200);

    // The demo guest account must pay online, and so must the new buyer.
    const request = await crm.post('generateSignature', {
      ...who,
      quoteId,
      returnUrl: 'http://localhost:3000/checkout',
    });
    expect(request.status).toBe(200);
    const paid = await crm.post('paymentRequestHandler', providerResult(request.body.fields));
    expect(paid.status).toBe(200);
    const info = await crm.post('getShuttleCheckoutInfo', { ...who, quoteId });
    expect(info.status).toBe(200);

    const placed = await crm.post('blinkCheckout', {
      ...who,
      quoteId,
      templateId: CHECKOUT_TEMPLATE,
    });
    expect(placed.status).toBe(200);
    expect(await storedQuote(quoteId)).toMatchObject({
      checkedOut: true,
      billToAccountId: named.body.accountId,
      contactId: named.body.contactId,
    });
    // The confirmation goes to the buyer the guest named, with the order's PDF.
    const mail = await mailOfQuote(crm.database.db, quoteId);
    expect(mail).toEqual([
      expect.objectContaining({ recipient: BUYER.email, attachmentFileId: placed.body.pdf.cvId }),
    ]);
    const confirmation = await crm.post('getOrderConfirmation', {
      ...who,
      orderNumber: placed.body.orderNumber,
    });
    expect(confirmation.status).toBe(200);
    expect(confirmation.body.quoteId).toBe(quoteId);
    // Another guest reads neither the order nor its buyer.
    const stranger = guest(secret());
    expect(
      (await crm.post('getOrderConfirmation', { ...stranger, orderNumber: placed.body.orderNumber })).status,
    ).toBe(403);
    expect((await crm.post('getGuestBuyer', { ...stranger, quoteId })).status).toBe(403);
    // A checked-out quote's buyer no longer changes.
    expect((await nameBuyer(who, quoteId, { companyName: 'Later Labs' })).status).toBe(400);
  });
});
