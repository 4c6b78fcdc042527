import { CATALOGUE_TYPES, CONFIGURATION_MODES, PICKLIST_FIELDS } from '@storefront/contracts';
import { roundMoney } from '@storefront/contracts/money';
import { parseProductImage } from '@storefront/contracts/product-images';
import { describe, expect, it } from 'vitest';
import { buildDemoData } from '../../src/seed/demo';

const data = buildDemoData();

describe('buildDemoData', () => {
  it('is the same on every run', () => {
    expect(buildDemoData()).toEqual(data);
  });

  it('has the storefronts on localhost (guest) and 127.0.0.1 (authenticated only) first', () => {
    const [publicStore, partner] = data.storefronts;
    expect(publicStore).toMatchObject({ name: 'BioNova Life Sciences', domain: 'localhost' });
    expect(publicStore?.guestAccountId).toBe(data.accounts.find((a) => a.isGuest)?.id);
    expect(partner).toMatchObject({
      name: 'BioNova Partner Portal',
      domain: '127.0.0.1',
      guestAccountId: null,
    });
    for (const storefront of data.storefronts) expect(storefront.awsUserPoolId).toMatch(/^[\w-]+_\w+$/);
    expect(new Set(data.storefronts.map((storefront) => storefront.awsUserPoolId)).size).toBe(
      data.storefronts.length,
    );
  });

  it('adds the sign-in storefronts after them, authenticated-only, each under localhost', () => {
    const later = data.storefronts.slice(2);
    expect(later.map(({ domain, clientName, ssoInfo }) => ({ domain, clientName, ssoInfo }))).toEqual([
      {
        domain: 'code.localhost',
        clientName: 'bionova-clinical-web',
        ssoInfo: { authFlowType: 'CUSTOM_WITH_SRP' },
      },
      { domain: 'oidc.localhost', clientName: 'oidc-bionova-research', ssoInfo: null },
      { domain: 'saml.localhost', clientName: 'saml-bionova-hospitals', ssoInfo: null },
    ]);
    for (const storefront of later) expect(storefront.guestAccountId).toBeNull();
  });

  it('gives every row an 18-character id, unique per table', () => {
    for (const rows of [
      data.storefronts,
      data.accounts,
      data.catalogues,
      data.catalogueItems,
      data.templates,
    ]) {
      const ids = rows.map((row) => row.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(id).toMatch(/^[0-9A-Za-z]{18}$/);
    }
  });

  it('fills each Full catalogue with items across the eight categories, at least 400 on the first two', () => {
    const [publicStore, partner] = data.storefronts;
    for (const catalogue of data.catalogues.filter((c) => c.type === 'Full')) {
      const items = data.catalogueItems.filter((item) => item.catalogueId === catalogue.id);
      const whole = catalogue.storefrontId === publicStore?.id || catalogue.storefrontId === partner?.id;
      expect(items.length).toBeGreaterThanOrEqual(whole ? 400 : 20);
      expect(new Set(items.map((item) => item.categoryId)).size).toBe(8);
      expect(new Set(items.map((item) => item.sku)).size).toBe(items.length);
      expect(new Set(items.map((item) => item.slug)).size).toBe(items.length);
      expect(catalogue.priceSource).toBe('List Price');
    }
  });

  it('gives Halvorsen its own Catalog Price eCatalog', () => {
    const halvorsen = data.accounts.find((a) => a.name === 'Halvorsen Research Institute');
    const own = data.catalogues.find((c) => c.id === halvorsen?.catalogueId);
    expect(own).toMatchObject({
      type: 'eCatalog account primary',
      priceSource: 'Catalog Price',
      accountId: halvorsen?.id,
    });
    expect(CATALOGUE_TYPES).toContain(own?.type);
  });

  it('prices, images and attributes are well-formed', () => {
    for (const item of data.catalogueItems) {
      expect(item.listPrice).toBeGreaterThan(0);
      expect(item.negotiatedPrice).toBeLessThan(item.listPrice);
      expect(roundMoney(item.listPrice)).toBe(item.listPrice);
      expect(parseProductImage(item.images?.[0] ?? ''), item.name).not.toBeNull();
      for (const key of Object.keys(item.attributes ?? {})) expect(PICKLIST_FIELDS).toContain(key);
      if (item.requiresConfiguration) expect(CONFIGURATION_MODES).toContain(item.requiresConfiguration);
    }
    expect(data.catalogueItems.some((item) => item.requiresConfiguration === 'Needs')).toBe(true);
    expect(data.catalogueItems.some((item) => item.customAction)).toBe(true);
  });

  it('gives every product of a catalogue a picture of its own, and each SKU the same picture everywhere', () => {
    for (const catalogue of data.catalogues) {
      const items = data.catalogueItems.filter((item) => item.catalogueId === catalogue.id);
      expect(new Set(items.map((item) => item.images?.[0])).size).toBe(items.length);
    }
    const bySku = new Map<string, string | undefined>();
    for (const item of data.catalogueItems) {
      expect(bySku.get(item.sku) ?? item.images?.[0]).toBe(item.images?.[0]);
      bySku.set(item.sku, item.images?.[0]);
    }
  });

  it('gives consumables two or three lots that expire after they were made, and instruments none', () => {
    const skus = new Set(data.catalogueItems.map((item) => item.sku));
    const lotsOf = (sku: string) => data.productLots.filter((lot) => lot.sku === sku);
    for (const sku of skus) {
      const lots = lotsOf(sku);
      if (sku.startsWith('INS-')) expect(lots).toEqual([]);
      if (sku.startsWith('FCA-') || sku.startsWith('APL-')) expect([2, 3]).toContain(lots.length);
      for (const lot of lots) expect(lot.expiresOn > lot.manufacturedOn).toBe(true);
      expect(new Set(lots.map((lot) => lot.lotNumber)).size).toBe(lots.length);
    }
  });

  it('lists an antibody’s clone, host and fluorochrome maxima in its specifications', () => {
    const pe = data.catalogueItems.find((item) => item.name === 'CD4 Monoclonal Antibody (RPA-T4), PE');
    expect(pe?.specifications?.map(({ name }) => name)).toEqual([
      'Target',
      'Clone',
      'Host species',
      'Isotype',
      'Reactivity',
      'Application',
      'Conjugate',
      'Excitation maximum',
      'Emission maximum',
      'Laser line',
      'Concentration',
      'Formulation',
      'Size',
      'Storage',
      'Shelf life',
    ]);
    expect(pe?.specifications).toContainEqual({ name: 'Excitation maximum', value: '565 nm' });
    expect(pe?.specifications).toContainEqual({ name: 'Emission maximum', value: '578 nm' });
    expect(pe?.attributes).toEqual({
      Application: 'Flow Cytometry',
      Format: 'Liquid',
      Species: 'Human',
      Conjugate: 'PE',
      Brand: 'NovaFlow',
    });
  });

  it('adds 1-4, 5-9 and 10+ tiers to many consumables', () => {
    const tiered = new Set(data.quantityTiers.map((tier) => tier.itemId));
    expect(tiered.size).toBeGreaterThan(200);
    const first = data.quantityTiers.filter((tier) => tier.itemId === [...tiered][0]);
    expect(first.map(({ sv, ev }) => [sv, ev])).toEqual([
      [1, 4],
      [5, 9],
      [10, null],
    ]);
  });

  it('links items to the product template, else the home template', () => {
    const templateIds = new Set(data.templates.map((t) => t.id));
    for (const item of data.catalogueItems) expect(templateIds).toContain(item.productTemplateId);
  });

  it('has percent and amount offers, each linked to items of its own storefront', () => {
    expect(new Set(data.offers.map((o) => o.offerType))).toEqual(new Set(['Percent', 'Amount']));
    const storefrontOfItem = new Map(
      data.catalogueItems.map((item) => [
        item.id,
        data.catalogues.find((c) => c.id === item.catalogueId)?.storefrontId,
      ]),
    );
    for (const link of data.offerItems) {
      const offer = data.offers.find((o) => o.id === link.offerId);
      expect(storefrontOfItem.get(link.itemId)).toBe(offer?.storefrontId);
    }
    for (const offer of data.offers)
      expect(data.offerItems.some((link) => link.offerId === offer.id)).toBe(true);
  });

  it('links FLOW10 to the antibodies of every catalogue of the public storefront, WELCOME25 to all items', () => {
    const code = (name: string) => data.promoCodes.find((c) => c.code === name);
    const flow = data.promoCodeItems.filter((row) => row.promoCodeId === code('FLOW10')?.id);
    const skus = new Map(data.catalogueItems.map((item) => [item.id, item.sku]));
    expect(flow.length).toBeGreaterThan(0);
    for (const row of flow) expect(skus.get(row.itemId)).toMatch(/^FCA-/);
    expect(code('WELCOME25')).toMatchObject({ kind: 'Amount', value: 25, allItems: true });
    expect(code('LAUNCH5')).toMatchObject({ usageLimit: 5, allItems: true });
    expect(data.promoCodeItems.some((row) => row.promoCodeId === code('WELCOME25')?.id)).toBe(false);
  });
});
