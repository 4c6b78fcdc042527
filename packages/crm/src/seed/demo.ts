import { roundMoney } from '@storefront/contracts/money';
import { productImagePath } from '@storefront/contracts/product-images';
import { unitPrice } from '../catalogue/rules/pricing';
import { salesforceId } from '../core/ids';
import { slugify, uniqueSlugs } from '../core/slug';
import type * as schema from '../db/schema';
import { DEMO_ADDRESS_BOOKS } from './addresses';
import { createPrng, type Prng } from './prng';
import { CATEGORIES, type CategoryKey, demoProducts, type ProductSpec, shippingProfile } from './products';
import {
  DEMO_ACCOUNT_RELATIONS,
  DEMO_ACCOUNTS,
  DEMO_OFFERS,
  DEMO_PROMO_CODES,
  DEMO_RELATED_ACCOUNTS,
  DEMO_SIGN_IN_STOREFRONTS,
  DEMO_STOREFRONTS,
  DEMO_SUPPLIER,
  type DemoAccount,
  type DemoStorefront,
  ORGANISATION,
} from './storefronts';
import { storefrontTemplates } from './template-rows';

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/** Every row of the demo, in an order that satisfies the foreign keys once the two links are applied last. */
export interface DemoData {
  organisations: Row<typeof schema.organisations>[];
  themes: Row<typeof schema.themes>[];
  storefronts: Row<typeof schema.storefronts>[];
  templates: Row<typeof schema.templates>[];
  accounts: Row<typeof schema.accounts>[];
  portalAccessibleAccounts: Row<typeof schema.portalAccessibleAccounts>[];
  locations: Row<typeof schema.locations>[];
  catalogues: Row<typeof schema.catalogues>[];
  categories: Row<typeof schema.categories>[];
  catalogueItems: Row<typeof schema.catalogueItems>[];
  quantityTiers: Row<typeof schema.quantityTiers>[];
  offers: Row<typeof schema.offers>[];
  offerItems: Row<typeof schema.offerItems>[];
  promoCodes: Row<typeof schema.promoCodes>[];
  promoCodeItems: Row<typeof schema.promoCodeItems>[];
  metaItems: Row<typeof schema.metaItems>[];
  productLots: Row<typeof schema.productLots>[];
  shippingProfiles: Row<typeof schema.shippingProfiles>[];
  purchaseOrderSettings: Row<typeof schema.purchaseOrderSettings>[];
}

const KEY_PREFIX = {
  organisation: 'a0R',
  salesforceOrg: '00D',
  storefront: 'a0S',
  template: 'a0T',
  account: '001',
  location: 'a0L',
  catalogue: 'a0C',
  category: 'a0G',
  item: 'a0I',
  tier: 'a0Q',
  offer: 'a0F',
  promoCode: 'a0K',
  meta: 'a0M',
  portalAccessibleAccount: 'a0P',
} as const;

/** Ids numbered per object in creation order, so the same demo always gets the same ids. */
function idSequence() {
  const counters = new Map<string, number>();
  return (object: keyof typeof KEY_PREFIX) => {
    const next = (counters.get(object) ?? 0) + 1;
    counters.set(object, next);
    return salesforceId(KEY_PREFIX[object], next);
  };
}

interface Product extends ProductSpec {
  sku: string;
  slug: string;
  negotiatedPrice: number;
}

/**
 * Services are in every catalogue at a fixed 10 % below list for negotiated prices; they draw nothing from
 * the PRNG, so adding them left every other product's draws as they were.
 */
const isService = (product: ProductSpec) => product.category === 'services';
const SERVICE_NEGOTIATED_SHARE = 0.9;

/** Products with their SKU (category prefix + running number), a catalogue-wide unique slug and a negotiated price. */
function numberProducts(prng: Prng): Product[] {
  const specs = demoProducts(prng);
  const running = new Map<CategoryKey, number>();
  const skus = specs.map((spec) => {
    const n = (running.get(spec.category) ?? 10000) + 1;
    running.set(spec.category, n);
    return `${CATEGORIES.find((c) => c.key === spec.category)?.skuPrefix}-${n}`;
  });
  const slugs = uniqueSlugs(specs.map((spec, i) => ({ text: spec.name, fallback: skus[i] ?? '' })));
  return specs.map((spec, i) => ({
    ...spec,
    sku: skus[i] ?? '',
    slug: slugs[i] ?? '',
    negotiatedPrice: roundMoney(
      spec.listPrice * (isService(spec) ? SERVICE_NEGOTIATED_SHARE : 0.82 + prng.int(0, 11) / 100),
    ),
  }));
}

/** Same seed, same demo: every id, price and selection below follows from it. */
const DEMO_SEED = 20240115;

export function buildDemoData(): DemoData {
  const prng = createPrng(DEMO_SEED);
  const nextId = idSequence();
  const products = numberProducts(prng);
  const data: DemoData = {
    organisations: [],
    themes: [],
    storefronts: [],
    templates: [],
    accounts: [],
    portalAccessibleAccounts: [],
    locations: [],
    catalogues: [],
    categories: [],
    catalogueItems: [],
    quantityTiers: [],
    offers: [],
    offerItems: [],
    promoCodes: [],
    promoCodeItems: [],
    metaItems: [],
    productLots: [],
    shippingProfiles: [],
    purchaseOrderSettings: [],
  };
  const organisationId = nextId('organisation');
  data.organisations.push({
    id: organisationId,
    name: ORGANISATION.name,
    salesforceOrgId: nextId('salesforceOrg'),
  });
  const contexts = new Map(
    DEMO_STOREFRONTS.map((demo) => [
      demo.key,
      addStorefront({ data, nextId, prng, products, organisationId }, demo),
    ]),
  );
  addRelatedAccounts(contexts);
  const later: BuildContext = { data, nextId, prng: createPrng(DEMO_SEED + 2), products, organisationId };
  for (const demo of DEMO_SIGN_IN_STOREFRONTS) addStorefront(later, demo);
  data.productLots = products.flatMap((product) => productLots(organisationId, product));
  data.shippingProfiles = products.map((product) => ({
    organisationId,
    sku: product.sku,
    ...shippingProfile(product),
  }));
  return data;
}

interface BuildContext {
  data: DemoData;
  nextId: (object: keyof typeof KEY_PREFIX) => string;
  prng: Prng;
  products: Product[];
  organisationId: string;
}

function addStorefront(build: BuildContext, demo: DemoStorefront): CatalogueContext {
  const { data, nextId, prng, organisationId } = build;
  const storefrontId = nextId('storefront');
  const accounts = DEMO_ACCOUNTS.filter((a) => a.storefront === demo.key).map((a) => ({
    ...a,
    id: nextId('account'),
  }));
  const guestAccountId = accounts.find((a) => a.isGuest)?.id ?? null;
  const templates = addTemplates(build, storefrontId, guestAccountId !== null);
  data.themes.push({ key: demo.theme.key, storefront: storefrontId, values: demo.theme.values });
  data.storefronts.push({
    id: storefrontId,
    organisationId,
    name: demo.name,
    domain: demo.domain,
    resourcesDomain: demo.domain,
    awsUserPoolId: demo.awsUserPoolId,
    clientId: clientId(prng),
    clientName: demo.clientName,
    guestAccountId,
    ssoInfo: demo.ssoInfo ?? null,
    themeKey: demo.theme.key,
    active: true,
    ...demo.shipping,
  });
  data.purchaseOrderSettings.push({ storefrontId, ...demo.purchaseOrders });
  const context: CatalogueContext = { ...build, storefrontId, demo, productTemplateId: templates.productId };
  addCatalogue(context, {
    name: demo.fullCatalogueName,
    type: 'Full',
    priceSource: 'List Price',
    accountId: null,
    share: demo.catalogueShare,
  });
  for (const account of accounts) addAccount(context, account);
  addOffers(context);
  addPromoCodes(context);
  addMetaItems(context, demo.meta, {});
  addMetaItems(context, demo.homeMeta, { templateId: templates.homeId });
  return context;
}

/** An account with its own eCatalog (if it has one), addresses, locations and meta items. */
function addAccount(context: CatalogueContext, account: DemoAccount & { id: string }): void {
  const { data, organisationId, storefrontId, demo } = context;
  const catalogueId = account.eCatalog
    ? addCatalogue(context, {
        name: account.eCatalog.name,
        type: 'eCatalog account primary',
        priceSource: 'Catalog Price',
        accountId: account.id,
        share: account.eCatalog.share,
      })
    : null;
  const { id, name, isGuest, taxExempt = false, payOnlineTerms, partialInvoicePayments = false } = account;
  data.accounts.push({
    id,
    name,
    organisationId,
    storefrontId,
    isGuest,
    taxExempt,
    currency: demo.currency,
    catalogueId,
    payOnlineTerms,
    partialInvoicePayments,
    parentAccountId: data.accounts.find((parent) => parent.name === account.parent)?.id ?? null,
    ...accountAddresses(name),
  });
  addLocations(context, id, name);
  addMetaItems(context, account.meta, { accountId: id });
}

/**
 * The related sites and the portal accessible account records (docs/decisions/0025), after every storefront
 * and from a PRNG of their own, so nothing seeded before them changes.
 */
function addRelatedAccounts(contexts: ReadonlyMap<DemoStorefront['key'], CatalogueContext>): void {
  const prng = createPrng(DEMO_SEED + 1);
  for (const account of DEMO_RELATED_ACCOUNTS) {
    const context = contexts.get(account.storefront);
    if (!context) throw new Error(`no demo storefront ${account.storefront}`);
    addAccount({ ...context, prng }, { ...account, id: context.nextId('account') });
  }
  for (const relation of DEMO_ACCOUNT_RELATIONS) {
    const { data, nextId } = [...contexts.values()][0] as CatalogueContext;
    const idOf = (name: string) => {
      const account = data.accounts.find((candidate) => candidate.name === name);
      if (!account) throw new Error(`no demo account ${name}`);
      return account.id;
    };
    data.portalAccessibleAccounts.push({
      id: nextId('portalAccessibleAccount'),
      masterAccountId: idOf(relation.master),
      relatedAccountId: idOf(relation.related),
      portalContext: relation.portalContext,
      shipTo: relation.shipTo,
    });
  }
}

/** The account's billing and shipping address columns from its address book; none for the guest account. */
function accountAddresses(accountName: string) {
  const book = DEMO_ADDRESS_BOOKS[accountName];
  if (!book) return {};
  const { billing, shipping } = book;
  return {
    billingStreet: billing.street,
    billingCity: billing.city,
    billingState: billing.state,
    billingPostalCode: billing.postalCode,
    billingCountry: billing.country,
    shippingStreet: shipping.street,
    shippingCity: shipping.city,
    shippingState: shipping.state,
    shippingPostalCode: shipping.postalCode,
    shippingCountry: shipping.country,
  };
}

function addLocations(build: BuildContext, accountId: string, accountName: string): void {
  const locations = DEMO_ADDRESS_BOOKS[accountName]?.locations ?? [];
  locations.forEach((location, index) => {
    build.data.locations.push({
      id: build.nextId('location'),
      accountId,
      ...location,
      isDefault: index === 0,
    });
  });
}

const CLIENT_ID_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A user-pool app client id: 26 lower-case alphanumerics. */
function clientId(prng: Prng): string {
  return Array.from({ length: 26 }, () => prng.pick([...CLIENT_ID_CHARS])).join('');
}

/** The storefront's templates; items link to 'product', else to home. */
function addTemplates(
  { data, nextId }: BuildContext,
  storefrontId: string,
  guestAccessible: boolean,
): { homeId: string; productId: string } {
  const { rows, homeId, productId } = storefrontTemplates(storefrontId, guestAccessible, DEMO_SUPPLIER, () =>
    nextId('template'),
  );
  data.templates.push(...rows);
  return { homeId, productId };
}

function addMetaItems(
  { data, nextId, organisationId, storefrontId }: CatalogueContext,
  pairs: readonly (readonly [string, string])[],
  scope: { accountId?: string; templateId?: string },
): void {
  for (const [key, value] of pairs) {
    data.metaItems.push({ id: nextId('meta'), organisationId, storefrontId, ...scope, key, value });
  }
}

interface CatalogueContext extends BuildContext {
  storefrontId: string;
  demo: DemoStorefront;
  productTemplateId: string;
}

/** A catalogue with all seven categories and the products it keeps (a share of them, chosen by the PRNG). */
function addCatalogue(
  context: CatalogueContext,
  catalogue: Pick<Row<typeof schema.catalogues>, 'name' | 'type' | 'priceSource' | 'accountId'> & {
    share?: number;
  },
): string {
  const { data, nextId, prng, storefrontId, demo, productTemplateId, products } = context;
  const catalogueId = nextId('catalogue');
  const { share = 1, ...row } = catalogue;
  data.catalogues.push({ id: catalogueId, storefrontId, currency: demo.currency, ...row });
  const categoryIds = new Map<CategoryKey, string>();
  CATEGORIES.forEach((category, index) => {
    const id = nextId('category');
    categoryIds.set(category.key, id);
    data.categories.push({
      id,
      catalogueId,
      name: category.name,
      slug: slugify(category.name),
      sortOrder: index + 1,
    });
  });
  products.forEach((product, index) => {
    if (share < 1 && !isService(product) && !prng.chance(share)) return;
    const id = nextId('item');
    const listPrice = roundMoney(product.listPrice * demo.priceFactor);
    const negotiatedPrice = roundMoney(product.negotiatedPrice * demo.priceFactor);
    data.catalogueItems.push({
      id,
      catalogueId,
      categoryId: categoryIds.get(product.category) ?? '',
      sku: product.sku,
      name: product.name,
      slug: product.slug,
      shortDescription: product.shortDescription,
      description: product.description,
      images: [productImagePath(product.image)],
      unit: product.unit,
      requiresConfiguration: product.requiresConfiguration,
      productTemplateId,
      listPrice,
      negotiatedPrice,
      priceSource: catalogue.priceSource,
      attributes: product.attributes,
      customAction: product.customAction,
      sortOrder: index + 1,
      specifications: product.specifications,
      hazards: product.hazards,
    });
    if (product.tiered)
      addTiers(context, id, unitPrice({ priceSource: catalogue.priceSource, listPrice, negotiatedPrice }));
  });
  return catalogueId;
}

/** The newest lot was made on this day; earlier ones some months before. Fixed, so the demo is the same. */
const LATEST_LOT_MADE = new Date(Date.UTC(2026, 9, 5));

/**
 * Two or three lots of a consumable, numbered by year, month and the SKU's number ('2610-10042'), newest
 * first; made from the SKU alone so the catalogue's random draws stay as they were.
 */
function productLots(organisationId: string, product: Product): Row<typeof schema.productLots>[] {
  const { shelfLifeMonths, sku } = product;
  if (shelfLifeMonths === null) return [];
  const serial = Number(sku.replace(/\D/g, ''));
  return Array.from({ length: 2 + (serial % 2) }, (_, index) => {
    const made = new Date(LATEST_LOT_MADE);
    made.setUTCMonth(made.getUTCMonth() - index * 5 - (serial % 3));
    made.setUTCDate(1 + ((serial * 7 + index * 11) % 27));
    const expires = new Date(made);
    expires.setUTCMonth(expires.getUTCMonth() + shelfLifeMonths);
    const yymm = made.toISOString().slice(2, 7).replace('-', '');
    return {
      organisationId,
      sku,
      lotNumber: `${yymm}-${String(serial).slice(-5)}`,
      manufacturedOn: made.toISOString().slice(0, 10),
      expiresOn: expires.toISOString().slice(0, 10),
    };
  });
}

/** 1-4 at the unit price, 5-9 at 5 % off, 10 and more at 10 % off. */
const TIER_STEPS = [
  [1, 4, 1],
  [5, 9, 0.95],
  [10, null, 0.9],
] as const;

function addTiers(context: CatalogueContext, itemId: string, price: number): void {
  for (const [sv, ev, factor] of TIER_STEPS) {
    context.data.quantityTiers.push({
      id: context.nextId('tier'),
      itemId,
      sv,
      ev,
      price: roundMoney(price * factor),
    });
  }
}

/** The items of every catalogue of the storefront, each with the demo product it was made from. */
function storefrontProducts(context: CatalogueContext): { itemId: string; product: Product }[] {
  const { data, storefrontId } = context;
  const catalogueIds = new Set(
    data.catalogues.filter((c) => c.storefrontId === storefrontId).map((c) => c.id),
  );
  const productsBySku = new Map(context.products.map((p) => [p.sku, p]));
  return data.catalogueItems.flatMap((item) => {
    const product = catalogueIds.has(item.catalogueId) ? productsBySku.get(item.sku) : undefined;
    return product ? [{ itemId: item.id, product }] : [];
  });
}

/** The storefront's offers, each linked to the matching items of every catalogue of the storefront. */
function addOffers(context: CatalogueContext): void {
  const { data, nextId, storefrontId, demo } = context;
  const items = storefrontProducts(context);
  for (const offer of DEMO_OFFERS.filter((o) => o.storefront === demo.key)) {
    const offerId = nextId('offer');
    const { storefront: _storefront, appliesTo, ...row } = offer;
    data.offers.push({ id: offerId, storefrontId, ...row });
    for (const { itemId, product } of items) {
      if (appliesTo(product)) data.offerItems.push({ offerId, itemId });
    }
  }
}

/** The storefront's promo codes; a code for some items is linked to them in every catalogue of the storefront. */
function addPromoCodes(context: CatalogueContext): void {
  const { data, nextId, storefrontId, demo } = context;
  const items = storefrontProducts(context);
  for (const promo of DEMO_PROMO_CODES.filter((p) => p.storefront === demo.key)) {
    const promoCodeId = nextId('promoCode');
    const { storefront: _storefront, appliesTo, ...row } = promo;
    data.promoCodes.push({ id: promoCodeId, storefrontId, ...row, allItems: appliesTo === 'all' });
    if (appliesTo === 'all') continue;
    for (const { itemId, product } of items) {
      if (appliesTo(product)) data.promoCodeItems.push({ promoCodeId, itemId });
    }
  }
}
