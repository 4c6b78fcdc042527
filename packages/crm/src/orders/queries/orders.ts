import { randomUUID } from 'node:crypto';
import type { Section } from '@storefront/contracts';
import { and, asc, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import {
  accounts,
  crmOutbox,
  orderNumberCounters,
  orders,
  payments,
  quotes,
  storefronts,
  templates,
} from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type OutboxRow = typeof crmOutbox.$inferSelect;

/**
 * A checkout template of the storefront: its Quote PDF template setting and its sections (the custom form
 * the order's values are checked against); undefined when the storefront has no such template.
 */
export interface CheckoutTemplate {
  quoteEDocumentId: string | null;
  sections: Section[];
}

export async function findCheckoutTemplate(
  db: CrmDb,
  storefrontId: string,
  templateId: string,
): Promise<CheckoutTemplate | undefined> {
  const [row] = await db
    .select({ quoteEDocumentId: templates.Quote_eDocument_ID, sections: templates.sections })
    .from(templates)
    .where(and(eq(templates.id, templateId), eq(templates.storefrontId, storefrontId)))
    .limit(1);
  return row;
}

export async function findOrderOfQuote(db: CrmDb, quoteId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.quoteId, quoteId)).limit(1);
  return row;
}

export async function findOrderByNumber(db: CrmDb, orderNumber: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).limit(1);
  return row;
}

/** The next number of the year's sequence, taken under the counter row's lock until the transaction ends. */
export async function nextOrderSequence(tx: CrmDb, year: number): Promise<number> {
  const [row] = await tx
    .insert(orderNumberCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({
      target: orderNumberCounters.year,
      set: { last: sql`${orderNumberCounters.last} + 1` },
    })
    .returning({ last: orderNumberCounters.last });
  if (!row) throw new Error(`no order number for ${year}`);
  return row.last;
}

/**
 * Records the order and turns its quote into one: checked out, Ordered rather than the active cart, and named
 * by its order number unless the buyer named it, so the account's list shows what it is.
 */
export async function insertOrder(
  tx: CrmDb,
  order: Pick<OrderRow, 'quoteId' | 'orderNumber' | 'pdfFileId'>,
): Promise<OrderRow> {
  await tx
    .update(quotes)
    .set({
      checkedOut: true,
      status: 'Ordered',
      name: sql`coalesce(${quotes.name}, ${order.orderNumber})`,
      modifiedAt: sql`now()`,
    })
    .where(eq(quotes.id, order.quoteId));
  const [row] = await tx.insert(orders).values(order).returning();
  if (!row) throw new Error(`order of quote ${order.quoteId} not recorded`);
  return row;
}

export async function insertOutboxMail(
  tx: CrmDb,
  mail: Pick<
    OutboxRow,
    'kind' | 'quoteId' | 'paymentId' | 'recipient' | 'subject' | 'body' | 'attachmentFileId'
  > &
    Partial<Pick<OutboxRow, 'shipmentId'>>,
): Promise<void> {
  await tx.insert(crmOutbox).values({ id: randomUUID(), ...mail });
}

/** Whose mail it is: the storefront's name and the sender it set (docs/decisions/0055-mail-senders.md). */
export interface MailStorefront {
  name: string;
  mailFrom: string | null;
  mailReplyTo: string | null;
}

/** A mail due for sending, with its storefront; null for a mail that names neither a quote nor a payment. */
export type DueMail = OutboxRow & { storefront: MailStorefront | null };

/**
 * Mail not yet delivered and due for a try (first, or again after a failure), oldest first. A mail's storefront
 * is its quote's, or (a receipt for invoices) the paying account's: every kind names one or the other.
 */
export async function unsentMail(db: CrmDb, limit: number, maxAttempts: number): Promise<DueMail[]> {
  const rows = await db
    .select({
      mail: crmOutbox,
      storefront: {
        name: storefronts.name,
        mailFrom: storefronts.mailFrom,
        mailReplyTo: storefronts.mailReplyTo,
      },
    })
    .from(crmOutbox)
    .leftJoin(quotes, eq(quotes.id, crmOutbox.quoteId))
    .leftJoin(payments, eq(payments.id, crmOutbox.paymentId))
    .leftJoin(accounts, eq(accounts.id, payments.accountId))
    .leftJoin(
      storefronts,
      eq(storefronts.id, sql`coalesce(${quotes.storefrontId}, ${accounts.storefrontId})`),
    )
    .where(
      and(
        isNull(crmOutbox.sentAt),
        lte(crmOutbox.nextAttemptAt, sql`now()`),
        lt(crmOutbox.failedAttempts, maxAttempts),
      ),
    )
    .orderBy(asc(crmOutbox.createdAt), asc(crmOutbox.id))
    .limit(limit);
  return rows.map(({ mail, storefront }) => ({ ...mail, storefront }));
}

/** Claims a mail for sending (sentAt set) unless another delivery did first; true when this call did. */
export async function markMailSent(db: CrmDb, mailId: string): Promise<boolean> {
  const rows = await db
    .update(crmOutbox)
    .set({ sentAt: sql`now()` })
    .where(and(eq(crmOutbox.id, mailId), isNull(crmOutbox.sentAt)))
    .returning({ id: crmOutbox.id });
  return rows.length > 0;
}

/** Releases a claimed mail whose send failed, to be tried again after `retryAfterSeconds`. */
export async function markMailFailed(
  db: CrmDb,
  mailId: string,
  problem: string,
  retryAfterSeconds: number,
): Promise<void> {
  await db
    .update(crmOutbox)
    .set({
      sentAt: null,
      failedAttempts: sql`${crmOutbox.failedAttempts} + 1`,
      lastError: problem,
      nextAttemptAt: sql`now() + make_interval(secs => ${retryAfterSeconds})`,
    })
    .where(eq(crmOutbox.id, mailId));
}

/** The quote's mail, for the tests and the development mailbox. */
export function mailOfQuote(db: CrmDb, quoteId: string): Promise<OutboxRow[]> {
  return db.select().from(crmOutbox).where(eq(crmOutbox.quoteId, quoteId));
}
