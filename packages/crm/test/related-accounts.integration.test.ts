import { PA_ACCOUNT_OBJECT } from '@storefront/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';

const CAMPUS = 'Halvorsen Institute Cambridge Campus';
const CORE = 'Halvorsen Sequencing Core Facility';
const TORONTO = 'Halvorsen Research Institute Toronto';

describe.each(await testEngines())('related accounts on $name', (engine) => {
  let crm: SeededCrm;
  const idOf = (name: string) => crm.seed.accounts.find((account) => account.name === name)?.id ?? '';
  const list = (body: Record<string, unknown> = {}) =>
    crm.post('getPAAccounts', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.halvorsen,
      obj: PA_ACCOUNT_OBJECT,
      queryFilters: { Master_Account: crm.ids.halvorsen },
      ...body,
    });
  const save = (body: Record<string, unknown>) =>
    crm.post('saveAccountSelection', {
      storefrontId: crm.ids.storefrontA,
      contactId: '003-related-test',
      ...body,
    });

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
  });
  afterAll(async () => crm?.close());

  it('lists the master’s related sites by name, leaving portal-context records out unless asked', async () => {
    const { status, body } = await list({ displayFields: ['ShippingCity', 'CurrencyIsoCode'] });
    expect(status).toBe(200);
    expect(body.map((record) => record.Related_Account.Name)).toEqual([CAMPUS, CORE]);
    expect(body[0]).toMatchObject({
      Master_Account: { Id: crm.ids.halvorsen, Name: 'Halvorsen Research Institute' },
      Related_Account: { Id: idOf(CAMPUS), ShippingCity: 'Cambridge', CurrencyIsoCode: 'USD' },
      Portal_Context: false,
      Ship_To: false,
    });
    expect(body[1]?.Ship_To).toBe(true);

    const withContext = await list({ isPortalContext: true });
    expect(withContext.body.map((record) => record.Related_Account.Name)).toEqual([CAMPUS, TORONTO, CORE]);
    const searched = await list({ searchText: 'core' });
    expect(searched.body.map((record) => record.Related_Account.Name)).toEqual([CORE]);
  });

  it('refuses another master’s list and objects that are not portal accessible', async () => {
    const other = await list({ queryFilters: { Master_Account: crm.ids.marlowe } });
    expect(other.status).toBe(403);
    const wrongObject = await list({ obj: 'Contact' });
    expect(wrongObject.status).toBe(400);
    expect(wrongObject.error?.field).toBe('obj');
    // A related site has no related accounts of its own.
    const site = await list({ accountId: idOf(CORE), queryFilters: { Master_Account: idOf(CORE) } });
    expect(site.body).toEqual([]);
  });

  it('describes an account for its page: addresses, terms, currency and parent', async () => {
    const { status, body } = await crm.post('getAccountDetails', {
      storefrontId: crm.ids.storefrontA,
      accountId: idOf(TORONTO),
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      Name: TORONTO,
      billingAddress: { city: 'Toronto', state: 'ON', country: 'CA' },
      paymentTerms: 'Payment Optional',
      currency: 'USD',
      usersCount: 0,
      parentAccount: { Id: crm.ids.halvorsen, Name: 'Halvorsen Research Institute' },
    });
    const foreign = await crm.post('getAccountDetails', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.kestrel,
    });
    expect(foreign.status).toBe(403);
  });

  it('keeps a contact’s chosen account and ship-to account, per storefront and contact', async () => {
    const empty = await crm.post('getAccountSelection', {
      storefrontId: crm.ids.storefrontA,
      contactId: '003-related-test',
    });
    expect(empty.body).toEqual({ selectedAccountId: null, shipToAccountId: null });

    const saved = await save({ selectedAccountId: idOf(CAMPUS), shipToAccountId: idOf(CORE) });
    expect(saved.status).toBe(200);
    const read = await crm.post('getAccountSelection', {
      storefrontId: crm.ids.storefrontA,
      contactId: '003-related-test',
    });
    expect(read.body).toEqual({ selectedAccountId: idOf(CAMPUS), shipToAccountId: idOf(CORE) });

    await save({ selectedAccountId: null });
    const cleared = await crm.post('getAccountSelection', {
      storefrontId: crm.ids.storefrontA,
      contactId: '003-related-test',
    });
    expect(cleared.body).toEqual({ selectedAccountId: null, shipToAccountId: null });
  });

  it('refuses to store the guest account, another storefront’s account or a site that takes no orders in behalf', async () => {
    const guest = await save({ selectedAccountId: crm.ids.guest });
    expect(guest.status).toBe(400);
    expect(guest.error?.field).toBe('selectedAccountId');
    const foreign = await save({ selectedAccountId: crm.ids.kestrel });
    expect(foreign.status).toBe(400);
    const notShipTo = await save({ selectedAccountId: null, shipToAccountId: idOf(CAMPUS) });
    expect(notShipTo.status).toBe(400);
    expect(notShipTo.error?.message).toBe(
      'shipToAccountId: does not take orders shipped in behalf of another account',
    );
  });
});
