import type { CsvExport } from '@storefront/contracts';
import { toCsv } from '../../core/csv';
import type { Handler } from '../../core/handler';
import { slugify } from '../../core/slug';
import { cartHeaders } from '../../storefronts';
import { findOwnQuote } from './cart-records';
import { quoteItems } from './quote-view';

/**
 * The quote's lines as CSV with the prices the CRM computed, headed with the cart's en-US column labels;
 * only the owner's quote (403 otherwise), a guest's only with its secret.
 */
export const exportToCSV: Handler<'exportToCSV'> = async (ctx, payload): Promise<CsvExport> => {
  const quote = await findOwnQuote(ctx, payload, payload.quoteId);
  const { lines } = await quoteItems(ctx, quote.id);
  const label = cartHeaders('en-US');
  const priced = (column: string) => `${column} (${quote.currency})`;
  const header = [
    label.sku,
    label.name,
    label.unit,
    label.qty,
    priced(label.unitPrice),
    priced(label.lineTotal),
    priced(label.promoDiscount),
  ];
  const rows = lines.map((line) => [
    line.sku,
    line.name,
    line.unit,
    line.qty,
    line.unitPrice,
    line.lineTotal,
    line.promoDiscount,
  ]);
  return {
    fileName: csvFileName(quote.name, quote.modifiedAt),
    contentType: 'text/csv',
    content: toCsv([header, ...rows]),
    rowCount: rows.length,
  };
};

/**
 * What a buyer recognises in their downloads: the cart's own name (or 'cart') and when it last changed,
 * 'cart-2026-11-22-1432.csv', rather than an internal id.
 */
export function csvFileName(name: string | null, modifiedAt: Date): string {
  const stamp = modifiedAt.toISOString().slice(0, 16).replace('T', '-').replace(':', '');
  return `${(name && slugify(name).slice(0, 60)) || 'cart'}-${stamp}.csv`;
}
