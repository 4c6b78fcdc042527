import type { CsvExport } from '@storefront/contracts';
import { toCsv } from '../../domain/csv';
import { cartHeaders } from '../../domain/translations';
import { findOwnQuote } from './cart-records';
import { quoteItems } from './quote-view';
import type { Handler } from './types';

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
    fileName: `quote-${quote.id.slice(0, 8)}.csv`,
    contentType: 'text/csv',
    content: toCsv([header, ...rows]),
    rowCount: rows.length,
  };
};
