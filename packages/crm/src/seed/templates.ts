import type { BlockFieldsInput, BlockName, Section, TemplateMeta } from '@storefront/contracts';

export interface SeedTemplate {
  key: string;
  name: string;
  createdDate: string;
  meta: Partial<TemplateMeta>;
  sections: Section[];
}

/** Whom the pages name as the supplier and how buyers reach its support. */
export interface Supplier {
  /** The supplier as its partners know it ('BioNova'). */
  name: string;
  supportEmail: string;
  /** As dialled, e.g. +1 617 555 0142; null: no phone line is shown. */
  supportPhone: string | null;
}

interface StorefrontRef {
  storefrontId: string;
  guestAccessible: boolean;
  supplier: Supplier;
}

type Block = Section['blocks'][number];

interface BlockOptions {
  column?: number;
  visibility?: 'GUEST' | 'AUTHENTICATED';
  blockFormat?: string;
}

/** A block whose fields are checked against the web part's schema for its componentName at compile time. */
function block<N extends BlockName>(
  blockId: string,
  componentName: N,
  fields: BlockFieldsInput[N],
  options: BlockOptions = {},
): Block {
  return {
    blockId,
    componentName,
    column: options.column ?? 0,
    configuration: options.visibility ? { visibility: options.visibility } : {},
    fields,
    customJS: [],
    customCSS: [],
    ...(options.blockFormat ? { blockFormat: options.blockFormat } : {}),
  };
}

interface SectionOptions {
  layout?: Partial<Section['layout']>;
  styling?: Section['styling'];
  background?: Section['background'];
}

function section(
  sectionId: string,
  sectionType: Section['sectionType'],
  sortOrder: number,
  blocks: Block[],
  options: SectionOptions = {},
): Section {
  // Blocks of a column keep the order they are listed in.
  const sequenced = blocks.map((entry, index) => ({
    ...entry,
    configuration: { ...entry.configuration, sequence: index + 1 },
  }));
  return {
    sectionId,
    sectionType,
    sortOrder,
    layout: { columns: 1, columnSize: '1', padding: {}, gap: 0, ...options.layout },
    styling: options.styling ?? {},
    background: options.background ?? {},
    blocks: sequenced,
  };
}

/** The header (logo, name, search) and the category navigation every page shares. */
function headerSection(id: (suffix: string) => string): Section {
  return section(id('header'), 'Header', 1, [
    block(id('header-block'), 'header', {
      tagline: 'Research reagents, kits and instruments',
      searchPath: '/search',
      searchPlaceholder: 'Search by name, SKU or keyword',
    }),
    block(
      id('navigation'),
      'navigation',
      {
        label: 'Product categories',
        links: [
          { label: 'All products', url: '/search' },
          { label: 'Offers', url: '/offers' },
        ],
      },
      { blockFormat: 'Navigation' },
    ),
  ]);
}

function footerSection(id: (suffix: string) => string, supplier: Supplier): Section {
  return section(id('footer'), 'Footer', 1, [
    block(id('footer-block'), 'footer', {
      columns: [
        {
          heading: 'Shop',
          links: [
            { label: 'Flow cytometry antibodies', url: '/flow-cytometry' },
            { label: 'All products', url: '/search' },
            { label: 'Current offers', url: '/offers' },
          ],
        },
        {
          heading: 'Company',
          links: [
            { label: 'About us', url: '/about' },
            { label: 'Support', url: '/support' },
          ],
        },
        {
          heading: 'Contact',
          links: [
            { label: supplier.supportEmail, url: `mailto:${supplier.supportEmail}` },
            ...(supplier.supportPhone
              ? [{ label: supplier.supportPhone, url: `tel:${supplier.supportPhone.replace(/[^+\d]/g, '')}` }]
              : []),
          ],
        },
      ],
      copyright: '© {!year} {!storefrontName}. For research use only. Not for use in diagnostic procedures.',
    }),
  ]);
}

/** A page of the shared header and footer around its content sections. */
function page(
  { storefrontId, supplier }: StorefrontRef,
  key: string,
  details: Omit<SeedTemplate, 'key' | 'sections'>,
  content: (id: (suffix: string) => string) => Section[],
): SeedTemplate {
  const id = (suffix: string) => `${storefrontId}-${key}-${suffix}`;
  return { key, ...details, sections: [headerSection(id), ...content(id), footerSection(id, supplier)] };
}

/** Templates are created a day apart, in list order, so "most recently created" is well defined. */
function created(day: number): string {
  return new Date(Date.UTC(2024, 0, 15 + day, 9)).toISOString();
}

const LIST_PAGE = 'List page';
const DETAILS_PAGE = 'Details page';
const CONTENT_PAGE = 'Content';

/**
 * The home page's hero, once for guests (invited to sign in) and once for signed-in users (who are not): the
 * page shows the one whose visibility fits the viewer (spec P§5). A storefront without guests has only the
 * signed-in one.
 */
function heroTexts(id: (suffix: string) => string, { guestAccessible, supplier }: StorefrontRef) {
  const lead = guestAccessible
    ? 'Antibodies, reagents, genomics kits, assay plates and instruments for flow cytometry and genomics research.'
    : `Partner pricing, service parts and ordering for ${supplier.name} distribution partners.`;
  const hero = (suffix: string, next: string, visibility: 'GUEST' | 'AUTHENTICATED') =>
    block(
      id(suffix),
      'richText',
      {
        heading: 'Welcome to {!storefrontName}',
        headingLevel: 1,
        text: `${lead}\n${next}`,
        link: { label: 'Shop flow cytometry antibodies', url: '/flow-cytometry' },
      },
      { visibility },
    );
  return [
    ...(guestAccessible
      ? [
          hero(
            'hero-text',
            'Browse the catalogue as a guest; sign in to see the prices negotiated for your institution.',
            'GUEST',
          ),
        ]
      : []),
    hero(
      'hero-text-member',
      guestAccessible
        ? 'The prices you see are those negotiated for your institution.'
        : 'The catalogue and prices you see are those of your partner agreement.',
      'AUTHENTICATED',
    ),
  ];
}

function home(storefront: StorefrontRef): SeedTemplate {
  return page(
    storefront,
    'home',
    {
      name: 'home',
      createdDate: created(0),
      // '/home' is where the old site's home pages moved (spec P§2's legacy targets).
      meta: { Portal_Home: true, Page_Title: 'Home', Page_Type: CONTENT_PAGE, Friendly_URL: '/home' },
    },
    (id) => [
      section(
        id('hero'),
        'Content',
        1,
        [
          ...heroTexts(id, storefront),
          block(
            id('hero-image'),
            'image',
            {
              src: '/images/products/instruments.svg',
              alt: 'A benchtop flow cytometer',
              width: 320,
              height: 240,
            },
            { column: 1 },
          ),
        ],
        {
          layout: {
            columns: 2,
            columnSize: '3/2',
            gap: 32,
            padding: { top: 40, bottom: 40, left: 32, right: 32 },
          },
          styling: { verticalAlignment: 'center', radius: 12 },
          background: { style: 'Solid', color: '#0b5fa5', opacity: 0.08 },
        },
      ),
      section(id('featured'), 'Content', 2, [
        block(id('featured-instruments'), 'productList', {
          heading: 'Featured instruments',
          category: 'instruments',
          featured: true,
          limit: 4,
          sort: 'price-desc',
        }),
      ]),
      section(
        id('promises'),
        'Content',
        3,
        [
          block(id('promise-validated'), 'richText', {
            heading: 'Validated for your application',
            text: 'Every antibody lot is titrated and tested on relevant cell types.\nCertificates of analysis ship with each order.',
          }),
          block(
            id('promise-tiers'),
            'richText',
            {
              heading: 'Volume pricing',
              text: 'Consumables bought in quantity get tiered prices: 5 % off from five units, 10 % off from ten.',
            },
            { column: 1 },
          ),
          block(
            id('promise-support'),
            'richText',
            {
              heading: 'Scientists on call',
              text: 'Our application scientists help with panel design, assay set-up and instrument service.',
              link: { label: 'Contact support', url: '/support' },
            },
            { column: 2 },
          ),
        ],
        { layout: { columns: 3, columnSize: '1/1/1', gap: 24, padding: { top: 16, bottom: 16 } } },
      ),
      section(id('audience'), 'Content', 4, [
        ...(storefront.guestAccessible
          ? [
              block(
                id('guest-note'),
                'richText',
                {
                  heading: 'Ordering for your lab?',
                  text: 'Sign in with your institution account to see negotiated prices and order online.',
                },
                { visibility: 'GUEST' },
              ),
            ]
          : []),
        block(
          id('member-note'),
          'richText',
          {
            heading: 'Welcome back',
            text: 'Prices shown are those negotiated for your account.',
          },
          { visibility: 'AUTHENTICATED' },
        ),
      ]),
      section(id('new-kits'), 'Content', 5, [
        block(id('featured-genomics'), 'productList', {
          heading: 'Genomics kits',
          category: 'genomics-kits',
          featured: true,
          limit: 4,
        }),
      ]),
    ],
  );
}

function contentPages(storefront: StorefrontRef): SeedTemplate[] {
  return [
    page(
      storefront,
      'about',
      { name: 'about', createdDate: created(1), meta: { Page_Title: 'About us', Page_Type: CONTENT_PAGE } },
      (id) => [
        section(
          id('story'),
          'Content',
          1,
          [
            block(id('story-text'), 'richText', {
              heading: 'About {!storefrontName}',
              headingLevel: 1,
              text: 'We make reagents, kits and instruments for flow cytometry and genomics research.\nOur products are developed and quality-controlled in Boston and shipped to laboratories in more than forty countries.',
            }),
            block(
              id('story-image'),
              'image',
              {
                src: '/images/products/assay-plates.svg',
                alt: 'A 96-well assay plate',
                caption: 'Assay plates are moulded and tested in our own facility.',
                width: 320,
                height: 240,
              },
              { column: 1 },
            ),
          ],
          { layout: { columns: 2, columnSize: '2/1', gap: 32 } },
        ),
      ],
    ),
    page(
      storefront,
      'support',
      { name: 'support', createdDate: created(2), meta: { Page_Title: 'Support', Page_Type: CONTENT_PAGE } },
      (id) => [
        section(id('contact'), 'Content', 1, [
          block(id('contact-text'), 'richText', {
            heading: 'Support',
            headingLevel: 1,
            text: `Application scientists answer Monday to Friday, 8:00 to 18:00 Eastern Time.\nEmail ${storefront.supplier.supportEmail}${storefront.supplier.supportPhone ? ` or call ${storefront.supplier.supportPhone}` : ''}.`,
          }),
        ]),
        section(
          id('topics'),
          'Content',
          2,
          [
            block(id('topic-orders'), 'richText', {
              heading: 'Orders and delivery',
              text: 'Reagents ship on cold packs within two working days.\nInstruments are delivered and installed by our field engineers.',
            }),
            block(
              id('topic-service'),
              'richText',
              {
                heading: 'Instrument service',
                text: 'Service parts for every current instrument are listed in the catalogue.',
                link: { label: 'Instrument parts', url: '/search?searchText=replacement' },
              },
              { column: 1 },
            ),
            block(
              id('topic-image'),
              'image',
              { src: '/images/products/instrument-parts-accessories.svg', alt: '', width: 320, height: 240 },
              { column: 2 },
            ),
          ],
          {
            layout: { columns: 3, columnSize: '1/1/1', gap: 24 },
            styling: { borderStyle: 'solid', radius: 8 },
          },
        ),
      ],
    ),
  ];
}

/** An account page (Page_Category 'My Account'): shown to signed-in users only (spec P§2). */
function accountPage(storefront: StorefrontRef): SeedTemplate {
  return page(
    storefront,
    'account',
    {
      name: 'account',
      createdDate: created(20),
      meta: { Page_Title: 'Your account', Page_Type: CONTENT_PAGE, Page_Category: 'My Account' },
    },
    (id) => [
      section(id('security'), 'Content', 1, [
        block(id('security-text'), 'richText', {
          heading: 'Your account',
          headingLevel: 1,
          text: 'You are signed in to {!storefrontName}.\nKeep your account safe with a password of your own.',
          link: { label: 'Change your password', url: '/changePassword' },
        }),
      ]),
    ],
  );
}

/**
 * Record pages (Page_Category 'My Account', spec P§2): the account's quotes and orders as a List page, and one
 * of them as a Details page; notifications link to both.
 */
export const QUOTE_LIST_TEMPLATE = 'quotes';
export const QUOTE_DETAIL_TEMPLATE = 'quote';

function recordPages(storefront: StorefrontRef): SeedTemplate[] {
  const account = { Page_Category: 'My Account' } as const;
  return [
    page(
      storefront,
      QUOTE_LIST_TEMPLATE,
      {
        name: QUOTE_LIST_TEMPLATE,
        createdDate: created(25),
        meta: { ...account, Page_Title: 'Quotes and orders', Page_Type: LIST_PAGE },
      },
      (id) => [
        section(id('list'), 'Content', 1, [
          block(id('record-list'), 'recordList', {
            heading: 'Quotes and orders',
            detailTemplate: QUOTE_DETAIL_TEMPLATE,
            // The first column opens the record: every record has a creation date, not every one a name.
            columns: [
              { path: 'createdAt', aliasName: 'Created', dataType: 'DATETIME' },
              { path: 'name', aliasName: 'Name' },
              { path: 'status', aliasName: 'Status' },
              { path: 'total', aliasName: 'Total', dataType: 'CURRENCY' },
              { path: 'orderNumber', aliasName: 'Order' },
              { path: 'lineCount', aliasName: 'Lines', dataType: 'DOUBLE' },
            ],
          }),
        ]),
      ],
    ),
    page(
      storefront,
      QUOTE_DETAIL_TEMPLATE,
      {
        name: QUOTE_DETAIL_TEMPLATE,
        createdDate: created(26),
        meta: { ...account, Page_Title: 'Quote', Page_Type: DETAILS_PAGE },
      },
      (id) => [
        section(id('detail'), 'Content', 1, [
          block(id('record-detail'), 'recordDetail', {
            heading: 'Quote',
            listTemplate: QUOTE_LIST_TEMPLATE,
            displayFields: ['id', 'name', 'status', 'poNumber', 'subtotal', 'total', 'createdAt', 'notes'],
          }),
        ]),
      ],
    ),
  ];
}

/**
 * The cart (Page_Category 'Cart', the newest one is the cart template) and the guidance a signed-in buyer
 * reads once before their first cart (Page_Category 'Guidance').
 */
function cartPages(storefront: StorefrontRef): SeedTemplate[] {
  return [
    page(
      storefront,
      'cart',
      {
        name: 'cart',
        createdDate: created(21),
        meta: {
          Page_Title: 'Cart',
          Page_Type: 'Cart',
          Page_Category: 'Cart',
          Continue_Shopping_Template: '/flow-cytometry',
        },
      },
      (id) => [section(id('cart'), 'Content', 1, [block(id('cart-block'), 'cart', {})])],
    ),
    page(
      storefront,
      'guidance',
      {
        name: 'guidance',
        createdDate: created(22),
        meta: { Page_Title: 'How ordering works', Page_Type: 'Guidance', Page_Category: 'Guidance' },
      },
      (id) => [
        section(id('guidance'), 'Content', 1, [
          block(id('guidance-text'), 'richText', {
            heading: 'How ordering works',
            headingLevel: 1,
            text: [
              "Your cart is a quote: every price in it is your account's price, with quantity tiers and offers applied.",
              'Change quantities or remove lines at any time; the totals follow at once.',
              'Apply a promo code in the cart, and export the cart as CSV to share it with your purchasing team.',
            ].join('\n'),
          }),
        ]),
      ],
    ),
  ];
}

/**
 * Checkout layouts (C§2): default has the shared header with navigation and the footer, nonavigation the
 * header without the category navigation (the buyer is not led away mid-checkout) and the footer,
 * wrapperless the checkout alone.
 */
export const CHECKOUT_LAYOUTS = ['default', 'nonavigation', 'wrapperless'] as const;
type CheckoutLayout = (typeof CHECKOUT_LAYOUTS)[number];

/** What a lab buyer is asked at checkout beside address and payment (issue 11's customForm). */
const LAB_ORDER_DETAILS: BlockFieldsInput['customForm'] = {
  heading: 'Order details',
  fields: [
    { name: 'Lab_Cost_Centre', label: 'Lab or cost centre', type: 'text', required: true, maxLength: 40 },
    {
      name: 'Grant_Number',
      label: 'Grant or project number',
      type: 'text',
      helpText: 'Printed on the invoice for your grants office.',
    },
    { name: 'Requested_Delivery_Date', label: 'Requested delivery date', type: 'date' },
    {
      name: 'Receiving_Dock_Hours',
      label: 'Receiving dock hours',
      type: 'picklist',
      options: ['Weekdays 8–12', 'Weekdays 12–17'],
    },
    { name: 'Warehouse_Notes', label: 'Notes for the warehouse', type: 'textarea', maxLength: 500 },
  ],
};

/** A static resource of the checkout's customCode block: a stylesheet served with the storefront's files. */
export const CHECKOUT_CUSTOM_CSS = '/resources/checkout-order-details.css';

/** The quote PDF template the order is rendered with; submit refuses a checkout template without one. */
const QUOTE_PDF_TEMPLATE = 'quote-pdf-standard';

/**
 * The express checkout's address form asks for more than the defaults (a second line, a state, a phone, short
 * lines for carriers' labels) and leaves ZIP and country to the country rule and the tax service's suggestion.
 */
const EXPRESS_ADDRESS_FIELDS: BlockFieldsInput['shippingAddress']['addressFields'] = {
  address: { required: true, maxLength: 60 },
  address2: { required: true, maxLength: 40 },
  state: { required: true },
  zip: { required: false },
  country: { required: false },
  phone: { required: true },
};

function checkoutTemplate(
  { storefrontId, guestAccessible, supplier }: StorefrontRef,
  key: string,
  details: { name: string; createdDate: string; meta: Partial<TemplateMeta> },
  layout: CheckoutLayout,
  addressFields?: BlockFieldsInput['shippingAddress']['addressFields'],
): SeedTemplate {
  const id = (suffix: string) => `${storefrontId}-${key}-${suffix}`;
  // The steps in sequence in the wide column, the summary beside them (stacked on a narrow screen).
  const content = section(
    id('checkout'),
    'Content',
    1,
    [
      // Only a storefront open to guests has guests to sign in or to register as buyers.
      ...(guestAccessible ? [block(id('account'), 'checkoutAccount', {}, { visibility: 'GUEST' })] : []),
      block(id('shipping-address'), 'shippingAddress', addressFields ? { addressFields } : {}),
      block(id('shipping-method'), 'shippingMethod', {}),
      block(id('order-details'), 'customForm', LAB_ORDER_DETAILS),
      block(id('terms-and-payment'), 'termsAndPayment', {}),
      block(id('summary'), 'quoteSummary', {}, { column: 1 }),
      {
        ...block(id('custom-code'), 'customCode', {}, { column: 1 }),
        customCSS: [{ url: CHECKOUT_CUSTOM_CSS }],
      },
    ].map((entry) => ({ ...entry, configuration: { ...entry.configuration, isCheckoutBlock: true } })),
    { layout: { columns: 2, columnSize: '2/1', gap: 24 } },
  );
  const meta = { Page_Type: 'Checkout', Quote_eDocument_ID: QUOTE_PDF_TEMPLATE, ...details.meta };
  if (layout === 'wrapperless') return { key, ...details, meta, sections: [content] };
  const header = headerSection(id);
  const shownHeader =
    layout === 'nonavigation'
      ? { ...header, blocks: header.blocks.filter((entry) => entry.componentName !== 'navigation') }
      : header;
  return { key, ...details, meta, sections: [shownHeader, content, footerSection(id, supplier)] };
}

/**
 * The checkout (Page_Category 'Checkout', the newest one is /checkout): the public storefront's in the
 * default layout, the partner portal's without navigation; and an express checkout without the shared
 * header and footer, reached by its friendly URL.
 */
function checkoutPages(storefront: StorefrontRef): SeedTemplate[] {
  return [
    checkoutTemplate(
      storefront,
      'checkout',
      {
        name: 'checkout',
        createdDate: created(23),
        meta: { Page_Title: 'Checkout', Page_Category: 'Checkout' },
      },
      storefront.guestAccessible ? 'default' : 'nonavigation',
    ),
    checkoutTemplate(
      storefront,
      'express-checkout',
      {
        name: 'express-checkout',
        createdDate: created(24),
        meta: { Page_Title: 'Express checkout', Friendly_URL: '/express-checkout' },
      },
      'wrapperless',
      EXPRESS_ADDRESS_FIELDS,
    ),
  ];
}

function cataloguePages(storefront: StorefrontRef): SeedTemplate[] {
  return [
    page(
      storefront,
      'category',
      { name: 'category', createdDate: created(3), meta: { Page_Title: 'Products', Page_Type: LIST_PAGE } },
      (id) => [section(id('list'), 'Content', 1, [block(id('product-list'), 'productList', {})])],
    ),
    page(
      storefront,
      'search',
      { name: 'search', createdDate: created(4), meta: { Page_Title: 'Search', Page_Type: LIST_PAGE } },
      (id) => [
        section(id('list'), 'Content', 1, [
          block(id('product-list'), 'productList', { heading: 'All products' }),
        ]),
      ],
    ),
    page(
      storefront,
      'list',
      {
        name: 'list',
        createdDate: created(5),
        meta: { Page_Title: 'Catalogue by SKU', Page_Type: LIST_PAGE },
      },
      (id) => [
        section(id('list'), 'Content', 1, [
          block(id('product-list'), 'productList', { heading: 'Catalogue by SKU', sort: 'sku' }),
        ]),
      ],
    ),
    page(
      storefront,
      'detail',
      {
        name: 'detail',
        createdDate: created(6),
        meta: { Page_Title: 'Product details', Page_Type: DETAILS_PAGE },
      },
      (id) => [section(id('detail'), 'Content', 1, [block(id('product-detail'), 'productDetail', {})])],
    ),
    page(
      storefront,
      'product',
      { name: 'product', createdDate: created(7), meta: { Page_Title: 'Product', Page_Type: DETAILS_PAGE } },
      (id) => [section(id('detail'), 'Content', 1, [block(id('product-detail'), 'productDetail', {})])],
    ),
    page(
      storefront,
      'productDetails',
      {
        name: 'productDetails',
        createdDate: created(8),
        meta: { Page_Title: 'Product details', Page_Type: DETAILS_PAGE },
      },
      (id) => [section(id('detail'), 'Content', 1, [block(id('product-detail'), 'productDetail', {})])],
    ),
    page(
      storefront,
      'offers-list',
      {
        name: 'offers',
        createdDate: created(9),
        meta: { Page_Title: 'Offers', Page_Type: LIST_PAGE },
      },
      (id) => [
        section(id('list'), 'Content', 1, [
          block(id('offer-list'), 'offerList', {
            heading: 'Current offers',
            detailTemplate: 'offers-detail',
          }),
          block(id('intro-text'), 'richText', {
            text: 'Offers apply automatically to the products they cover; look for the Offer tag.',
          }),
        ]),
      ],
    ),
    page(
      storefront,
      'offers-detail',
      {
        name: 'offers-detail',
        createdDate: created(10),
        meta: { Page_Title: 'Offer', Page_Type: DETAILS_PAGE },
      },
      (id) => [
        section(id('detail'), 'Content', 1, [
          block(id('offer-detail'), 'offerDetail', { listTemplate: 'offers' }),
        ]),
      ],
    ),
    page(
      storefront,
      'flow-cytometry',
      {
        name: 'flow-cytometry-landing',
        createdDate: created(11),
        meta: {
          Friendly_URL: '/flow-cytometry',
          Page_Title: 'Flow cytometry antibodies',
          Page_Type: LIST_PAGE,
        },
      },
      // The list's heading is the category's name.
      (id) => [
        section(id('list'), 'Content', 1, [
          block(id('product-list'), 'productList', { category: 'flow-cytometry-antibodies' }),
        ]),
      ],
    ),
    ...legacyLandingPages(storefront),
  ];
}

/**
 * The pages the old site's sections moved to (spec P§2's legacy targets): each lists its consumables. The
 * flow page features both flow categories; each of the others is one category's list.
 */
function legacyLandingPages(storefront: StorefrontRef): SeedTemplate[] {
  const landing = (
    name: string,
    title: string,
    order: number,
    lists: readonly { category: string; heading?: string }[],
    intro = '',
  ) =>
    page(
      storefront,
      name,
      {
        name,
        createdDate: created(order),
        meta: { Friendly_URL: `/${name}`, Page_Title: title, Page_Type: LIST_PAGE },
      },
      (id) => [
        section(id('lists'), 'Content', 1, [
          // A single list is headed by its category's name; featured lists need the page's own heading.
          ...(lists.length > 1
            ? [block(id('intro'), 'richText', { heading: title, headingLevel: 1, text: intro })]
            : []),
          ...lists.map(({ category, heading }) =>
            block(
              id(`list-${category}`),
              'productList',
              lists.length > 1 ? { category, heading, featured: true, limit: 8 } : { category },
            ),
          ),
        ]),
      ],
    );
  return [
    landing(
      'flow_consumables',
      'Flow cytometry consumables',
      12,
      [
        { category: 'flow-cytometry-antibodies', heading: 'Flow cytometry antibodies' },
        { category: 'flow-cytometry-reagents-buffers', heading: 'Reagents and buffers' },
      ],
      'Conjugated antibodies, viability dyes, buffers and beads for every panel.',
    ),
    landing('imaging_consumables', 'Imaging consumables', 13, [{ category: 'imaging-consumables' }]),
    landing('genomics_consumables', 'Genomics consumables', 14, [{ category: 'genomics-kits' }]),
    landing('genomics_service', 'Genomics services', 15, [{ category: 'service-training' }]),
  ];
}

/**
 * The demo storefront's templates: home, content pages, an account page, catalogue list and detail pages,
 * offers, a friendly-URL landing page, the cart and its guidance, each with the shared header and footer, and the
 * checkout in its layouts. Pure and deterministic.
 */
export function buildTemplates(storefront: StorefrontRef): SeedTemplate[] {
  return [
    home(storefront),
    ...contentPages(storefront),
    ...cataloguePages(storefront),
    accountPage(storefront),
    ...cartPages(storefront),
    ...checkoutPages(storefront),
    ...recordPages(storefront),
  ];
}
