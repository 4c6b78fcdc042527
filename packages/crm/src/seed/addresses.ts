/**
 * The demo accounts' address books (spec C§3): a billing and a shipping address per account and a few delivery
 * locations, the first of them the default. Made-up street numbers in real research districts of the US,
 * Canada and Germany, so postal codes, states and provinces match their cities. The storefront's guest account
 * has none: it is shared by every guest, who types an address in at checkout.
 */

export interface DemoAddress {
  street: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

export interface DemoLocation {
  name: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

export interface DemoAddressBook {
  billing: DemoAddress;
  shipping: DemoAddress;
  /** The first location is the account's default. */
  locations: readonly DemoLocation[];
}

export const DEMO_ADDRESS_BOOKS: Readonly<Record<string, DemoAddressBook>> = {
  'Halvorsen Research Institute': {
    billing: {
      street: '1200 Longwood Avenue',
      city: 'Boston',
      state: 'MA',
      postalCode: '02115',
      country: 'US',
    },
    shipping: {
      street: '1210 Longwood Avenue',
      city: 'Boston',
      state: 'MA',
      postalCode: '02115',
      country: 'US',
    },
    locations: [
      {
        name: 'Main Receiving',
        address: '1210 Longwood Avenue',
        address2: 'Loading Dock B',
        city: 'Boston',
        state: 'MA',
        zip: '02115',
        country: 'US',
      },
      {
        name: 'Flow Cytometry Core',
        address: '1200 Longwood Avenue',
        address2: 'Room 4.112',
        city: 'Boston',
        state: 'MA',
        zip: '02115',
        country: 'US',
      },
      {
        name: 'Kendall Square Genomics Annex',
        address: '245 Binney Street',
        address2: 'Suite 300',
        city: 'Cambridge',
        state: 'MA',
        zip: '02142',
        country: 'US',
      },
    ],
  },
  'Halvorsen Research Institute Toronto': {
    billing: {
      street: '661 University Avenue, Suite 1400',
      city: 'Toronto',
      state: 'ON',
      postalCode: 'M5G 1M1',
      country: 'CA',
    },
    shipping: {
      street: '661 University Avenue, Receiving',
      city: 'Toronto',
      state: 'ON',
      postalCode: 'M5G 1M1',
      country: 'CA',
    },
    locations: [
      {
        name: 'Discovery District Receiving',
        address: '661 University Avenue',
        address2: 'Suite 1400',
        city: 'Toronto',
        state: 'ON',
        zip: 'M5G 1M1',
        country: 'CA',
      },
      {
        name: 'Bayview Imaging Lab',
        address: '2075 Bayview Avenue',
        address2: 'S-Wing, Room S6 21',
        city: 'Toronto',
        state: 'ON',
        zip: 'M4N 3M5',
        country: 'CA',
      },
    ],
  },
  'Halvorsen Institute Cambridge Campus': {
    billing: {
      street: '1200 Longwood Avenue',
      city: 'Boston',
      state: 'MA',
      postalCode: '02115',
      country: 'US',
    },
    shipping: {
      street: '300 Technology Square',
      city: 'Cambridge',
      state: 'MA',
      postalCode: '02139',
      country: 'US',
    },
    locations: [
      {
        name: 'Technology Square Receiving',
        address: '300 Technology Square',
        address2: 'Dock 2',
        city: 'Cambridge',
        state: 'MA',
        zip: '02139',
        country: 'US',
      },
    ],
  },
  'Halvorsen Sequencing Core Facility': {
    billing: {
      street: '4 Blackfan Circle',
      city: 'Boston',
      state: 'MA',
      postalCode: '02115',
      country: 'US',
    },
    shipping: {
      street: '4 Blackfan Circle, Sequencing Core',
      city: 'Boston',
      state: 'MA',
      postalCode: '02115',
      country: 'US',
    },
    locations: [
      {
        name: 'Sequencing Core Cold Room',
        address: '4 Blackfan Circle',
        address2: 'Room 9.204',
        city: 'Boston',
        state: 'MA',
        zip: '02115',
        country: 'US',
      },
    ],
  },
  'Marlowe Genomics Core': {
    billing: {
      street: '3210 Torrey Pines Court',
      city: 'La Jolla',
      state: 'CA',
      postalCode: '92037',
      country: 'US',
    },
    shipping: {
      street: '3215 Torrey Pines Court',
      city: 'La Jolla',
      state: 'CA',
      postalCode: '92037',
      country: 'US',
    },
    locations: [
      {
        name: 'Sequencing Lab',
        address: '3215 Torrey Pines Court',
        address2: 'Building B, Dock 2',
        city: 'La Jolla',
        state: 'CA',
        zip: '92037',
        country: 'US',
      },
      {
        name: 'Sorrento Valley Freezer Farm',
        address: '11085 Sorrento Valley Road',
        address2: '',
        city: 'San Diego',
        state: 'CA',
        zip: '92121',
        country: 'US',
      },
    ],
  },
  'Kestrel Diagnostics GmbH': {
    billing: {
      street: 'Am Klopferspitz 21',
      city: 'Planegg-Martinsried',
      state: 'BY',
      postalCode: '82152',
      country: 'DE',
    },
    shipping: {
      street: 'Am Klopferspitz 23',
      city: 'Planegg-Martinsried',
      state: 'BY',
      postalCode: '82152',
      country: 'DE',
    },
    locations: [
      {
        name: 'Wareneingang Martinsried',
        address: 'Am Klopferspitz 23',
        address2: 'Tor 2',
        city: 'Planegg-Martinsried',
        state: 'BY',
        zip: '82152',
        country: 'DE',
      },
      {
        name: 'Labor Berlin-Buch',
        address: 'Robert-Rössle-Straße 10',
        address2: 'Haus 87',
        city: 'Berlin',
        state: 'BE',
        zip: '13125',
        country: 'DE',
      },
    ],
  },
};
