import { ADDRESS_MESSAGES, OWN_CARRIER_LABEL } from '@storefront/contracts';
import { describe, expect, it } from 'vitest';
import { quoteTotal, quoteTotals } from '../../src/cart/rules/quote-pricing';
import { shippingOffer } from '../../src/shipping/rules/offer';
import type { ShipmentLine, ShippingProfile } from '../../src/shipping/rules/profile';
import {
  billableWeightKg,
  coldChainOf,
  hazardClassesOf,
  rateShipment,
  requiresShipping,
} from '../../src/shipping/rules/rates';
import { carrierPicklist } from '../../src/shipping/rules/services';
import { destinationOf } from '../../src/shipping/rules/zones';

const profile = (overrides: Partial<ShippingProfile> = {}): ShippingProfile => ({
  shippable: true,
  weightKg: 1,
  lengthCm: 10,
  widthCm: 10,
  heightCm: 10,
  coldChain: 'none',
  hazardClass: null,
  ...overrides,
});
const line = (overrides: Partial<ShippingProfile> = {}, qty = 1): ShipmentLine => ({
  sku: `SKU-${JSON.stringify(overrides)}`,
  qty,
  profile: profile(overrides),
});
const service = (lines: ShipmentLine[], zone: Parameters<typeof rateShipment>[1], name: string) =>
  rateShipment(lines, zone, 'USD').services.find((s) => `${s.carrier} ${s.service}` === name);

describe('zones', () => {
  it('bands US states from the Boston warehouse by census region, by code or full name', () => {
    expect(destinationOf('US', 'MA')).toEqual({ ok: true, country: 'US', zone: 'US1' });
    expect(destinationOf('USA', 'texas')).toEqual({ ok: true, country: 'US', zone: 'US2' });
    expect(destinationOf('United States', 'CALIFORNIA')).toEqual({ ok: true, country: 'US', zone: 'US3' });
    expect(destinationOf('us', 'HI')).toEqual({ ok: true, country: 'US', zone: 'US4' });
  });

  it('zones Canada, Europe and the rest of the world from codes or English names', () => {
    expect(destinationOf('CANADA', 'ON')).toMatchObject({ zone: 'CA' });
    expect(destinationOf('Germany', null)).toMatchObject({ country: 'DE', zone: 'EU' });
    expect(destinationOf('GB', '')).toMatchObject({ zone: 'EU' });
    expect(destinationOf('Switzerland', null)).toMatchObject({ country: 'CH', zone: 'EU' });
    expect(destinationOf('Japan', null)).toMatchObject({ country: 'JP', zone: 'ROW' });
    expect(destinationOf('PR', null)).toMatchObject({ zone: 'US4' });
  });

  it('says what is missing: a country, a state for the US and Canada, a country that exists', () => {
    expect(destinationOf(null, 'MA')).toEqual({ ok: false, missing: 'country' });
    expect(destinationOf('  ', 'MA')).toEqual({ ok: false, missing: 'country' });
    expect(destinationOf('US', null)).toEqual({ ok: false, missing: 'state' });
    expect(destinationOf('Canada', ' ')).toEqual({ ok: false, missing: 'state' });
    expect(destinationOf('Atlantis', null)).toEqual({ ok: false, missing: 'validCountry' });
    expect(destinationOf('XX', null)).toEqual({ ok: false, missing: 'validCountry' });
  });
});

describe('billable weight', () => {
  it('is the actual weight when the box is dense, in whole half-kilograms', () => {
    // 3 × 1.1 kg = 3.3 kg actual; 3 × 1,000 cm³ / 5,000 = 0.6 kg dimensional.
    expect(billableWeightKg([line({ weightKg: 1.1 }, 3)])).toBe(3.5);
  });

  it('is the dimensional weight (cm³ / 5,000) when the box is bulky', () => {
    // 45 × 30 × 28 cm = 37,800 cm³ → 7.56 kg dimensional against 1.2 kg actual.
    expect(billableWeightKg([line({ weightKg: 1.2, lengthCm: 45, widthCm: 30, heightCm: 28 })])).toBe(8);
  });

  it('bills at least half a kilogram and leaves non-shipped lines out', () => {
    expect(billableWeightKg([line({ weightKg: 0.1, lengthCm: 5, widthCm: 5, heightCm: 5 })])).toBe(0.5);
    expect(billableWeightKg([line({ weightKg: 2 }), line({ shippable: false, weightKg: 50 })])).toBe(2);
    expect(billableWeightKg([line({ weightKg: 2 })])).toBe(2);
  });
});

describe('rates', () => {
  it('prices base plus per billable kilogram, cheapest first, rounded to cents', () => {
    const lines = [line({ weightKg: 2.3 })]; // billable 2.5 kg
    const rating = rateShipment(lines, 'US1', 'USD');
    expect(rating.problem).toBeNull();
    expect(rating.services.map((s) => `${s.carrier} ${s.service}`)).toEqual([
      'UPS Ground',
      'FedEx 2Day',
      'FedEx Priority Overnight',
    ]);
    expect(service(lines, 'US1', 'UPS Ground')).toMatchObject({
      charge: 14.25,
      surcharge: 0,
      transitDays: 1,
    });
    expect(service(lines, 'US1', 'FedEx Priority Overnight')?.charge).toBe(48.5);
  });

  it('offers international express services only outside the US, and Canada Post only to Canada', () => {
    const lines = [line()];
    const names = (zone: Parameters<typeof rateShipment>[1]) =>
      rateShipment(lines, zone, 'USD')
        .services.map((s) => `${s.carrier} ${s.service}`)
        .sort();
    expect(names('CA')).toEqual(['Canada Post Expedited', 'DHL Express Worldwide', 'UPS Worldwide Express']);
    expect(names('EU')).toEqual(['DHL Express Worldwide', 'UPS Worldwide Express']);
    expect(names('US4')).toEqual(['FedEx 2Day', 'FedEx Priority Overnight']);
  });

  it('converts the USD rate card into the quote currency and refuses a currency it has no rate for', () => {
    const lines = [line({ weightKg: 2 })];
    const usd = rateShipment(lines, 'EU', 'USD').services.find((s) => s.carrier === 'DHL');
    const eur = rateShipment(lines, 'EU', 'EUR').services.find((s) => s.carrier === 'DHL');
    expect(usd?.charge).toBe(110); // 85 + 2 × 12.5
    expect(eur?.charge).toBe(102.3); // × 0.93
    expect(rateShipment(lines, 'EU', 'JPY')).toEqual({
      services: [],
      problem: 'Shipping rates are not available in JPY.',
    });
  });
});

describe('cold chain', () => {
  it('adds the packing as a surcharge growing with the days in transit: dry ice over cold packs', () => {
    const cold = [line({ coldChain: 'cold-packs' }), line({ coldChain: 'dry-ice' })];
    expect(coldChainOf(cold)).toBe('dry-ice');
    expect(service(cold, 'US1', 'FedEx Priority Overnight')?.surcharge).toBe(37); // 25 + 12 × 1 day
    expect(service(cold, 'US1', 'FedEx 2Day')?.surcharge).toBe(49);
    expect(service([line({ coldChain: 'cold-packs' })], 'US1', 'FedEx 2Day')?.surcharge).toBe(18);
  });

  it('keeps cold-chain goods off ground services slower than two days', () => {
    const cold = [line({ coldChain: 'cold-packs' })];
    expect(service(cold, 'US2', 'UPS Ground')).toBeDefined(); // 2 days
    expect(service(cold, 'US3', 'UPS Ground')).toBeUndefined(); // 4 days
    expect(service([line()], 'US3', 'UPS Ground')).toBeDefined();
    expect(service(cold, 'CA', 'Canada Post Expedited')).toBeUndefined();
  });
});

describe('dangerous goods', () => {
  it('adds the dangerous-goods fee: more by air than by ground', () => {
    const hazardous = [line({ hazardClass: '8' })];
    expect(hazardClassesOf(hazardous)).toEqual(['8']);
    expect(service(hazardous, 'US1', 'UPS Ground')?.charge).toBe(12 + 0.9 + 25);
    expect(service(hazardous, 'US1', 'FedEx 2Day')?.charge).toBe(22 + 2.6 + 55);
  });

  it('does not fly them to the rest of the world, and says why when nothing else goes', () => {
    const rating = rateShipment([line({ hazardClass: '8' }), line()], 'ROW', 'USD');
    expect(rating.services).toEqual([]);
    expect(rating.problem).toBe(
      'No carrier can ship this quote to the address: dangerous goods cannot fly to this destination.',
    );
    expect(rateShipment([line({ hazardClass: '8' })], 'EU', 'USD').services).toHaveLength(2);
  });
});

describe('shippingOffer', () => {
  const request = {
    lines: [line({ weightKg: 0.4, coldChain: 'cold-packs' })],
    country: 'US',
    state: 'NY',
    currency: 'USD',
    customerCarrierAllowed: false,
  };

  it('needs no shipping when every line is a service', () => {
    const services = [line({ shippable: false }, 2)];
    expect(requiresShipping(services)).toBe(false);
    expect(shippingOffer({ ...request, lines: services })).toEqual({ requiresShipping: false });
  });

  it('offers labelled options, and the own-carrier option last when the storefront allows it', () => {
    const offer = shippingOffer({ ...request, customerCarrierAllowed: true });
    if (!offer.requiresShipping) throw new Error('expected options');
    expect(offer.errorMessage).toBeNull();
    expect(offer.options[0]).toEqual({
      ShippingCarrier: 'UPS',
      ShippingMethod: 'Ground',
      ShippingCharge: 12.45,
      labelToShow: 'UPS Ground (1 business day)',
      customerShippingAccount: null,
      quoteAdditionalSurcharge: 14,
      transitDays: 1,
    });
    expect(offer.options.at(-1)).toEqual({
      ShippingCarrier: '',
      ShippingMethod: '',
      ShippingCharge: 0,
      labelToShow: OWN_CARRIER_LABEL,
      customerShippingAccount: '',
      quoteAdditionalSurcharge: 18,
      transitDays: null,
    });
    const without = shippingOffer(request);
    expect(without.requiresShipping && without.options.map((o) => o.labelToShow)).not.toContain(
      OWN_CARRIER_LABEL,
    );
  });

  it('offers nothing until the address has a country, and a state where one is needed', () => {
    expect(shippingOffer({ ...request, country: null })).toEqual({
      requiresShipping: true,
      options: [],
      errorMessage: ADDRESS_MESSAGES.enterCountry,
    });
    expect(shippingOffer({ ...request, state: '' })).toMatchObject({ errorMessage: 'Please enter State.' });
    expect(shippingOffer({ ...request, country: 'Nowhere' })).toMatchObject({
      errorMessage: 'Please enter valid Country.',
    });
  });

  it('names the items it cannot rate for want of a profile', () => {
    const offer = shippingOffer({ ...request, lines: [{ sku: 'NEW-1', qty: 1, profile: null }] });
    expect(offer).toMatchObject({
      options: [],
      errorMessage: 'Shipping rates are not available for NEW-1; contact us for a shipping quote.',
    });
  });
});

describe('quoteTotal', () => {
  it('adds shipping, surcharge and tax to the lines after the discount, in the currency', () => {
    expect(
      quoteTotal({ subtotal: 100.1, discount: 10.05, shipping: 12.45, surcharge: 14, tax: 7.25 }, 'USD'),
    ).toBe(123.75);
    expect(quoteTotals([100, 50], 'USD', [15], { shipping: 20, surcharge: 0, tax: 0 })).toEqual({
      subtotal: 150,
      discount: 15,
      total: 155,
    });
  });
});

describe('carrierPicklist', () => {
  it('lists each carrier once with its services', () => {
    expect(carrierPicklist()).toEqual([
      { carrier: 'FedEx', services: ['Priority Overnight', '2Day'] },
      { carrier: 'UPS', services: ['Ground', 'Worldwide Express'] },
      { carrier: 'DHL', services: ['Express Worldwide'] },
      { carrier: 'Canada Post', services: ['Expedited'] },
    ]);
  });
});
