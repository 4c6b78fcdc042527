import type { CrmError } from '@storefront/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templates } from '../src/db/schema';
import { type Answer, openSeededCrm, type SeededCrm, testEngines } from '../src/testing';

const GUEST_SECRET = 'g'.repeat(43);

describe.each(await testEngines())('checkout addresses on $name', (engine) => {
  let crm: SeededCrm;
  let toronto: string;

  const scope = (accountId: string, guestCartSecret?: string) => ({
    storefrontId: crm.ids.storefrontA,
    accountId,
    ...(guestCartSecret ? { guestCartSecret } : {}),
  });
  const newCart = async (accountId: string, secret?: string) => {
    const answer = await crm.post('startNewCart', scope(accountId, secret));
    expect(answer.status).toBe(200);
    return answer.body.quote.id;
  };
  const records = async (accountId: string, payload: Record<string, unknown>, secret?: string) => {
    const answer = await crm.post('getAddressRecords', {
      ...scope(accountId, secret),
      ...payload,
    });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const quoteAddress = async (
    accountId: string,
    quoteId: string,
    addressType: 'Shipping' | 'Billing' | 'DeliverTo',
    secret?: string,
  ) => (await records(accountId, { addressType, quoteId, addressObject: 'Account' }, secret)).quoteAddress;
  const contact = { contactName: 'Ana Lima', contactEmail: 'ana.lima@halvorsen.example', contactPhone: '' };
  const boston = {
    address: '1210 Longwood Avenue',
    address2: 'Loading Dock B',
    city: 'Boston',
    state: 'MA',
    zip: '02115',
    country: 'US',
  };
  const save = (accountId: string, payload: Record<string, unknown>, secret?: string) =>
    crm.post('saveAddress', {
      ...scope(accountId, secret),
      addressType: 'Shipping',
      addressObject: 'Account',
      ...boston,
      ...contact,
      ...payload,
    });
  const saved = async (accountId: string, payload: Record<string, unknown>, secret?: string) => {
    const answer = await save(accountId, payload, secret);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ saveStatus: 'SUCCESS', message: null, error: null });
    return answer.body.locationId;
  };
  const refusal = (answer: Answer) => answer.body as CrmError;
  const templateNamed = async (storefrontId: string, name: string) => {
    const [row] = await crm.database.db
      .select({ id: templates.id })
      .from(templates)
      .where(and(eq(templates.storefrontId, storefrontId), eq(templates.name, name)));
    if (!row) throw new Error(`the seed has a ${name} template on ${storefrontId}`);
    return row.id;
  };

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    toronto = crm.seed.accounts.find((a) => a.name === 'Halvorsen Research Institute Toronto')?.id ?? '';
  });
  afterAll(() => crm.close());

  describe('getAddressRecords', () => {
    it("lists the account's shipping address and its locations, the default first", async () => {
      const book = await records(crm.ids.halvorsen, { addressType: 'Shipping' });
      expect(book.lstAccount).toEqual([
        expect.objectContaining({
          id: crm.ids.halvorsen,
          accountId: crm.ids.halvorsen,
          locationId: null,
          name: 'Halvorsen Research Institute',
          address: '1210 Longwood Avenue',
          city: 'Boston',
          state: 'MA',
          zip: '02115',
          country: 'US',
          addressType: 'Shipping',
          addressObject: 'Account',
          isBilling: false,
          isChild: false,
          isIBAddress: false,
        }),
      ]);
      expect(book.lstLocation.map((r) => r.locName)).toEqual([
        'Main Receiving',
        'Flow Cytometry Core',
        'Kendall Square Genomics Annex',
      ]);
      expect(book.lstLocation[0]).toMatchObject({ addressObject: 'Location', address2: 'Loading Dock B' });
      expect(book.lstAccountChild).toEqual([]);
      expect(book.lstLocationChild).toEqual([]);
      expect(book.quoteAddress).toBeNull();
    });

    it('adds the child accounts and their locations with HIERARCHY', async () => {
      const book = await records(crm.ids.halvorsen, {
        addressType: 'Shipping',
        accountSelection: 'HIERARCHY',
      });
      expect(book.lstAccountChild).toEqual([
        expect.objectContaining({
          accountId: toronto,
          city: 'Toronto',
          state: 'ON',
          country: 'CA',
          isChild: true,
        }),
      ]);
      expect(book.lstLocationChild.map((r) => [r.locName, r.accountId, r.isChild])).toEqual([
        ['Discovery District Receiving', toronto, true],
        ['Bayview Imaging Lab', toronto, true],
      ]);
      expect(book.lstLocation).toHaveLength(3);
    });

    it('answers the billing address for Billing, and narrows by addressObject', async () => {
      const billing = await records(crm.ids.halvorsen, { addressType: 'Billing', addressObject: 'Account' });
      expect(billing.lstAccount).toEqual([
        expect.objectContaining({ address: '1200 Longwood Avenue', isBilling: true, addressType: 'Billing' }),
      ]);
      expect(billing.lstLocation).toEqual([]);
      const locations = await records(crm.ids.kestrel, {
        storefrontId: crm.ids.storefrontB,
        addressType: 'DeliverTo',
        addressObject: 'Location',
      });
      expect(locations.lstAccount).toEqual([]);
      expect(locations.lstLocation.map((r) => [r.locName, r.country])).toEqual([
        ['Wareneingang Martinsried', 'DE'],
        ['Labor Berlin-Buch', 'DE'],
      ]);
    });

    it('keeps no address book for guests, and answers their own quote only with their secret', async () => {
      const quoteId = await newCart(crm.ids.guest, GUEST_SECRET);
      const book = await records(crm.ids.guest, { addressType: 'Shipping', quoteId }, GUEST_SECRET);
      expect(book).toMatchObject({
        lstAccount: [],
        lstAccountChild: [],
        lstLocation: [],
        lstLocationChild: [],
      });
      expect(book.quoteAddress).toMatchObject({ quoteId, address: '', country: '', locationId: null });
      const stranger = await crm.post('getAddressRecords', {
        ...scope(crm.ids.guest, 'h'.repeat(43)),
        addressType: 'Shipping',
        quoteId,
      });
      expect(stranger.status).toBe(403);
    });
  });

  describe('saveAddress', () => {
    it("holds the address to the checkout template's required fields: the express checkout's ZIP is optional", async () => {
      const quoteId = await newCart(crm.ids.halvorsen);
      const noZip = { quoteId, zip: '', address2: 'Dock B' };
      expect((await save(crm.ids.halvorsen, noZip)).body).toMatchObject({
        saveStatus: 'ERROR',
        message: 'ZIP/Postal Code is required',
        field: 'zip',
      });
      const express = await templateNamed(crm.ids.storefrontA, 'express-checkout');
      expect(
        await saved(crm.ids.halvorsen, { ...noZip, templateId: express, contactPhone: '555 0100' }),
      ).toBeNull();
      expect(await quoteAddress(crm.ids.halvorsen, quoteId, 'Shipping')).toMatchObject({
        zip: '',
        city: 'Boston',
      });

      const elsewhere = await templateNamed(crm.ids.storefrontB, 'express-checkout');
      const foreign = await save(crm.ids.halvorsen, { ...noZip, templateId: elsewhere });
      expect(foreign.status).toBe(404);
      expect(refusal(foreign)).toMatchObject({ field: 'templateId' });
    });

    it('saves an account address onto the quote, the country and US state as codes', async () => {
      const quoteId = await newCart(crm.ids.halvorsen);
      const locationId = await saved(crm.ids.halvorsen, {
        quoteId,
        country: 'usa',
        state: 'massachusetts',
        contactPhone: '+1 617 555 0100',
      });
      expect(locationId).toBeNull();
      expect(await quoteAddress(crm.ids.halvorsen, quoteId, 'Shipping')).toMatchObject({
        accountId: crm.ids.halvorsen,
        locationId: null,
        ...boston,
        contactName: 'Ana Lima',
        contactEmail: 'ana.lima@halvorsen.example',
        contactPhone: '+1 617 555 0100',
      });
    });

    it('links a picked location; an edited one is saved at account level with the location cleared', async () => {
      const quoteId = await newCart(crm.ids.halvorsen);
      const [main] = (await records(crm.ids.halvorsen, { addressType: 'Shipping' })).lstLocation;
      if (!main) throw new Error('Halvorsen has locations');
      expect(
        await saved(crm.ids.halvorsen, { quoteId, addressObject: 'Location', locationId: main.id }),
      ).toBe(main.id);
      expect(await quoteAddress(crm.ids.halvorsen, quoteId, 'Shipping')).toMatchObject({
        locationId: main.id,
        locName: 'Main Receiving',
      });

      const edited = { quoteId, addressObject: 'Location', locationId: main.id, address2: 'Room 2.018' };
      expect(await saved(crm.ids.halvorsen, edited)).toBeNull();
      expect(await quoteAddress(crm.ids.halvorsen, quoteId, 'Shipping')).toMatchObject({
        locationId: null,
        locName: null,
        address2: 'Room 2.018',
        accountId: crm.ids.halvorsen,
      });
      const [unchanged] = (await records(crm.ids.halvorsen, { addressType: 'Shipping' })).lstLocation;
      expect(unchanged).toMatchObject({ id: main.id, address2: 'Loading Dock B' });
    });

    it('adds, updates and deletes a location', async () => {
      const quoteId = await newCart(crm.ids.marlowe);
      const added = { quoteId, addressObject: 'Location', address: '9500 Campus Point Drive', zip: '92121' };
      const unnamed = await save(crm.ids.marlowe, { ...added, city: 'San Diego', state: 'CA' });
      expect(unnamed.body).toEqual({
        saveStatus: 'ERROR',
        locationId: null,
        message: 'Location Name is required',
        error: 'INVALID_ADDRESS',
        field: 'locName',
      });
      const locationId = await saved(crm.ids.marlowe, {
        ...added,
        city: 'San Diego',
        state: 'CA',
        locName: 'Campus Point Cold Room',
      });
      expect(locationId).toEqual(expect.any(String));
      const listed = async () => (await records(crm.ids.marlowe, { addressType: 'Shipping' })).lstLocation;
      expect((await listed()).find((r) => r.id === locationId)).toMatchObject({
        locName: 'Campus Point Cold Room',
        address: '9500 Campus Point Drive',
        isChild: false,
      });

      await saved(crm.ids.marlowe, {
        quoteId,
        addressObject: 'UpdateLocation',
        locationId,
        address: '9500 Campus Point Drive',
        address2: 'Cold Room 3',
        city: 'San Diego',
        state: 'CA',
        zip: '92121',
      });
      expect((await listed()).find((r) => r.id === locationId)).toMatchObject({
        locName: 'Campus Point Cold Room',
        address2: 'Cold Room 3',
      });
      expect(await quoteAddress(crm.ids.marlowe, quoteId, 'Shipping')).toMatchObject({
        locationId,
        address2: 'Cold Room 3',
      });

      expect(await saved(crm.ids.marlowe, { quoteId, addressObject: 'DeleteLocation', locationId })).toBe(
        locationId,
      );
      expect((await listed()).some((r) => r.id === locationId)).toBe(false);
      expect(await quoteAddress(crm.ids.marlowe, quoteId, 'Shipping')).toMatchObject({
        locationId: null,
        locName: null,
        address: '9500 Campus Point Drive',
      });
    });

    it("saves a child account's location with that account as the ship-to account", async () => {
      const quoteId = await newCart(crm.ids.halvorsen);
      const [bayview] = (
        await records(crm.ids.halvorsen, { addressType: 'Shipping', accountSelection: 'HIERARCHY' })
      ).lstLocationChild;
      if (!bayview) throw new Error('the Toronto lab has locations');
      const { address, address2, city, state, zip, country } = bayview;
      const picked = { quoteId, addressObject: 'Location', locationId: bayview.id, parentAccount: toronto };
      await saved(crm.ids.halvorsen, { ...picked, address, address2, city, state, zip, country });
      expect(await quoteAddress(crm.ids.halvorsen, quoteId, 'Shipping')).toMatchObject({
        accountId: toronto,
        locationId: bayview.id,
        country: 'CA',
      });
    });

    it('saves billing and deliver-to addresses in their own fields; deliver-to needs no contact', async () => {
      const quoteId = await newCart(crm.ids.halvorsen);
      const [billing] = (await records(crm.ids.halvorsen, { addressType: 'Billing' })).lstAccount;
      if (!billing) throw new Error('Halvorsen has a billing address');
      const { address, city, state, zip, country } = billing;
      await saved(crm.ids.halvorsen, {
        quoteId,
        addressType: 'Billing',
        address,
        address2: '',
        city,
        state,
        zip,
        country,
      });
      await saved(crm.ids.halvorsen, {
        quoteId,
        addressType: 'DeliverTo',
        address2: 'Bench 12',
        contactName: '',
        contactEmail: '',
      });
      expect(await quoteAddress(crm.ids.halvorsen, quoteId, 'Billing')).toMatchObject({
        address: '1200 Longwood Avenue',
        contactName: 'Ana Lima',
      });
      expect(await quoteAddress(crm.ids.halvorsen, quoteId, 'DeliverTo')).toMatchObject({
        address2: 'Bench 12',
        contactName: '',
      });
      expect(await quoteAddress(crm.ids.halvorsen, quoteId, 'Shipping')).toMatchObject({ address: '' });
    });

    it('lets a guest type an address in, but keep no location', async () => {
      const quoteId = await newCart(crm.ids.guest, GUEST_SECRET);
      const toronto = {
        address: '661 University Avenue',
        address2: '',
        city: 'Toronto',
        state: 'ON',
        zip: 'M5G 1M1',
      };
      await saved(crm.ids.guest, { quoteId, ...toronto, country: 'Canada' }, GUEST_SECRET);
      expect(await quoteAddress(crm.ids.guest, quoteId, 'Shipping', GUEST_SECRET)).toMatchObject({
        accountId: null,
        country: 'CA',
      });
      const location = await save(
        crm.ids.guest,
        { quoteId, addressObject: 'Location', locName: 'My lab', ...toronto, country: 'CA' },
        GUEST_SECRET,
      );
      expect(location.status).toBe(403);
    });

    it('answers a broken rule with its message and field, and leaves the quote as it was', async () => {
      const quoteId = await newCart(crm.ids.halvorsen);
      await saved(crm.ids.halvorsen, { quoteId });
      const before = await quoteAddress(crm.ids.halvorsen, quoteId, 'Shipping');
      for (const [change, message, field] of [
        [{ city: '' }, 'City is required', 'city'],
        [{ state: 'Ontario' }, 'Please enter valid US State.', 'state'],
        [{ country: 'Atlantis' }, 'Please enter valid Country.', 'country'],
        [{ state: '' }, 'Please enter State.', 'state'],
        [{ contactName: 'Ana Maria Lima' }, 'Last Name should not contain space', 'lastName'],
        [{ contactEmail: 'ana@halvorsen' }, 'Invalid Email', 'email'],
        [{ address: 'x'.repeat(256) }, 'Address Line 1 should be less than 255 characters', 'address'],
      ] as const) {
        const answer = await save(crm.ids.halvorsen, { quoteId, address2: 'Changed', ...change });
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual({
          saveStatus: 'ERROR',
          locationId: null,
          message,
          error: 'INVALID_ADDRESS',
          field,
        });
      }
      expect(await quoteAddress(crm.ids.halvorsen, quoteId, 'Shipping')).toEqual(before);
    });

    it("refuses another account's quote, location or account (403), and an unknown location (404)", async () => {
      const halvorsenQuote = await newCart(crm.ids.halvorsen);
      const marloweQuote = await newCart(crm.ids.marlowe);
      const [halvorsenLocation] = (await records(crm.ids.halvorsen, { addressType: 'Shipping' })).lstLocation;
      if (!halvorsenLocation) throw new Error('Halvorsen has locations');

      expect((await save(crm.ids.marlowe, { quoteId: halvorsenQuote })).status).toBe(403);
      for (const addressObject of ['Location', 'UpdateLocation', 'DeleteLocation']) {
        const answer = await save(crm.ids.marlowe, {
          quoteId: marloweQuote,
          addressObject,
          locationId: halvorsenLocation.id,
        });
        expect(answer.status, addressObject).toBe(403);
        expect(refusal(answer).errorCode).toBe('FORBIDDEN');
      }
      expect(
        (await save(crm.ids.marlowe, { quoteId: marloweQuote, parentAccount: crm.ids.halvorsen })).status,
      ).toBe(403);
      // A parent's address book is not its child's.
      expect((await save(toronto, { quoteId: marloweQuote, parentAccount: crm.ids.halvorsen })).status).toBe(
        403,
      );
      const unknown = await save(crm.ids.marlowe, {
        quoteId: marloweQuote,
        addressObject: 'UpdateLocation',
        locationId: 'no-such-location',
      });
      expect(unknown.status).toBe(404);
      expect(refusal(unknown).field).toBe('locationId');
      const [still] = (await records(crm.ids.halvorsen, { addressType: 'Shipping' })).lstLocation;
      expect(still).toEqual(halvorsenLocation);
    });

    it('refuses a NUL in an address field with 400 naming the field', async () => {
      const quoteId = await newCart(crm.ids.halvorsen);
      const answer = await save(crm.ids.halvorsen, { quoteId, city: 'Bos\u0000ton' });
      expect(answer.status).toBe(400);
      expect(refusal(answer)).toMatchObject({ errorCode: 'INVALID_PAYLOAD', field: 'city' });
    });
  });

  // PGlite serves one connection at a time: races need PostgreSQL.
  if (engine.name === 'postgres') {
    it('parallel saves of one quote each succeed or ask for a retry, and the quote holds one whole', async () => {
      const quoteId = await newCart(crm.ids.halvorsen);
      const cities = [
        'Boston',
        'Cambridge',
        'Somerville',
        'Brookline',
        'Newton',
        'Quincy',
        'Medford',
        'Waltham',
      ];
      const answers = await Promise.all(
        cities.map((city) => save(crm.ids.halvorsen, { quoteId, city, address2: `Dock ${city}` })),
      );
      for (const answer of answers) {
        if (answer.status === 409) expect(refusal(answer).errorCode).toBe('UNABLE_TO_LOCK_ROW');
        else expect(answer.body).toMatchObject({ saveStatus: 'SUCCESS' });
      }
      expect(answers.some((answer) => answer.status === 200)).toBe(true);
      const { city, address2 } = (await quoteAddress(crm.ids.halvorsen, quoteId, 'Shipping')) ?? {};
      expect(address2).toBe(`Dock ${city}`);
    });
  }
});
