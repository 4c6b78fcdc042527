import { invoiceFilters, invoicePaging, rangeInOrder } from '@storefront/contracts/crm-invoices';
import { z } from 'zod';
import { type QueryProblems, readListQuery } from '../../lib/list-query';

/** The list's query string: filters, sort and page, as getInvoices takes them. */
const listQuery = rangeInOrder(z.object({ ...invoiceFilters, ...invoicePaging }));
export type InvoiceQuery = z.output<typeof listQuery>;
export const INVOICE_QUERY_NAMES = ['status', 'from', 'to', 'sort', 'direction', 'page', 'pageSize'] as const;
export type InvoiceQueryName = (typeof INVOICE_QUERY_NAMES)[number];

/** The query string read as getInvoices' filters; a refused field is left out and named with its problem. */
export function readInvoiceQuery(params: URLSearchParams): {
  query: InvoiceQuery;
  problems: QueryProblems<InvoiceQueryName>;
} {
  return readListQuery(listQuery, INVOICE_QUERY_NAMES, params);
}
