import { MESSAGES } from '@storefront/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';

describe.each(await testEngines())('the account address book and shipping preferences on $name', (engine) => {
  let crm: SeededCrm;
  const scope = (accountId: string) => ({ storefrontId: crm.ids.storefrontA, accountId });
  const coldRoom = {
    locName: 'Cold Room 4',
    address: '77 Massachusetts Avenue',
    address2: 'Building 68',
    city: 'Cambridge',
    state: 'massachusetts',
    zip: '02139',
    country: 'united states',
    firstName: 'Ana',
    lastName: 'Lima',
    phone: '+1 617 555 0100',
    email: 'ana.lima@halvorsen.example',
  };
  const book = async (accountId: string) => {
    const answer = await crm.post('getAddressBook', scope(accountId));
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const save = (accountId: string, payload: Record<string, unknown>) =>
    crm.post('saveAccountLocation', {
      ...scope(accountId),
      ...coldRoom,
      ...payload,
    });
  const added = async (accountId: string, payload: Record<string, unknown> = {}) => {
    const answer = await save(accountId, payload);
    expect(answer.body).toMatchObject({ saveStatus: 'SUCCESS' });
    return answer.body.locationId ?? '';
  };

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
  });
  afterAll(() => crm.close());

  it("lists the account's billing and shipping address and its locations, the default first", async () => {
    const { billing, shipping, locations } = await book(crm.ids.halvorsen);
    expect(billing).toMatchObject({ addressType: 'Billing', accountId: crm.ids.halvorsen });
    expect(shipping).toMatchObject({ city: 'Boston', addressType: 'Shipping' });
    expect(locations[0]).toMatchObject({ locName: 'Main Receiving', isDefault: true });
    expect(locations.filter((location) => location.isDefault)).toHaveLength(1);
  });

  it('adds a location with its contact, stored as codes, and checkout lists it with that contact', async () => {
    const locationId = await added(crm.ids.halvorsen);
    const location = (await book(crm.ids.halvorsen)).locations.find((entry) => entry.id === locationId);
    expect(location).toMatchObject({ state: 'MA', country: 'US', firstName: 'Ana', isDefault: false });
    const records = await crm.post('getAddressRecords', {
      ...scope(crm.ids.halvorsen),
      addressType: 'Shipping',
    });
    expect(records.body.lstLocation.find((entry) => entry.id === locationId)).toMatchObject({
      locName: 'Cold Room 4',
      phone: '+1 617 555 0100',
    });
  });

  it('refuses each broken C§5 rule beside its field and writes nothing', async () => {
    const before = await book(crm.ids.halvorsen);
    const cases: [Record<string, string>, string, string][] = [
      [{ locName: ' ' }, 'locName', 'Location Name is required'],
      [{ address: '' }, 'address', 'Address Line 1 is required'],
      [{ address: 'x'.repeat(61) }, 'address', 'Address Line 1 should be less than 60 characters'],
      [{ address2: 'x'.repeat(41) }, 'address2', 'Address Line 2 should be less than 40 characters'],
      [{ city: '' }, 'city', 'City is required'],
      [{ state: '' }, 'state', 'Please enter State.'],
      [{ state: 'Narnia' }, 'state', 'Please enter valid US State.'],
      [{ zip: '' }, 'zip', 'ZIP/Postal Code is required'],
      [{ country: '' }, 'country', 'Country is required'],
      [{ country: 'Atlantis' }, 'country', 'Please enter valid Country.'],
      [{ firstName: '' }, 'firstName', 'First Name is required'],
      [{ firstName: 'Ana Maria' }, 'firstName', 'First Name should not contain space'],
      [{ lastName: '' }, 'lastName', 'Last Name is required'],
      [{ lastName: 'da Lima' }, 'lastName', 'Last Name should not contain space'],
      [{ phone: '' }, 'phone', 'Phone is required'],
      [{ email: '' }, 'email', 'Email is required'],
      [{ email: 'ana@lab' }, 'email', 'Invalid Email'],
    ];
    const locationId = before.locations[0]?.id ?? '';
    for (const [change, field, message] of cases) {
      for (const payload of [change, { ...change, locationId }]) {
        const answer = await save(crm.ids.halvorsen, payload);
        expect(answer.status).toBe(200);
        expect(answer.body, message).toEqual({
          saveStatus: 'ERROR',
          locationId: null,
          message,
          error: 'INVALID_ADDRESS',
          field,
        });
      }
    }
    expect(await book(crm.ids.halvorsen)).toEqual(before);
  });

  it('changes a location, makes it the default and deletes it', async () => {
    const locationId = await added(crm.ids.halvorsen, { locName: 'Imaging Suite' });
    await added(crm.ids.halvorsen, {
      locationId,
      locName: 'Imaging Suite B',
      city: 'Somerville',
      zip: '02143',
    });
    const defaulted = await crm.post('setDefaultAccountLocation', {
      ...scope(crm.ids.halvorsen),
      locationId,
    });
    expect(defaulted).toEqual({ status: 200, body: { locationId } });
    const { locations } = await book(crm.ids.halvorsen);
    expect(locations[0]).toMatchObject({ id: locationId, locName: 'Imaging Suite B', city: 'Somerville' });
    expect(locations.filter((location) => location.isDefault).map((location) => location.id)).toEqual([
      locationId,
    ]);
    const deleted = await crm.post('deleteAccountLocation', { ...scope(crm.ids.halvorsen), locationId });
    expect(deleted.status).toBe(200);
    expect((await book(crm.ids.halvorsen)).locations.some((location) => location.id === locationId)).toBe(
      false,
    );
    const again = await crm.post('deleteAccountLocation', { ...scope(crm.ids.halvorsen), locationId });
    expect(again.status).toBe(404);
  });

  it("refuses another account's location with 403 for every type, and the shared guest account", async () => {
    const theirs = await added(crm.ids.marlowe, { locName: 'Marlowe Dock' });
    const mine = scope(crm.ids.halvorsen);
    for (const answer of [
      await save(crm.ids.halvorsen, { locationId: theirs }),
      await crm.post('deleteAccountLocation', { ...mine, locationId: theirs }),
      await crm.post('setDefaultAccountLocation', { ...mine, locationId: theirs }),
      await crm.post('getAddressBook', scope(crm.ids.guest)),
      await crm.post('getShippingPreferences', scope(crm.ids.guest)),
      await crm.post('getAddressBook', { storefrontId: crm.ids.storefrontB, accountId: crm.ids.halvorsen }),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.error?.message).toBe(MESSAGES.accessDenied);
    }
    expect((await book(crm.ids.marlowe)).locations.map((location) => location.locName)).toContain(
      'Marlowe Dock',
    );
  });

  it("keeps the account's preferred carrier, service and carrier account number", async () => {
    const empty = await crm.post('getShippingPreferences', scope(crm.ids.marlowe));
    expect(empty.body).toEqual({
      carrier: null,
      service: null,
      carrierAccountNumber: null,
      allowCustomerShippingAccount: true,
    });
    const saved = await crm.post('saveShippingPreferences', {
      ...scope(crm.ids.marlowe),
      carrier: 'UPS',
      service: 'Ground',
      carrierAccountNumber: 'UPS-4471',
    });
    expect(saved.body).toEqual({
      saveStatus: 'SUCCESS',
      preferences: { carrier: 'UPS', service: 'Ground', carrierAccountNumber: 'UPS-4471' },
    });
    const read = await crm.post('getShippingPreferences', scope(crm.ids.marlowe));
    expect(read.body).toMatchObject({ carrier: 'UPS', service: 'Ground', carrierAccountNumber: 'UPS-4471' });
  });

  it('refuses a service of another carrier, a bad account number, and an account number where not allowed', async () => {
    const refusal = async (accountId: string, storefrontId: string, payload: Record<string, string>) =>
      (await crm.post('saveShippingPreferences', { storefrontId, accountId, ...payload })).body;
    const a = crm.ids.storefrontA;
    expect(await refusal(crm.ids.halvorsen, a, { carrier: 'UPS', service: '2Day' })).toEqual({
      saveStatus: 'ERROR',
      field: 'service',
      message: 'Choose a service of the carrier.',
    });
    expect(await refusal(crm.ids.halvorsen, a, { carrierAccountNumber: 'no spaces!' })).toMatchObject({
      field: 'carrierAccountNumber',
      message: 'Enter 4 to 32 letters, digits or dashes.',
    });
    expect(
      await refusal(crm.ids.kestrel, crm.ids.storefrontB, { carrierAccountNumber: 'DHL-0099' }),
    ).toMatchObject({
      field: 'carrierAccountNumber',
      message: 'This storefront does not ship on customer carrier accounts.',
    });
    const kept = await crm.post('getShippingPreferences', scope(crm.ids.halvorsen));
    expect(kept.body).toMatchObject({ carrier: null, carrierAccountNumber: null });
  });
});
