import { randomUUID } from 'node:crypto';
import type { InvoiceSort, InvoiceStatus, SortDirection } from '@storefront/contracts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  getTableColumns,
  gt,
  gte,
  lt,
  lte,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import { accounts, invoiceLines, invoicePayments, invoices, orders, quotes } from '../../db/schema';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type InvoicePaymentRow = typeof invoicePayments.$inferSelect;
/** An invoice as the list and its page read it: with whether its order is the account's (issue 32). */
export type ListedInvoiceRow = InvoiceRow & { hasOrder: boolean };

/**
 * Whether the invoice's order is one of its account's orders of its storefront, as the buyer's order page
 * /billing/orders/{orderNumber} finds it: decided in the statement that reads the invoice (a correlated
 * EXISTS on the orders' unique number), never by a query per row. The seeded history names order numbers no
 * order has; a guest's order billed to a company is the guest's, not the company's.
 */
function hasOrder(db: CrmDb): SQL<boolean> {
  const order = db
    .select({ one: sql`1` })
    .from(orders)
    .innerJoin(quotes, eq(quotes.id, orders.quoteId))
    .where(
      and(
        eq(orders.orderNumber, invoices.orderNumber),
        eq(quotes.accountId, invoices.accountId),
        eq(quotes.storefrontId, invoices.storefrontId),
      ),
    );
  // Both drivers answer a boolean; a text 't' would be one too.
  return sql<boolean>`${exists(order)}`.mapWith((value: unknown) => value === true || value === 't');
}

function selectListed(db: CrmDb) {
  return db.select({ ...getTableColumns(invoices), hasOrder: hasOrder(db) }).from(invoices);
}

export interface InvoiceFilter {
  status?: InvoiceStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort: InvoiceSort;
  direction: SortDirection;
  page: number;
  pageSize: number;
}

/** The status filter as SQL: the same rule as domain/invoices.ts invoiceStatus, on the day `today`. */
function statusCondition(status: InvoiceStatus, today: string): SQL | undefined {
  const owed = and(eq(invoices.kind, 'Invoice'), gt(invoices.balance, 0));
  switch (status) {
    case 'Credit':
      return eq(invoices.kind, 'CreditMemo');
    case 'Paid':
      return and(eq(invoices.kind, 'Invoice'), lte(invoices.balance, 0));
    case 'Overdue':
      return and(owed, lt(invoices.dueDate, today));
    case 'Open':
      return and(owed, gte(invoices.dueDate, today));
  }
}

const SORT_COLUMNS = {
  invoiceDate: invoices.invoiceDate,
  dueDate: invoices.dueDate,
  invoiceNumber: invoices.invoiceNumber,
  amount: invoices.amount,
  balance: invoices.balance,
} as const;

/** One page of the account's invoices and how many match; ties are broken by number, so pages never overlap. */
export async function listInvoices(
  db: CrmDb,
  accountId: string,
  filter: InvoiceFilter,
  today: string,
): Promise<{ rows: ListedInvoiceRow[]; totalSize: number }> {
  const where = and(
    eq(invoices.accountId, accountId),
    filter.status ? statusCondition(filter.status, today) : undefined,
    filter.from ? gte(invoices.invoiceDate, filter.from) : undefined,
    filter.to ? lte(invoices.invoiceDate, filter.to) : undefined,
  );
  const order = filter.direction === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    selectListed(db)
      .where(where)
      .orderBy(order(SORT_COLUMNS[filter.sort]), order(invoices.invoiceNumber))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ count: count() }).from(invoices).where(where),
  ]);
  return { rows, totalSize: total?.count ?? 0 };
}

export async function findInvoice(
  db: CrmDb,
  invoiceId: string,
): Promise<(ListedInvoiceRow & { accountName: string }) | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(invoices), hasOrder: hasOrder(db), accountName: accounts.name })
    .from(invoices)
    .innerJoin(accounts, eq(accounts.id, invoices.accountId))
    .where(eq(invoices.id, invoiceId))
    .limit(1);
  return row;
}

export async function invoiceDetails(
  db: CrmDb,
  invoiceId: string,
): Promise<{ lines: InvoiceLineRow[]; payments: InvoicePaymentRow[] }> {
  const [lines, payments] = await Promise.all([
    db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoiceId))
      .orderBy(invoiceLines.position),
    db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, invoiceId))
      .orderBy(invoicePayments.paidOn, invoicePayments.createdAt),
  ]);
  return { lines, payments };
}

/** The cost centre code only an order's invoice carries (decision 0063). */
export type NewInvoice = Omit<InvoiceRow, 'id' | 'createdAt' | 'costCentreCode'> &
  Partial<Pick<InvoiceRow, 'costCentreCode'>>;
export type NewInvoiceLine = Omit<InvoiceLineRow, 'id' | 'invoiceId' | 'position'>;
/** A payment applied when the invoice is written (history, a card paid at checkout): no portal payment. */
export type NewInvoicePayment = Omit<InvoicePaymentRow, 'id' | 'invoiceId' | 'createdAt' | 'paymentId'>;

/** Writes an invoice with its lines and the payments already applied (its balance is the caller's). */
export async function insertInvoice(
  db: CrmDb,
  invoice: NewInvoice,
  lines: readonly NewInvoiceLine[],
  payments: readonly NewInvoicePayment[] = [],
): Promise<InvoiceRow> {
  const [row] = await db
    .insert(invoices)
    .values({ ...invoice, id: randomUUID() })
    .returning();
  if (!row) throw new Error(`invoice ${invoice.invoiceNumber} not recorded`);
  if (lines.length > 0) {
    await db
      .insert(invoiceLines)
      .values(lines.map((line, position) => ({ ...line, id: randomUUID(), invoiceId: row.id, position })));
  }
  if (payments.length > 0) {
    await db
      .insert(invoicePayments)
      .values(payments.map((payment) => ({ ...payment, id: randomUUID(), invoiceId: row.id })));
  }
  return row;
}

/** Whether the account has any invoice yet (the demo's history is written once). */
export async function hasInvoices(db: CrmDb, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(invoices)
    .where(eq(invoices.accountId, accountId))
    .limit(1);
  return row !== undefined;
}
