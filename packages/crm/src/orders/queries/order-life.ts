import { randomUUID } from 'node:crypto';
import type { OrderActor, OrderStatus, OrderStatusChange, Shipment } from '@storefront/contracts';
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { containsPattern } from '../../catalogue';
import type { CrmDb } from '../../db/open';
import {
  accounts,
  catalogueItems,
  contacts,
  crmOutbox,
  invoices,
  orderStatusHistory,
  orders,
  productLots,
  quoteLineItems,
  quotes,
  shipmentLines,
  shipments,
} from '../../db/schema';
import type { OrderRow } from './orders';

/** Reading and recording an order's life (docs/decisions/0057-order-life.md). */

/**
 * The account an order is billed to: the buyer's own, or for a guest's order the company the guest named
 * (never the guest account all guests share), as its invoice is.
 */
const billedAccountId = sql<string>`case when ${quotes.guestSecretHash} is null then ${quotes.accountId} else coalesce(${quotes.billToAccountId}, ${quotes.accountId}) end`;

function selectOrders(db: CrmDb) {
  return db
    .select({
      order: orders,
      quote: quotes,
      account: { id: accounts.id, name: accounts.name, organisationId: accounts.organisationId },
      contact: { firstName: contacts.firstName, lastName: contacts.lastName, email: contacts.email },
    })
    .from(orders)
    .innerJoin(quotes, eq(quotes.id, orders.quoteId))
    .innerJoin(accounts, eq(accounts.id, billedAccountId))
    .leftJoin(contacts, eq(contacts.id, quotes.contactId));
}

/** An order with its quote (lines, totals, addresses), the account it is billed to and its buyer's contact. */
export type OrderRecord = Awaited<ReturnType<ReturnType<typeof selectOrders>['execute']>>[number];

/** Who placed the order: its contact, else the billing contact the checkout named, else the account. */
export function buyerName(record: OrderRecord): string {
  const contact = record.contact && `${record.contact.firstName} ${record.contact.lastName}`.trim();
  return contact || record.quote.billingContactName || record.account.name;
}

const ofStorefront = (storefrontId: string, orderNumber: string) =>
  and(eq(orders.orderNumber, orderNumber), eq(quotes.storefrontId, storefrontId));

/** The storefront's order by its number; another storefront's is none. */
export async function findStorefrontOrder(
  db: CrmDb,
  storefrontId: string,
  orderNumber: string,
): Promise<OrderRecord | undefined> {
  const [row] = await selectOrders(db).where(ofStorefront(storefrontId, orderNumber)).limit(1);
  return row;
}

/**
 * The storefront's order, its row locked until the transaction ends: every change of an order's life takes
 * this lock first, so two changes of one order run one after the other and the second sees the first's
 * version. FOR NO KEY UPDATE as every row lock of the CRM (docs/decisions/0052-lock-order.md); an order's life
 * locks nothing else of that chain.
 */
export async function lockStorefrontOrder(
  tx: CrmDb,
  storefrontId: string,
  orderNumber: string,
): Promise<OrderRecord | undefined> {
  const [row] = await selectOrders(tx)
    .where(ofStorefront(storefrontId, orderNumber))
    .limit(1)
    .for('no key update', { of: orders });
  return row;
}

/** The first entry of an order's timeline, written as the order is placed: by its buyer. */
export async function recordOrderPlaced(tx: CrmDb, order: OrderRow): Promise<void> {
  const [record] = await selectOrders(tx).where(eq(orders.quoteId, order.quoteId)).limit(1);
  if (!record) throw new Error(`order ${order.orderNumber} is not recorded`);
  await tx.insert(orderStatusHistory).values({
    quoteId: order.quoteId,
    version: 1,
    status: 'placed',
    at: order.placedAt,
    actor: 'buyer',
    by: buyerName(record),
    note: null,
  });
}

export interface StatusChange {
  status: OrderStatus;
  at: Date;
  actor: OrderActor;
  by: string;
  note: string | null;
  /** The ERP's order number, given when it confirms the order. */
  erpOrderNumber?: string;
}

/** Moves the locked order to its next version with this status, and records the change in its timeline. */
export async function changeOrderStatus(tx: CrmDb, quoteId: string, change: StatusChange): Promise<void> {
  const { erpOrderNumber, ...entry } = change;
  const [row] = await tx
    .update(orders)
    .set({
      status: change.status,
      version: sql`${orders.version} + 1`,
      ...(erpOrderNumber === undefined ? {} : { erpOrderNumber }),
    })
    .where(eq(orders.quoteId, quoteId))
    .returning({ version: orders.version });
  if (!row) throw new Error(`order of quote ${quoteId} vanished under its lock`);
  await tx.insert(orderStatusHistory).values({ quoteId, version: row.version, ...entry });
}

/** The order's timeline, oldest first. */
export async function statusHistory(db: CrmDb, quoteId: string): Promise<OrderStatusChange[]> {
  const rows = await db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.quoteId, quoteId))
    .orderBy(asc(orderStatusHistory.version));
  return rows.map((row) => ({
    status: row.status,
    at: row.at.toISOString(),
    actor: row.actor,
    by: row.by,
    note: row.note,
  }));
}

/** A line of the order with its product's page slug (where its certificates of analysis are). */
export interface OrderLine {
  sku: string;
  name: string;
  slug: string;
  qty: number;
  unitPrice: number;
  lineTotal: number;
}

export function orderLines(db: CrmDb, quoteId: string): Promise<OrderLine[]> {
  return db
    .select({
      sku: catalogueItems.sku,
      name: catalogueItems.name,
      slug: catalogueItems.slug,
      qty: quoteLineItems.qty,
      unitPrice: quoteLineItems.unitPrice,
      lineTotal: quoteLineItems.lineTotal,
    })
    .from(quoteLineItems)
    .innerJoin(catalogueItems, eq(catalogueItems.id, quoteLineItems.catalogItemId))
    .where(eq(quoteLineItems.quoteId, quoteId))
    .orderBy(asc(quoteLineItems.createdAt), asc(quoteLineItems.id));
}

export interface NewShipment {
  carrier: string;
  service: string | null;
  trackingNumber: string;
  trackingUrl: string | null;
  shippedAt: Date;
  lines: { sku: string; quantity: number; lotNumber: string | null }[];
}

/** Records a shipment of the locked order; answers its id. */
export async function insertShipment(tx: CrmDb, quoteId: string, shipment: NewShipment): Promise<string> {
  const { lines, ...parcel } = shipment;
  const id = `shp_${randomUUID().replaceAll('-', '')}`;
  await tx.insert(shipments).values({ id, quoteId, ...parcel });
  await tx
    .insert(shipmentLines)
    .values(lines.map((line, index) => ({ shipmentId: id, position: index + 1, ...line })));
  return id;
}

/** The order's shipments with their lines, in the order they left. */
export async function shipmentsOf(db: CrmDb, quoteId: string): Promise<Shipment[]> {
  const parcels = await db
    .select()
    .from(shipments)
    .where(eq(shipments.quoteId, quoteId))
    .orderBy(asc(shipments.shippedAt), asc(shipments.createdAt), asc(shipments.id));
  if (parcels.length === 0) return [];
  const lines = await db
    .select()
    .from(shipmentLines)
    .where(
      inArray(
        shipmentLines.shipmentId,
        parcels.map((parcel) => parcel.id),
      ),
    )
    .orderBy(asc(shipmentLines.shipmentId), asc(shipmentLines.position));
  return parcels.map((parcel) => ({
    shipmentId: parcel.id,
    carrier: parcel.carrier,
    service: parcel.service,
    trackingNumber: parcel.trackingNumber,
    trackingUrl: parcel.trackingUrl,
    shippedAt: parcel.shippedAt.toISOString(),
    lines: lines
      .filter((line) => line.shipmentId === parcel.id)
      .map(({ sku, quantity, lotNumber }) => ({ sku, quantity, lotNumber })),
  }));
}

/** One row of a list of orders. */
export interface OrderListRow {
  orderNumber: string;
  status: OrderStatus;
  version: number;
  erpOrderNumber: string | null;
  placedAt: Date;
  accountId: string;
  accountName: string;
  poNumber: string | null;
  /** The cost centre or grant code charged, as it was charged (decision 0063). */
  costCentre: { code: string; name: string } | null;
  currency: string;
  total: number;
  buyerName: string;
}

/** The code an order's quote was charged to, as it was charged. */
export function chargedCostCentre(quote: OrderRecord['quote']): { code: string; name: string } | null {
  return quote.costCentreCode ? { code: quote.costCentreCode, name: quote.costCentreName ?? '' } : null;
}

function listRow(record: OrderRecord): OrderListRow {
  return {
    orderNumber: record.order.orderNumber,
    status: record.order.status,
    version: record.order.version,
    erpOrderNumber: record.order.erpOrderNumber,
    placedAt: record.order.placedAt,
    accountId: record.account.id,
    accountName: record.account.name,
    poNumber: record.quote.poNumber,
    costCentre: chargedCostCentre(record.quote),
    currency: record.quote.currency,
    total: record.quote.total,
    buyerName: buyerName(record),
  };
}

/** A cursor naming an order that is not the storefront's. */
export class UnknownCursorError extends Error {}

/**
 * The storefront's orders, oldest first, after the order the cursor names (the last order number of the page
 * before): the cursor compares with the stored placing time itself, so no order is skipped or repeated.
 */
export async function listStorefrontOrders(
  db: CrmDb,
  storefrontId: string,
  query: { status?: OrderStatus | undefined; after?: string | undefined; limit: number },
): Promise<OrderListRow[]> {
  const where: (SQL | undefined)[] = [eq(quotes.storefrontId, storefrontId)];
  if (query.status) where.push(eq(orders.status, query.status));
  if (query.after !== undefined) {
    if (!(await findStorefrontOrder(db, storefrontId, query.after))) throw new UnknownCursorError();
    where.push(
      sql`(${orders.placedAt}, ${orders.orderNumber}) > (select c.placed_at, c.order_number from orders c where c.order_number = ${query.after})`,
    );
  }
  const rows = await selectOrders(db)
    .where(and(...where))
    .orderBy(asc(orders.placedAt), asc(orders.orderNumber))
    .limit(query.limit);
  return rows.map(listRow);
}

/** The buyer's filters of the account's orders. */
export interface AccountOrderFilters {
  status?: OrderStatus | undefined;
  /** Placed from and to, YYYY-MM-DD (UTC days), inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  poNumber?: string | undefined;
  buyerId?: string | undefined;
  costCentre?: string | undefined;
}

function accountOrdersWhere(storefrontId: string, accountId: string, filters: AccountOrderFilters) {
  const placedOn = sql`(${orders.placedAt} at time zone 'UTC')::date`;
  return and(
    eq(quotes.storefrontId, storefrontId),
    eq(quotes.accountId, accountId),
    filters.status ? eq(orders.status, filters.status) : undefined,
    filters.from ? sql`${placedOn} >= ${filters.from}::date` : undefined,
    filters.to ? sql`${placedOn} <= ${filters.to}::date` : undefined,
    filters.poNumber ? ilike(quotes.poNumber, containsPattern(filters.poNumber)) : undefined,
    filters.buyerId ? eq(quotes.contactId, filters.buyerId) : undefined,
    filters.costCentre ? sql`lower(${quotes.costCentreCode}) = lower(${filters.costCentre})` : undefined,
  );
}

/** The account's orders matching the filters, newest first, one page of them and how many there are. */
export async function listAccountOrders(
  db: CrmDb,
  storefrontId: string,
  accountId: string,
  filters: AccountOrderFilters,
  page: { page: number; pageSize: number },
): Promise<{ rows: OrderListRow[]; totalSize: number }> {
  const where = accountOrdersWhere(storefrontId, accountId, filters);
  const [rows, [total]] = await Promise.all([
    selectOrders(db)
      .where(where)
      .orderBy(desc(orders.placedAt), desc(orders.orderNumber))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ count: count() }).from(orders).innerJoin(quotes, eq(quotes.id, orders.quoteId)).where(where),
  ]);
  return { rows: rows.map(listRow), totalSize: total?.count ?? 0 };
}

/** The contacts of the account who placed its orders, by name: the orders page's buyer filter. */
export async function accountBuyers(
  db: CrmDb,
  storefrontId: string,
  accountId: string,
): Promise<{ contactId: string; name: string }[]> {
  const rows = await db
    .selectDistinct({ contactId: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName })
    .from(orders)
    .innerJoin(quotes, eq(quotes.id, orders.quoteId))
    .innerJoin(contacts, eq(contacts.id, quotes.contactId))
    .where(and(eq(quotes.storefrontId, storefrontId), eq(quotes.accountId, accountId)))
    .orderBy(asc(contacts.firstName), asc(contacts.lastName), asc(contacts.id));
  return rows.map((row) => ({ contactId: row.contactId, name: `${row.firstName} ${row.lastName}`.trim() }));
}

/** The contact's name, if the contact exists. */
export async function contactName(db: CrmDb, contactId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ firstName: contacts.firstName, lastName: contacts.lastName })
    .from(contacts)
    .where(eq(contacts.id, contactId))
    .limit(1);
  return row ? `${row.firstName} ${row.lastName}`.trim() : undefined;
}

/** The account's invoices and credit memos of the order, oldest first. */
export function invoicesOfOrder(db: CrmDb, accountId: string, orderNumber: string) {
  return db
    .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber, kind: invoices.kind })
    .from(invoices)
    .where(and(eq(invoices.accountId, accountId), eq(invoices.orderNumber, orderNumber)))
    .orderBy(asc(invoices.invoiceDate), asc(invoices.invoiceNumber));
}

/** Which of these lots the organisation made (their certificates of analysis exist), as `sku lot` keys. */
export async function knownLots(
  db: CrmDb,
  organisationId: string,
  lots: readonly { sku: string; lotNumber: string }[],
): Promise<Set<string>> {
  if (lots.length === 0) return new Set();
  const rows = await db
    .select({ sku: productLots.sku, lotNumber: productLots.lotNumber })
    .from(productLots)
    .where(
      and(
        eq(productLots.organisationId, organisationId),
        inArray(
          productLots.lotNumber,
          lots.map((lot) => lot.lotNumber),
        ),
      ),
    );
  return new Set(rows.map((row) => `${row.sku} ${row.lotNumber}`));
}

/** Whom the order's mail goes to: whom its confirmation went to when it was placed; none when nobody. */
export async function orderMailRecipient(db: CrmDb, quoteId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ recipient: crmOutbox.recipient })
    .from(crmOutbox)
    .where(and(eq(crmOutbox.quoteId, quoteId), eq(crmOutbox.kind, 'OrderConfirmation')))
    .limit(1);
  return row?.recipient;
}
