import type { AccountPayOnlineTerm, Offer, PromoCodeKind, SsoInfo, Theme } from '@storefront/contracts';
import type { ProductSpec } from './products';
import type { Supplier } from './templates';

export const ORGANISATION = { name: 'BioNova Life Sciences Inc.' };

/** Whom the demo's pages name as the supplier, and its support lines. */
export const DEMO_SUPPLIER: Supplier = {
  name: 'BioNova',
  supportEmail: 'support@bionova.example',
  supportPhone: '+1 617 555 0142',
};

export interface DemoStorefront {
  key: 'public' | 'partner' | 'code' | 'oidc' | 'saml';
  name: string;
  domain: string;
  awsUserPoolId: string;
  clientName: string;
  currency: string;
  /** Prices of the demo products are in USD; other currencies scale them. */
  priceFactor: number;
  fullCatalogueName: string;
  theme: { key: string; values: Omit<Theme, 'key'> };
  /** Storefront-wide meta items; keys named like PageMeta fields are the page defaults. */
  meta: readonly (readonly [string, string])[];
  /** Meta items of the home template. */
  homeMeta: readonly (readonly [string, string])[];
  /** Shipping settings (spec C§3): checkout needs a rate; buyers may use their own carrier account. */
  shipping: { shippingRateRequired: boolean; customerCarrierAllowed: boolean };
  /** Checkout's duplicate-PO check, and its own words for the refusal (null: the spec's default text). */
  purchaseOrders: { duplicateCheck: boolean; duplicateMessage: string | null };
  /** The share of the demo's products its Full catalogue keeps; all of them when unset. */
  catalogueShare?: number;
  /** How its sign-in page signs people in, beside the client name (the domain details' ssoInfo). */
  ssoInfo?: SsoInfo;
}

const FONT = "'Inter', 'Helvetica Neue', Arial, sans-serif";

export const DEMO_STOREFRONTS: readonly DemoStorefront[] = [
  {
    key: 'public',
    name: 'BioNova Life Sciences',
    domain: 'localhost',
    awsUserPoolId: 'us-east-1_BioNova01',
    clientName: 'bionova-web',
    currency: 'USD',
    priceFactor: 1,
    fullCatalogueName: 'BioNova Full Catalogue',
    theme: {
      key: 'bionova',
      values: {
        primaryColor: '#0b5fa5',
        accentColor: '#12a38a',
        textColor: '#1d2733',
        backgroundColor: '#ffffff',
        fontFamily: FONT,
        logoUrl: '/images/bionova-logo.svg',
      },
    },
    meta: [
      ['site', 'BioNova Life Sciences'],
      [
        'description',
        'Flow cytometry antibodies, genomics kits, assay plates and instruments for life-science research.',
      ],
      ['keywords', 'flow cytometry, antibodies, NGS, genomics kits, assay plates, cytometer'],
      ['type', 'website'],
      ['card', 'summary'],
      ['twittersite', '@BioNovaLS'],
      ['favicon', '/favicon.svg'],
      ['robots', 'index, follow'],
      ['image', '/images/bionova-logo.svg'],
      ['supportEmail', 'support@bionova.example'],
      ['supportPhone', '+1 617 555 0142'],
    ],
    homeMeta: [['description', 'Research reagents, kits and instruments from BioNova Life Sciences.']],
    shipping: { shippingRateRequired: true, customerCarrierAllowed: true },
    purchaseOrders: {
      duplicateCheck: true,
      duplicateMessage:
        'This PO number is already on another order of your account. Please enter a different PO number.',
    },
  },
  {
    key: 'partner',
    name: 'BioNova Partner Portal',
    domain: '127.0.0.1',
    awsUserPoolId: 'us-east-1_BioNova02',
    clientName: 'bionova-partner-web',
    currency: 'EUR',
    priceFactor: 0.93,
    fullCatalogueName: 'BioNova Partner Catalogue',
    theme: {
      key: 'bionova-partner',
      values: {
        primaryColor: '#33407a',
        accentColor: '#d9822b',
        textColor: '#1f2430',
        backgroundColor: '#f7f8fb',
        fontFamily: FONT,
        logoUrl: '/images/bionova-logo.svg',
      },
    },
    meta: [
      ['site', 'BioNova Partner Portal'],
      ['description', 'Ordering, service parts and pricing for BioNova distribution partners.'],
      ['type', 'website'],
      ['card', 'summary'],
      ['favicon', '/favicon.svg'],
      // Partner pages sit behind sign-in; search engines should not list them.
      ['robots', 'noindex, nofollow'],
      ['supportEmail', 'partners@bionova.example'],
    ],
    homeMeta: [],
    // A partner order without a rate is still taken: its freight is then quoted by hand.
    shipping: { shippingRateRequired: false, customerCarrierAllowed: false },
    purchaseOrders: { duplicateCheck: true, duplicateMessage: null },
  },
];

const SIGN_IN_STOREFRONT_META = [
  ['type', 'website'],
  ['favicon', '/favicon.svg'],
  ['robots', 'noindex, nofollow'],
] as const;

/**
 * Storefronts that show the other ways of signing in, authenticated-only with a smaller catalogue: a code
 * mailed after the password (the app client's custom flow), and single sign-on over OIDC and SAML (the client
 * name starts with oidc or saml, spec P§6) with the demo identity provider this process serves. Seeded after
 * everything above from a PRNG of their own, so nothing seeded before them changes, and added to a data dir
 * seeded before they existed. Their hosts are names under localhost, which browsers send to this machine
 * (RFC 6761).
 */
export const DEMO_SIGN_IN_STOREFRONTS: readonly DemoStorefront[] = [
  {
    key: 'code',
    name: 'BioNova Clinical Portal',
    domain: 'code.localhost',
    awsUserPoolId: 'us-east-1_BioNova03',
    clientName: 'bionova-clinical-web',
    currency: 'USD',
    priceFactor: 1,
    fullCatalogueName: 'BioNova Clinical Catalogue',
    catalogueShare: 0.15,
    ssoInfo: { authFlowType: 'CUSTOM_WITH_SRP' },
    theme: {
      key: 'bionova-clinical',
      values: {
        primaryColor: '#1f6f5c',
        accentColor: '#c2571a',
        textColor: '#1b2826',
        backgroundColor: '#ffffff',
        fontFamily: FONT,
        logoUrl: '/images/bionova-logo.svg',
      },
    },
    meta: [
      ['site', 'BioNova Clinical Portal'],
      ['description', 'Ordering for clinical laboratories, signed in with a code sent by email.'],
      ...SIGN_IN_STOREFRONT_META,
    ],
    homeMeta: [],
    shipping: { shippingRateRequired: true, customerCarrierAllowed: false },
    purchaseOrders: { duplicateCheck: true, duplicateMessage: null },
  },
  {
    key: 'oidc',
    name: 'BioNova Research Network',
    domain: 'oidc.localhost',
    awsUserPoolId: 'us-east-1_BioNova04',
    clientName: 'oidc-bionova-research',
    currency: 'USD',
    priceFactor: 1,
    fullCatalogueName: 'BioNova Research Network Catalogue',
    catalogueShare: 0.15,
    theme: {
      key: 'bionova-research',
      values: {
        primaryColor: '#5b3a8e',
        accentColor: '#1a8f9c',
        textColor: '#221d2b',
        backgroundColor: '#ffffff',
        fontFamily: FONT,
        logoUrl: '/images/bionova-logo.svg',
      },
    },
    meta: [
      ['site', 'BioNova Research Network'],
      [
        'description',
        'Ordering for research organisations that sign in with their own accounts (OpenID Connect).',
      ],
      ...SIGN_IN_STOREFRONT_META,
    ],
    homeMeta: [],
    shipping: { shippingRateRequired: true, customerCarrierAllowed: false },
    purchaseOrders: { duplicateCheck: true, duplicateMessage: null },
  },
  {
    key: 'saml',
    name: 'BioNova Hospital Partners',
    domain: 'saml.localhost',
    awsUserPoolId: 'us-east-1_BioNova05',
    clientName: 'saml-bionova-hospitals',
    currency: 'USD',
    priceFactor: 1,
    fullCatalogueName: 'BioNova Hospital Partners Catalogue',
    catalogueShare: 0.15,
    theme: {
      key: 'bionova-hospitals',
      values: {
        primaryColor: '#9a2f3f',
        accentColor: '#2f6f9a',
        textColor: '#2a1d20',
        backgroundColor: '#ffffff',
        fontFamily: FONT,
        logoUrl: '/images/bionova-logo.svg',
      },
    },
    meta: [
      ['site', 'BioNova Hospital Partners'],
      ['description', 'Ordering for hospitals that sign in with their own accounts (SAML).'],
      ...SIGN_IN_STOREFRONT_META,
    ],
    homeMeta: [],
    shipping: { shippingRateRequired: true, customerCarrierAllowed: false },
    purchaseOrders: { duplicateCheck: true, duplicateMessage: null },
  },
];

/** A storefront with a guest account is guest-accessible; without one it is authenticated-only. */
export interface DemoAccount {
  storefront: DemoStorefront['key'];
  name: string;
  isGuest: boolean;
  /** An own eCatalog holding a share of the products at negotiated (Catalog Price) prices. */
  eCatalog: { name: string; share: number } | null;
  meta: readonly (readonly [string, string])[];
  /** Holds a sales tax exemption certificate: pays no tax. */
  taxExempt?: boolean;
  /** The account's own pay-online term (spec C§4), which a quote's 'Use Account Pay Online Terms' takes. */
  payOnlineTerms: AccountPayOnlineTerm;
  /** Its terms let it pay part of an invoice online (/billing/payment). */
  partialInvoicePayments?: boolean;
  /** The name of the parent account, for a child account; a parent created before it. */
  parent?: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  // Guests have no account terms: they pay by card.
  {
    storefront: 'public',
    name: 'BioNova Guest',
    isGuest: true,
    eCatalog: null,
    meta: [],
    payOnlineTerms: 'Payment Required',
  },
  {
    storefront: 'public',
    name: 'Halvorsen Research Institute',
    isGuest: false,
    eCatalog: { name: 'Halvorsen Research Institute Catalogue', share: 0.65 },
    meta: [['accountManager', 'Ingrid Solberg']],
    payOnlineTerms: 'Payment Optional',
  },
  // A university core facility buying for research: exempt from sales tax, and its grant office may pay an
  // invoice in parts.
  {
    storefront: 'public',
    name: 'Marlowe Genomics Core',
    isGuest: false,
    eCatalog: null,
    meta: [],
    taxExempt: true,
    payOnlineTerms: 'Payment Required',
    partialInvoicePayments: true,
  },
  {
    storefront: 'public',
    name: 'Halvorsen Research Institute Toronto',
    isGuest: false,
    eCatalog: null,
    meta: [],
    parent: 'Halvorsen Research Institute',
    payOnlineTerms: 'Payment Optional',
  },
  // Invoiced on account terms only.
  {
    storefront: 'partner',
    name: 'Kestrel Diagnostics GmbH',
    isGuest: false,
    eCatalog: null,
    meta: [],
    payOnlineTerms: 'No Payment',
  },
  {
    storefront: 'code',
    name: 'Corvid Clinical Laboratories',
    isGuest: false,
    eCatalog: null,
    meta: [],
    payOnlineTerms: 'Payment Optional',
  },
  // The organisations whose people sign in through single sign-on: each new user joins its account.
  {
    storefront: 'oidc',
    name: 'Aurora Cell Therapeutics',
    isGuest: false,
    eCatalog: null,
    meta: [],
    payOnlineTerms: 'Payment Optional',
  },
  {
    storefront: 'saml',
    name: 'Northfield University Hospital',
    isGuest: false,
    eCatalog: null,
    meta: [],
    payOnlineTerms: 'Payment Optional',
  },
];

/**
 * Sites of Halvorsen Research Institute its users may act for (Related accounts, docs/decisions/0025): a
 * campus lab with an eCatalog of its own and a core facility buying from the Full catalogue at list price, so
 * switching visibly changes the catalogue and its prices. Seeded after every storefront, from a PRNG of their
 * own, so the ids and draws of everything above stay as they were.
 */
export const DEMO_RELATED_ACCOUNTS: readonly DemoAccount[] = [
  {
    storefront: 'public',
    name: 'Halvorsen Institute Cambridge Campus',
    isGuest: false,
    eCatalog: { name: 'Halvorsen Cambridge Campus Catalogue', share: 0.8 },
    meta: [],
    payOnlineTerms: 'Payment Optional',
  },
  {
    storefront: 'public',
    name: 'Halvorsen Sequencing Core Facility',
    isGuest: false,
    eCatalog: null,
    meta: [],
    payOnlineTerms: 'No Payment',
  },
];

/** Portal accessible account records: master, related account, Portal_Context, Ship_To. */
export interface DemoAccountRelation {
  master: string;
  related: string;
  portalContext: boolean;
  shipTo: boolean;
}

export const DEMO_ACCOUNT_RELATIONS: readonly DemoAccountRelation[] = [
  {
    master: 'Halvorsen Research Institute',
    related: 'Halvorsen Institute Cambridge Campus',
    portalContext: false,
    shipTo: false,
  },
  // The core facility receives sequencing consumables the institute orders for it.
  {
    master: 'Halvorsen Research Institute',
    related: 'Halvorsen Sequencing Core Facility',
    portalContext: false,
    shipTo: true,
  },
  // The Toronto child account is reached through the hierarchy (address look-ups), not offered for switching.
  {
    master: 'Halvorsen Research Institute',
    related: 'Halvorsen Research Institute Toronto',
    portalContext: true,
    shipTo: false,
  },
];

export interface DemoOffer extends Omit<Offer, 'id'> {
  storefront: DemoStorefront['key'];
  appliesTo: (product: ProductSpec) => boolean;
}

export const DEMO_OFFERS: readonly DemoOffer[] = [
  {
    storefront: 'public',
    name: 'Bright Dye Savings',
    description: '15% off antibodies conjugated to Brilliant Violet 421 or Alexa Fluor 647.',
    offerType: 'Percent',
    discount: 15,
    appliedOnField: 'Unit Price',
    validFrom: '2024-01-01',
    validTo: null,
    appliesTo: (p) =>
      p.category === 'antibodies' &&
      ['Brilliant Violet 421', 'Alexa Fluor 647'].includes(p.attributes.Conjugate ?? ''),
  },
  {
    storefront: 'public',
    name: 'NGS Library Prep Bundle',
    description: '$150 off the list price of every NGS library prep kit.',
    offerType: 'Amount',
    discount: 150,
    appliedOnField: 'List Price',
    validFrom: '2024-01-01',
    validTo: null,
    appliesTo: (p) => p.category === 'genomics' && p.name.includes('Library Prep Kit'),
  },
  {
    storefront: 'public',
    name: 'Imaging Plate Launch Offer',
    description: '10% off imaging plates during the launch period.',
    offerType: 'Percent',
    discount: 10,
    appliedOnField: 'Unit Price',
    validFrom: '2024-01-01',
    validTo: '2024-06-30',
    appliesTo: (p) => p.category === 'plates' && p.attributes.Application === 'Imaging',
  },
  {
    storefront: 'public',
    name: 'Cytometer Trade-In Credit',
    description: '$5,000 credit on a new flow cytometer when you trade in your old one.',
    offerType: 'Amount',
    discount: 5000,
    appliedOnField: 'List Price',
    validFrom: '2025-01-01',
    validTo: null,
    appliesTo: (p) => p.category === 'instruments' && p.attributes.Application === 'Flow Cytometry',
  },
  {
    storefront: 'partner',
    name: 'Partner Service Parts Discount',
    description: '12% off consumable service parts for partners.',
    offerType: 'Percent',
    discount: 12,
    appliedOnField: 'Unit Price',
    validFrom: '2024-01-01',
    validTo: null,
    appliesTo: (p) => p.category === 'parts' && p.tiered,
  },
];

export interface DemoPromoCode {
  storefront: DemoStorefront['key'];
  code: string;
  description: string;
  kind: PromoCodeKind;
  value: number;
  validFrom: string | null;
  validTo: string | null;
  usageLimit: number | null;
  active: boolean;
  appliesTo: 'all' | ((product: ProductSpec) => boolean);
}

export const DEMO_PROMO_CODES: readonly DemoPromoCode[] = [
  {
    storefront: 'public',
    code: 'FLOW10',
    description: '10% off flow cytometry antibodies.',
    kind: 'Percent',
    value: 10,
    validFrom: '2024-01-01',
    validTo: null,
    usageLimit: null,
    active: true,
    appliesTo: (p) => p.category === 'antibodies',
  },
  {
    storefront: 'public',
    code: 'WELCOME25',
    description: '25.00 off your order.',
    kind: 'Amount',
    value: 25,
    validFrom: null,
    validTo: null,
    usageLimit: null,
    active: true,
    appliesTo: 'all',
  },
  {
    storefront: 'public',
    code: 'LAUNCH5',
    description: '5% off the whole order for the first five orders of the launch.',
    kind: 'Percent',
    value: 5,
    validFrom: '2025-01-01',
    validTo: null,
    usageLimit: 5,
    active: true,
    appliesTo: 'all',
  },
  {
    storefront: 'public',
    code: 'SPRING24',
    description: '15% off genomics kits in spring 2024.',
    kind: 'Percent',
    value: 15,
    validFrom: '2024-03-01',
    validTo: '2024-05-31',
    usageLimit: null,
    active: true,
    appliesTo: (p) => p.category === 'genomics',
  },
  {
    storefront: 'public',
    code: 'PAUSED20',
    description: '20% off assay plates (paused).',
    kind: 'Percent',
    value: 20,
    validFrom: null,
    validTo: null,
    usageLimit: null,
    active: false,
    appliesTo: (p) => p.category === 'plates',
  },
];
