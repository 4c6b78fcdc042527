import { and, eq } from 'drizzle-orm';
import { formatOrderNumber } from '../checkout/rules/checkout';
import { roundInCurrency } from '../core/money';
import type { CrmDb } from '../db/open';
import { accounts, catalogueItems, catalogues } from '../db/schema';
import { hasInvoices, insertInvoice, type NewInvoicePayment } from '../invoices/queries/invoices';
import { addDays, creditMemoNumberOf, invoiceNumberOf, netTerms } from '../invoices/rules/invoices';
import { nextOrderSequence } from '../orders/queries/orders';
import { createPrng, type Prng } from './prng';

/** Sales tax or VAT the demo history was billed with, by the account's billing country. */
const TAX_RATES: Record<string, number> = { DE: 0.19, CA: 0.13, GB: 0.2 };
const DEFAULT_TAX_RATE = 0.0725;
const PAYMENT_METHODS = ['Bank transfer', 'Check', 'Visa ending 4242', 'ACH'] as const;
/** Invoices of the demo year per account. */
const INVOICES_PER_ACCOUNT = 18;

function seedOf(text: string): number {
  let hash = 2_166_136_261;
  for (const char of text) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16_777_619);
  return hash >>> 0;
}

type Item = { sku: string; name: string; listPrice: number };

function linesOf(prng: Prng, items: readonly Item[], currency: string) {
  const count = prng.int(1, 4);
  const chosen = new Set<Item>();
  while (chosen.size < Math.min(count, items.length)) chosen.add(prng.pick(items));
  return [...chosen].map((item) => {
    const qty = prng.int(1, 6);
    const unitPrice = roundInCurrency(item.listPrice, currency);
    return {
      sku: item.sku,
      name: item.name,
      qty,
      unitPrice,
      lineTotal: roundInCurrency(unitPrice * qty, currency),
    };
  });
}

/**
 * A year of invoices for each demo account that has none (docs/decisions/0029): paid ones, some paid in
 * part, open ones not yet due, overdue ones, and credit memos, one applied to an invoice and one left as
 * credit. Dated back from `today`, so every status is there whenever the demo starts; safe on every start.
 */
export async function ensureDemoInvoices(
  db: CrmDb,
  accountIds: readonly string[],
  today: string,
): Promise<void> {
  for (const accountId of accountIds) {
    const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
    if (!account || account.isGuest || account.isProspect) continue;
    if (await hasInvoices(db, account.id)) continue;
    // What the account bought from: its own eCatalog, else the storefront's Full catalogue.
    const [full] = await db
      .select({ id: catalogues.id })
      .from(catalogues)
      .where(and(eq(catalogues.storefrontId, account.storefrontId), eq(catalogues.type, 'Full')))
      .limit(1);
    const catalogueId = account.catalogueId ?? full?.id;
    if (!catalogueId) continue;
    const items = await db
      .select({ sku: catalogueItems.sku, name: catalogueItems.name, listPrice: catalogueItems.listPrice })
      .from(catalogueItems)
      .where(eq(catalogueItems.catalogueId, catalogueId))
      .orderBy(catalogueItems.sku)
      .limit(60);
    const priced = items.filter((item) => item.listPrice > 0);
    if (priced.length === 0) continue;
    await db.transaction(async (tx) => {
      await writeHistory(tx, account, priced, today);
    });
  }
}

async function writeHistory(
  db: CrmDb,
  account: typeof accounts.$inferSelect,
  items: readonly Item[],
  today: string,
): Promise<void> {
  const prng = createPrng(seedOf(account.name));
  const { currency } = account;
  const round = (amount: number) => roundInCurrency(amount, currency);
  const taxRate = TAX_RATES[account.billingCountry ?? ''] ?? DEFAULT_TAX_RATE;
  const terms = account.invoiceTermDays;
  // Oldest first, so numbers rise with dates as a ledger's do.
  const ages = Array.from(
    { length: INVOICES_PER_ACCOUNT },
    (_, index) => Math.round((index * 360) / INVOICES_PER_ACCOUNT) + prng.int(0, 12),
  ).sort((a, b) => b - a);
  const base = { storefrontId: account.storefrontId, accountId: account.id, quoteId: null, currency };
  for (const [index, age] of ages.entries()) {
    const invoiceDate = addDays(today, -age);
    const year = Number(invoiceDate.slice(0, 4));
    const orderNumber = formatOrderNumber(year, await nextOrderSequence(db, year));
    const lines = linesOf(prng, items, currency);
    const subtotal = round(lines.reduce((sum, line) => sum + line.lineTotal, 0));
    const shipping = round(prng.int(1800, 6500) / 100);
    const tax = round((subtotal + shipping) * taxRate);
    const amount = round(subtotal + shipping + tax);
    const dueDate = addDays(invoiceDate, terms);
    const payments: NewInvoicePayment[] = [];
    // Most invoices past their due date were paid on time; every fifth is still owed (overdue), the
    // eighth of them paid in part.
    const partly = index === 7;
    if (dueDate < today && (index % 5 !== 2 || partly)) {
      const paidOn = addDays(invoiceDate, prng.int(10, terms));
      const method = prng.pick(PAYMENT_METHODS);
      const share = partly ? 0.5 : 1;
      payments.push({
        paidOn,
        method,
        reference: `PMT-${orderNumber.slice(3)}`,
        amount: round(amount * share),
      });
    }
    const paid = round(payments.reduce((sum, payment) => sum + payment.amount, 0));
    await insertInvoice(
      db,
      {
        ...base,
        invoiceNumber: invoiceNumberOf(orderNumber),
        orderNumber,
        poNumber: prng.chance(0.6) ? `PO-${prng.int(10_000, 99_999)}` : null,
        kind: 'Invoice',
        invoiceDate,
        dueDate,
        paymentTerms: netTerms(terms),
        subtotal,
        discount: 0,
        shipping,
        tax,
        amount,
        balance: round(amount - paid),
      },
      lines,
      payments,
    );
  }
  await creditMemos(db, base, items, today, prng);
}

/** Two returns credited: the older one refunded (nothing left), the newer one left as credit on the account. */
async function creditMemos(
  db: CrmDb,
  base: { storefrontId: string; accountId: string; quoteId: null; currency: string },
  items: readonly Item[],
  today: string,
  prng: Prng,
): Promise<void> {
  const round = (amount: number) => roundInCurrency(amount, base.currency);
  for (const age of [200, 45]) {
    const invoiceDate = addDays(today, -age);
    const year = Number(invoiceDate.slice(0, 4));
    const orderNumber = formatOrderNumber(year, await nextOrderSequence(db, year));
    const [line] = linesOf(prng, items, base.currency);
    if (!line) return;
    const credit = { ...line, qty: -1, lineTotal: -line.unitPrice };
    const amount = round(credit.lineTotal);
    await insertInvoice(
      db,
      {
        ...base,
        invoiceNumber: creditMemoNumberOf(orderNumber),
        orderNumber: null,
        poNumber: null,
        kind: 'CreditMemo',
        invoiceDate,
        dueDate: invoiceDate,
        paymentTerms: age > 100 ? 'Refunded' : 'Credit on account',
        subtotal: amount,
        discount: 0,
        shipping: 0,
        tax: 0,
        amount,
        balance: age > 100 ? 0 : amount,
      },
      [credit],
    );
  }
}
