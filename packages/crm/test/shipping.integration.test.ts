import { MESSAGES, OWN_CARRIER_LABEL, type ShippingOption, type ShippingRates } from '@storefront/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueItems, catalogues, quotes, shippingProfiles } from '../src/db/schema';
import type { ColdChain } from '../src/shipping/rules/profile';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';

interface Address {
  shippingCountry: string | null;
  shippingState: string | null;
}

const US: Address = { shippingCountry: 'US', shippingState: 'MA' };
const CANADA: Address = { shippingCountry: 'Canada', shippingState: 'ON' };
const GERMANY: Address = { shippingCountry: 'Germany', shippingState: null };

describe.each(await testEngines())('shipping types on $name', (engine) => {
  let crm: SeededCrm;
  /** Items of each storefront's Full catalogue, by how they travel. */
  const items = { ambient: '', cold: '', service: '', partnerCold: '' };
  let contacts = 0;

  /** Whose cart: a contact of an account, or a guest by the secret of their session. */
  type Owner = { storefrontId: string; accountId: string; contactId?: string; guestCartSecret?: string };
  const owner = (accountId: string, storefrontId = crm.ids.storefrontA): Owner => {
    contacts += 1;
    return { storefrontId, accountId, contactId: `003-ship-${contacts}` };
  };

  /** A cart of its own contact holding the items, with the shipping address written as checkout saves it. */
  const cartWith = async (who: Owner, itemIds: string[], address: Address | null) => {
    let quoteId = '';
    for (const catalogItemId of itemIds) {
      const added = await crm.post('saveItemToQuoteBlink', { ...who, catalogItemId, qty: 2 });
      expect(added.status).toBe(200);
      quoteId = added.body.quote.id;
    }
    if (address) await crm.database.db.update(quotes).set(address).where(eq(quotes.id, quoteId));
    return quoteId;
  };
  const rates = (who: Owner, objid: string) =>
    crm.post('calculateShippingCharges', { ...who, objid, objtype: 'Quote' });
  const save = (who: Owner, objid: string, shippingdata: Partial<ShippingOption>) =>
    crm.post('saveShippingChargesWithBroker', { ...who, objid, objtype: 'Quote', shippingdata });
  const options = (answer: ShippingRates) => answer.ShippingResults.flatMap((group) => group.ShippingInfo);
  const storedQuote = async (quoteId: string) => {
    const [row] = await crm.database.db.select().from(quotes).where(eq(quotes.id, quoteId));
    if (!row) throw new Error(`no quote ${quoteId}`);
    return row;
  };

  /** An item of the storefront's Full catalogue whose SKU starts with the prefix and travels as asked. */
  const fullItem = async (storefrontId: string, skuPrefix: string, coldChain: ColdChain) => {
    const rows = await crm.database.db
      .select({ id: catalogueItems.id, sku: catalogueItems.sku })
      .from(catalogueItems)
      .innerJoin(catalogues, eq(catalogues.id, catalogueItems.catalogueId))
      .innerJoin(shippingProfiles, eq(shippingProfiles.sku, catalogueItems.sku))
      .where(
        and(
          eq(catalogues.storefrontId, storefrontId),
          eq(catalogues.type, 'Full'),
          isNull(catalogues.accountId),
          eq(shippingProfiles.coldChain, coldChain),
          isNull(shippingProfiles.hazardClass),
        ),
      )
      .orderBy(catalogueItems.sku);
    const row = rows.find((r) => r.sku.startsWith(skuPrefix));
    if (!row) throw new Error(`the demo lacks a ${coldChain} ${skuPrefix} item`);
    return row.id;
  };

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    items.ambient = await fullItem(crm.ids.storefrontA, 'APL-', 'none');
    items.cold = await fullItem(crm.ids.storefrontA, 'FCA-', 'cold-packs');
    items.service = await fullItem(crm.ids.storefrontA, 'SVC-', 'none');
    items.partnerCold = await fullItem(crm.ids.storefrontB, 'FCA-', 'cold-packs');
  });
  afterAll(() => crm.close());

  it('rates a US address with every domestic service, grouped by carrier, and the own-carrier option', async () => {
    const who = owner(crm.ids.marlowe);
    const quoteId = await cartWith(who, [items.ambient, items.cold], US);
    const { status, body } = await rates(who, quoteId);
    expect(status).toBe(200);
    expect(body.errorMessage).toBeNull();
    expect(body.requiresShipping).toBe(true);
    expect(body.shippingSettings).toEqual({
      doNotAllowCheckoutWithoutShippingRate: true,
      allowCustomerShippingAccount: true,
    });
    expect(body.ShippingResults.map((group) => group.ShippingInfo[0]?.ShippingCarrier)).toEqual([
      'UPS',
      'FedEx',
      '',
    ]);
    const all = options(body);
    expect(all.map((option) => option.labelToShow)).toEqual([
      'UPS Ground (1 business day)',
      'FedEx 2Day (2 business days)',
      'FedEx Priority Overnight (1 business day)',
      OWN_CARRIER_LABEL,
    ]);
    // Antibodies travel on cold packs: every option carries the packing as its surcharge.
    for (const option of all) expect(option.quoteAdditionalSurcharge).toBeGreaterThan(0);
    expect(all.at(-1)).toMatchObject({ ShippingCharge: 0, customerShippingAccount: '' });
    expect(body.selected).toBeNull();
  });

  it('rates a Canadian address with the international services and Canada Post for ambient goods', async () => {
    const who = owner(crm.ids.marlowe);
    const quoteId = await cartWith(who, [items.ambient], CANADA);
    const { body } = await rates(who, quoteId);
    expect(
      options(body)
        .filter((option) => option.customerShippingAccount === null)
        .map((option) => `${option.ShippingCarrier} ${option.ShippingMethod}`)
        .sort(),
    ).toEqual(['Canada Post Expedited', 'DHL Express Worldwide', 'UPS Worldwide Express']);
    for (const option of options(body)) expect(option.quoteAdditionalSurcharge).toBe(0);
  });

  it('rates a European address in the quote currency, without the own carrier where the storefront forbids it', async () => {
    const who = owner(crm.ids.kestrel, crm.ids.storefrontB);
    const quoteId = await cartWith(who, [items.partnerCold], GERMANY);
    const { body } = await rates(who, quoteId);
    expect((await storedQuote(quoteId)).currency).toBe('EUR');
    expect(body.shippingSettings).toEqual({
      doNotAllowCheckoutWithoutShippingRate: false,
      allowCustomerShippingAccount: false,
    });
    expect(options(body).map((option) => option.labelToShow)).toEqual([
      'DHL Express Worldwide (2 business days)',
      'UPS Worldwide Express (2 business days)',
    ]);
    expect(body.errorMessage).toBeNull();
  });

  it('rates nothing until the address has a country, and a state where the country needs one', async () => {
    const who = owner(crm.ids.marlowe);
    const quoteId = await cartWith(who, [items.ambient], null);
    const answer = async (address: Address) => {
      await crm.database.db.update(quotes).set(address).where(eq(quotes.id, quoteId));
      return (await rates(who, quoteId)).body;
    };
    expect(await answer({ shippingCountry: null, shippingState: 'MA' })).toMatchObject({
      ShippingResults: [],
      errorMessage: 'Please enter Country.',
      requiresShipping: true,
    });
    expect(await answer({ shippingCountry: 'United States', shippingState: '' })).toMatchObject({
      ShippingResults: [],
      errorMessage: 'Please enter State.',
    });
    expect(await answer({ shippingCountry: 'CA', shippingState: null })).toMatchObject({
      errorMessage: 'Please enter State.',
    });
    const refused = await save(who, quoteId, { ShippingCarrier: 'UPS', ShippingMethod: 'Ground' });
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toBe('Please enter State.');
  });

  it('answers that a quote of services only does not require shipping, and saves no method for it', async () => {
    const who = owner(crm.ids.marlowe);
    const quoteId = await cartWith(who, [items.service], null);
    const { body } = await rates(who, quoteId);
    expect(body).toMatchObject({
      ShippingResults: [],
      errorMessage: null,
      requiresShipping: false,
      message: 'Quote does not require shipping',
    });
    const refused = await save(who, quoteId, { ShippingCarrier: 'UPS', ShippingMethod: 'Ground' });
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toBe('Quote does not require shipping');
  });

  it('saves the charge it computes, whatever the browser sends, and the total that follows', async () => {
    const who = owner(crm.ids.marlowe);
    const quoteId = await cartWith(who, [items.ambient, items.cold], US);
    const offered = options((await rates(who, quoteId)).body).find(
      (option) => option.ShippingCarrier === 'FedEx' && option.ShippingMethod === '2Day',
    );
    if (!offered) throw new Error('FedEx 2Day is not offered');
    const before = await storedQuote(quoteId);

    const saved = await save(who, quoteId, {
      ...offered,
      ShippingCharge: 0.01,
      quoteAdditionalSurcharge: 0,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.saveStatus).toBe('SUCCESS');
    expect(saved.body.shipping).toEqual({
      ShippingCarrier: 'FedEx',
      ShippingMethod: '2Day',
      ShippingCharge: offered.ShippingCharge,
      customerShippingAccount: null,
      quoteAdditionalSurcharge: offered.quoteAdditionalSurcharge,
    });
    const expectedTotal =
      Math.round(
        (before.subtotal - before.discount + offered.ShippingCharge + offered.quoteAdditionalSurcharge) * 100,
      ) / 100;
    expect(saved.body.quote).toMatchObject({
      shippingAmount: offered.ShippingCharge,
      shippingSurcharge: offered.quoteAdditionalSurcharge,
      total: expectedTotal,
    });
    expect(await storedQuote(quoteId)).toMatchObject({
      shippingCarrier: 'FedEx',
      shippingService: '2Day',
      shippingAmount: offered.ShippingCharge,
      shippingSurcharge: offered.quoteAdditionalSurcharge,
      customerShippingAccount: null,
      total: expectedTotal,
    });
    expect((await rates(who, quoteId)).body.selected).toEqual(saved.body.shipping);
    const cart = await crm.get('getQuoteItems', { ...who, quoteid: quoteId });
    expect(cart.body.quote.total).toBe(expectedTotal);
  });

  it('does not save a method the quote already has again', async () => {
    const who = owner(crm.ids.marlowe);
    const quoteId = await cartWith(who, [items.ambient], US);
    const choice = { ShippingCarrier: 'UPS', ShippingMethod: 'Ground' };
    expect((await save(who, quoteId, choice)).body.saveStatus).toBe('SUCCESS');
    const first = await storedQuote(quoteId);

    const again = await save(who, quoteId, { ...choice, ShippingCharge: 999 });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      saveStatus: 'UNCHANGED',
      message: 'The quote already has this shipping method; nothing was saved.',
    });
    expect((await storedQuote(quoteId)).modifiedAt).toEqual(first.modifiedAt);
  });

  it('refuses a method that is not offered for the address', async () => {
    const who = owner(crm.ids.marlowe);
    const quoteId = await cartWith(who, [items.ambient], GERMANY);
    const refused = await save(who, quoteId, { ShippingCarrier: 'UPS', ShippingMethod: 'Ground' });
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({
      errorCode: 'INVALID_PAYLOAD',
      field: 'shippingdata.ShippingMethod',
    });
  });

  it("ships on the buyer's own carrier account at no charge where the storefront allows it", async () => {
    const who = owner(crm.ids.marlowe);
    const quoteId = await cartWith(who, [items.cold], US);
    const own = options((await rates(who, quoteId)).body).find((o) => o.labelToShow === OWN_CARRIER_LABEL);
    const saved = await save(who, quoteId, {
      ShippingCarrier: 'UPS',
      ShippingMethod: 'Ground',
      ShippingCharge: 25,
      customerShippingAccount: '1Z-88X4',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.shipping).toEqual({
      ShippingCarrier: 'UPS',
      ShippingMethod: 'Ground',
      ShippingCharge: 0,
      customerShippingAccount: '1Z-88X4',
      quoteAdditionalSurcharge: own?.quoteAdditionalSurcharge,
    });

    const unknown = await save(who, quoteId, {
      ShippingCarrier: 'Pony Express',
      ShippingMethod: 'Gallop',
      customerShippingAccount: '1234',
    });
    expect(unknown.status).toBe(400);

    const partner = owner(crm.ids.kestrel, crm.ids.storefrontB);
    const partnerQuote = await cartWith(partner, [items.partnerCold], GERMANY);
    const refused = await save(partner, partnerQuote, {
      ShippingCarrier: 'DHL',
      ShippingMethod: 'Express Worldwide',
      customerShippingAccount: '9876543',
    });
    expect(refused.status).toBe(400);
    expect(refused.error?.field).toBe('shippingdata.customerShippingAccount');
  });

  it('clears the chosen method when the lines change, since it was rated for the old ones', async () => {
    const who = owner(crm.ids.marlowe);
    const quoteId = await cartWith(who, [items.ambient], US);
    await save(who, quoteId, { ShippingCarrier: 'UPS', ShippingMethod: 'Ground' });
    const changed = await crm.post('saveItemToQuoteBlink', {
      ...who,
      catalogItemId: items.ambient,
      qty: 1,
    });
    expect(changed.body.quote).toMatchObject({
      shippingAmount: 0,
      shippingSurcharge: 0,
      total: changed.body.quote.subtotal - changed.body.quote.discount,
    });
    expect((await rates(who, quoteId)).body.selected).toBeNull();
  });

  it('clears the chosen method when the address moves to another destination, and keeps it for the same one', async () => {
    const who = owner(crm.ids.marlowe);
    const quoteId = await cartWith(who, [items.ambient], null);
    const boston = {
      address: '1 Long Wharf',
      address2: 'Dock A',
      city: 'Boston',
      state: 'MA',
      zip: '02110',
      country: 'US',
    };
    const shipTo = (address: typeof boston) =>
      crm.post('saveAddress', {
        ...who,
        quoteId,
        addressType: 'Shipping',
        addressObject: 'Account',
        contactName: 'Ana Lima',
        contactEmail: 'ana@example.com',
        contactPhone: '',
        ...address,
      });
    expect((await shipTo(boston)).status).toBe(200);
    expect(
      (await save(who, quoteId, { ShippingCarrier: 'UPS', ShippingMethod: 'Ground' })).body.saveStatus,
    ).toBe('SUCCESS');

    // Another dock of the same building: the rate still holds.
    await shipTo({ ...boston, address2: 'Dock B', city: 'BOSTON' });
    expect((await rates(who, quoteId)).body.selected).toMatchObject({ ShippingCarrier: 'UPS' });

    await shipTo({ ...boston, city: 'Toronto', state: 'ON', zip: 'M5S 1A8', country: 'CA' });
    expect((await rates(who, quoteId)).body.selected).toBeNull();
    const stored = await storedQuote(quoteId);
    expect(stored).toMatchObject({ shippingCarrier: null, shippingAmount: null, shippingSurcharge: null });
    expect(stored.total).toBe(
      Math.round((stored.subtotal - stored.discount + (stored.tax ?? 0)) * 100) / 100,
    );
  });

  it("refuses another account's quote, and a guest cart without its secret", async () => {
    const who = owner(crm.ids.marlowe);
    const quoteId = await cartWith(who, [items.ambient], US);
    const stranger = owner(crm.ids.halvorsen);
    for (const answer of [
      await rates(stranger, quoteId),
      await save(stranger, quoteId, { ShippingCarrier: 'UPS', ShippingMethod: 'Ground' }),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.error?.message).toBe(MESSAGES.accessDenied);
    }

    const guest: Owner = {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.guest,
      guestCartSecret: 'g'.repeat(43),
    };
    const guestQuote = (
      await crm.post('saveItemToQuoteBlink', { ...guest, catalogItemId: items.ambient, qty: 1 })
    ).body.quote.id;
    await crm.database.db.update(quotes).set(US).where(eq(quotes.id, guestQuote));
    expect((await rates(guest, guestQuote)).status).toBe(200);
    const otherGuest = { ...guest, guestCartSecret: 'h'.repeat(43) };
    expect((await rates(otherGuest, guestQuote)).status).toBe(403);
    const { guestCartSecret: _secret, ...bare } = guest;
    expect((await rates(bare, guestQuote)).status).toBe(403);
  });

  it('lists the carriers and services a buyer may name for their own account', async () => {
    const { status, body } = await crm.get('getShippingPicklists');
    expect(status).toBe(200);
    expect(body.carriers.map((entry) => entry.carrier)).toEqual(['FedEx', 'UPS', 'DHL', 'Canada Post']);
  });
});
