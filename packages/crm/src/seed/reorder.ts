import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { priceLine } from '../cart/rules/quote-pricing';
import { offersForItems, tiersForItems } from '../catalogue';
import { catalogueForAccount } from '../core/access';
import { findAccountWithCatalogues } from '../core/accounts';
import { roundInCurrency } from '../core/money';
import type { CrmDb } from '../db/open';
import * as schema from '../db/schema';
import { recordOrderPlaced, renderOrderPdf } from '../orders';
import { DEMO_ADDRESS_BOOKS } from './addresses';

/**
 * A past order to reorder (docs/decisions/0061-reorder.md): Halvorsen's buyer ordered a CD4 panel six weeks ago.
 * One of its antibodies came lyophilised, a format the catalogue has since discontinued for the liquid one, the
 * setup beads cost less then, and the other antibody is as it was: each kind of line the reorder view shows.
 */
export const DEMO_REORDER = {
  account: 'Halvorsen Research Institute',
  buyerEmail: 'buyer@halvorsen.example',
  orderNumber: 'SO-2025-900417',
  poNumber: 'HRI-CD4-PANEL-Q3',
  placedDaysAgo: 42,
  /** The discontinued product: the lyophilised format of its replacement, retired for the liquid one. */
  discontinued: {
    sku: 'FCA-10010-L',
    name: 'CD4 Monoclonal Antibody (RPA-T4), PE, lyophilised',
    slug: 'cd4-monoclonal-antibody-rpa-t4-pe-lyophilised',
    price: 126,
    replacementSku: 'FCA-10010',
  },
  lines: [
    { sku: 'FCA-10010-L', qty: 2, priceThen: 'as listed' },
    { sku: 'FCA-10011', qty: 2, priceThen: 'as today' },
    { sku: 'FCR-10033', qty: 1, priceThen: 'lower' },
  ],
} as const;

/** How much less the repriced line cost when it was ordered. */
const EARLIER_PRICE_SHARE = 0.94;

/**
 * Adds the discontinued product to the account's catalogue and the past order of its buyer, once (the order's
 * number says whether it is there). Needs the buyer's contact, so it runs after the demo contacts are made.
 */
export async function ensureDemoReorder(db: CrmDb, today: string): Promise<void> {
  const [buyer] = await db
    .select({ id: schema.contacts.id, accountId: schema.contacts.accountId })
    .from(schema.contacts)
    .where(eq(schema.contacts.email, DEMO_REORDER.buyerEmail))
    .limit(1);
  if (!buyer) return;
  const [present] = await db
    .select({ quoteId: schema.orders.quoteId })
    .from(schema.orders)
    .where(eq(schema.orders.orderNumber, DEMO_REORDER.orderNumber));
  if (present) return;
  const found = await findAccountWithCatalogues(db, buyer.accountId);
  const catalogue = found && catalogueForAccount(found.own, found.full);
  if (!found || found.account.name !== DEMO_REORDER.account || !catalogue) return;
  await db.transaction(async (tx) => {
    const items = await catalogueItemsFor(tx, catalogue.id, found.account.organisationId);
    if (!items) return;
    const lines = await pricedLines(tx, items, today, catalogue.currency);
    await insertOrder(tx, {
      storefrontId: found.account.storefrontId,
      accountId: buyer.accountId,
      contactId: buyer.id,
      company: found.account.name,
      currency: catalogue.currency,
      lines,
    });
  });
}

type Item = typeof schema.catalogueItems.$inferSelect;

/** The order's items of the catalogue, the discontinued one added beside its replacement; none if one is missing. */
async function catalogueItemsFor(
  tx: CrmDb,
  catalogueId: string,
  organisationId: string,
): Promise<Map<string, Item> | null> {
  const { discontinued } = DEMO_REORDER;
  const skus = DEMO_REORDER.lines.map((line) => line.sku).filter((sku) => sku !== discontinued.sku);
  const rows = await tx
    .select()
    .from(schema.catalogueItems)
    .where(
      and(
        eq(schema.catalogueItems.catalogueId, catalogueId),
        inArray(schema.catalogueItems.sku, [...skus, discontinued.sku, discontinued.replacementSku]),
      ),
    );
  const items = new Map(rows.map((row) => [row.sku, row]));
  const replacement = items.get(discontinued.replacementSku);
  if (!replacement || skus.some((sku) => !items.has(sku))) return null;
  if (!items.has(discontinued.sku)) {
    const [added] = await tx
      .insert(schema.catalogueItems)
      .values({
        ...replacement,
        id: `a0I${randomUUID().replaceAll('-', '').slice(0, 15)}`,
        sku: discontinued.sku,
        name: discontinued.name,
        slug: discontinued.slug,
        listPrice: discontinued.price,
        negotiatedPrice: discontinued.price,
        discontinued: true,
        replacementSku: replacement.sku,
      })
      .returning();
    if (added) items.set(added.sku, added);
    // It ships as its replacement does; a SKU without a profile would gain the default one on every import.
    const [profile] = await tx
      .select()
      .from(schema.shippingProfiles)
      .where(
        and(
          eq(schema.shippingProfiles.organisationId, organisationId),
          eq(schema.shippingProfiles.sku, replacement.sku),
        ),
      );
    if (profile) {
      await tx
        .insert(schema.shippingProfiles)
        .values({ ...profile, sku: discontinued.sku })
        .onConflictDoNothing();
    }
  }
  return items;
}

interface DemoOrderLine {
  item: Item;
  qty: number;
  unitPrice: number;
  lineTotal: number;
}

/** Each line at the price it was ordered at: today's for the account, or less for the one repriced since. */
async function pricedLines(
  tx: CrmDb,
  items: Map<string, Item>,
  today: string,
  currency: string,
): Promise<DemoOrderLine[]> {
  const ordered = DEMO_REORDER.lines.flatMap((line) => {
    const item = items.get(line.sku);
    return item ? [{ line, item }] : [];
  });
  const ids = ordered.map(({ item }) => item.id);
  const [tiers, offers] = await Promise.all([tiersForItems(tx, ids), offersForItems(tx, ids)]);
  return ordered.map(({ line, item }) => {
    const price = priceLine(
      item,
      tiers.filter((tier) => tier.itemId === item.id),
      offers.filter((offer) => offer.itemId === item.id),
      line.qty,
      today,
      currency,
    );
    const unitPrice =
      line.priceThen === 'lower'
        ? roundInCurrency(price.unitPrice * EARLIER_PRICE_SHARE, currency)
        : price.unitPrice;
    return { item, qty: line.qty, unitPrice, lineTotal: roundInCurrency(unitPrice * line.qty, currency) };
  });
}

async function insertOrder(
  tx: CrmDb,
  order: {
    storefrontId: string;
    accountId: string;
    contactId: string;
    company: string;
    currency: string;
    lines: DemoOrderLine[];
  },
): Promise<void> {
  const placedAt = new Date(Date.now() - DEMO_REORDER.placedDaysAgo * 86_400_000);
  const subtotal = roundInCurrency(
    order.lines.reduce((sum, line) => sum + line.lineTotal, 0),
    order.currency,
  );
  const shipping = 18;
  const total = roundInCurrency(subtotal + shipping, order.currency);
  const book = DEMO_ADDRESS_BOOKS[DEMO_REORDER.account];
  const quoteId = randomUUID();
  await tx.insert(schema.quotes).values({
    id: quoteId,
    storefrontId: order.storefrontId,
    accountId: order.accountId,
    contactId: order.contactId,
    status: 'Ordered',
    checkedOut: true,
    currency: order.currency,
    subtotal,
    total,
    name: DEMO_REORDER.orderNumber,
    poNumber: DEMO_REORDER.poNumber,
    shippingAddress: book?.shipping.street ?? null,
    shippingCity: book?.shipping.city ?? null,
    shippingState: book?.shipping.state ?? null,
    shippingZip: book?.shipping.postalCode ?? null,
    shippingCountry: book?.shipping.country ?? null,
    shippingContactName: 'Flow Cytometry Core',
    shippingCarrier: 'UPS',
    shippingService: 'Ground',
    shippingAmount: shipping,
    createdAt: placedAt,
    modifiedAt: placedAt,
  });
  await tx.insert(schema.quoteLineItems).values(
    order.lines.map((line, index) => ({
      id: randomUUID(),
      quoteId,
      catalogItemId: line.item.id,
      qty: line.qty,
      unitPrice: line.unitPrice,
      listPrice: line.item.listPrice,
      lineTotal: line.lineTotal,
      // Lines read in the order they were added.
      createdAt: new Date(placedAt.getTime() + index * 1000),
    })),
  );
  const pdf = await renderOrderPdf({
    company: order.company,
    orderNumber: DEMO_REORDER.orderNumber,
    date: placedAt.toISOString().slice(0, 10),
    currency: order.currency,
    billTo: [order.company],
    shipTo: [order.company, book?.shipping.street ?? ''],
    poNumber: DEMO_REORDER.poNumber,
    paymentTerms: 'Net 30',
    details: [],
    lines: order.lines.map((line) => ({
      sku: line.item.sku,
      name: line.item.name,
      qty: line.qty,
      unitPrice: line.unitPrice,
      lineTotal: line.lineTotal,
    })),
    subtotal,
    discount: 0,
    shipping,
    surcharge: 0,
    tax: 0,
    total,
  });
  const content = Buffer.from(pdf);
  const pdfFileId = randomUUID();
  await tx.insert(schema.quoteFiles).values({
    id: pdfFileId,
    quoteId,
    relatedTo: 'QPDF',
    fileName: `Order-${DEMO_REORDER.orderNumber}.pdf`,
    contentType: 'application/pdf',
    size: content.length,
    content,
  });
  const [placed] = await tx
    .insert(schema.orders)
    .values({ quoteId, orderNumber: DEMO_REORDER.orderNumber, pdfFileId, placedAt })
    .returning();
  if (placed) await recordOrderPlaced(tx, placed);
}
