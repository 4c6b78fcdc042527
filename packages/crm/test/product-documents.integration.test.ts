import type { CatalogItemDetail, CatalogPage, PicklistCount } from '@storefront/contracts';
import { parseProductImage } from '@storefront/contracts/product-images';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';

describe.each(await testEngines())('product pictures, specifications and lots on $name', (engine) => {
  let crm: SeededCrm;
  beforeAll(async () => {
    crm = await openSeededCrm(engine);
  });
  afterAll(() => crm.close());

  const search = (accountId: string, searchText: string, filters = {}) =>
    crm.postAs<CatalogPage>('retrieveCatalogNG', {
      storefrontId: crm.ids.storefrontA,
      accountId,
      searchText,
      filters,
      pageSize: 50,
    });
  const detail = (accountId: string, slug: string) =>
    crm.getAs<CatalogItemDetail>('getFormattedObjectDetails', {
      objectapi: 'CatalogItem',
      slug,
      accId: accountId,
      stfId: crm.ids.storefrontA,
    });

  it('gives the products of one category pictures of their own, drawn from their attributes', async () => {
    const { body } = await search(crm.ids.guest, 'CD4 Monoclonal Antibody (RPA-T4)');
    expect(body.items.length).toBe(8);
    expect(new Set(body.items.map((item) => item.imageUrl)).size).toBe(8);
    const pe = body.items.find((item) => item.name.endsWith(', PE'));
    expect(parseProductImage(pe?.imageUrl ?? '')).toEqual({
      kind: 'antibody',
      target: 'CD4',
      reactivity: 'Human',
      clone: 'RPA-T4',
      dye: 'pe',
    });
  });

  it('answers an antibody’s specifications in order, its hazards and its lots, newest first', async () => {
    const { body: page } = await search(crm.ids.guest, 'CD4 Monoclonal Antibody (RPA-T4), PE');
    const card = page.items.find((item) => item.name === 'CD4 Monoclonal Antibody (RPA-T4), PE');
    const { status, body } = await detail(crm.ids.guest, card?.slug ?? '');
    expect(status).toBe(200);
    expect(body.specifications.slice(0, 3)).toEqual([
      { name: 'Target', value: 'CD4' },
      { name: 'Clone', value: 'RPA-T4' },
      { name: 'Host species', value: 'Mouse' },
    ]);
    expect(body.specifications).toContainEqual({ name: 'Excitation maximum', value: '565 nm' });
    expect(body.specifications).toContainEqual({ name: 'Emission maximum', value: '578 nm' });
    expect(body.hazards).toEqual([expect.stringContaining('sodium azide')]);
    expect(body.lots.length).toBeGreaterThanOrEqual(2);
    const made = body.lots.map((lot) => lot.manufacturedOn);
    expect(made).toEqual([...made].sort().reverse());
    for (const lot of body.lots) expect(lot.expiresOn > lot.manufacturedOn).toBe(true);
  });

  it('answers the same lots for a product in an account’s own catalogue, and none for an instrument', async () => {
    const { body: guestPage } = await search(crm.ids.guest, 'Plate');
    const { body: ownPage } = await search(crm.ids.halvorsen, 'Plate');
    const shared = ownPage.items.find((item) => guestPage.items.some((guest) => guest.sku === item.sku));
    if (!shared) throw new Error('no plate in both catalogues');
    const guestItem = guestPage.items.find((item) => item.sku === shared.sku);
    const [own, guest] = await Promise.all([
      detail(crm.ids.halvorsen, shared.slug),
      detail(crm.ids.guest, guestItem?.slug ?? ''),
    ]);
    expect(own.body.id).not.toBe(guest.body.id);
    expect(own.body.lots).toEqual(guest.body.lots);
    expect(own.body.specifications).toContainEqual(expect.objectContaining({ name: 'Well format' }));

    const { body: instruments } = await search(crm.ids.guest, 'Benchtop Flow Cytometer, 3-laser');
    const cytometer = await detail(crm.ids.guest, instruments.items[0]?.slug ?? '');
    expect(cytometer.body.lots).toEqual([]);
    expect(cytometer.body.specifications).toContainEqual({ name: 'Lasers', value: '405 nm, 488 nm, 640 nm' });
  });

  it('keeps the facets on the card attributes: filtering by conjugate still finds its products', async () => {
    const { body } = await search(crm.ids.guest, 'CD4 Monoclonal', { Conjugate: ['PE'] });
    expect(body.items.map((item) => item.name).sort()).toEqual([
      'CD4 Monoclonal Antibody (GK1.5), PE',
      'CD4 Monoclonal Antibody (RPA-T4), PE',
    ]);
    const counts = await crm.postAs<PicklistCount[]>('getCatalogPicklistGroupCounts', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.guest,
      searchText: 'CD4 Monoclonal',
      field: 'Conjugate',
    });
    expect(counts.body).toContainEqual({ value: 'PE', count: 2 });
  });
});
