import { invoiceFilters, invoicePaging, rangeInOrder } from '@storefront/contracts/crm-invoices';
import { z } from 'zod';

/** The list's query string: filters, sort and page, as getInvoices takes them. */
const listQuery = rangeInOrder(z.object({ ...invoiceFilters, ...invoicePaging }));
export type InvoiceQuery = z.output<typeof listQuery>;
export const INVOICE_QUERY_NAMES = ['status', 'from', 'to', 'sort', 'direction', 'page', 'pageSize'] as const;
type QueryName = (typeof INVOICE_QUERY_NAMES)[number];

/** Problems of the query string, by field, as the page shows them beside the field. */
export type QueryProblems = Partial<Record<QueryName, string>>;

function sentence(problem: string): string {
  return `${problem.charAt(0).toUpperCase()}${problem.slice(1)}.`;
}

/**
 * The query string read as getInvoices' filters. A field it refuses is named with its problem and left out,
 * so the list still shows (unfiltered by it) and the buyer sees what to fix beside the field.
 */
export function readInvoiceQuery(params: URLSearchParams): { query: InvoiceQuery; problems: QueryProblems } {
  const raw: Partial<Record<QueryName, string>> = {};
  for (const name of INVOICE_QUERY_NAMES) {
    const value = params.get(name)?.trim();
    if (value) raw[name] = value;
  }
  const problems: QueryProblems = {};
  for (;;) {
    const parsed = listQuery.safeParse(raw);
    if (parsed.success) return { query: parsed.data, problems };
    for (const issue of parsed.error.issues) {
      const name = issue.path[0] as QueryName;
      problems[name] ??= sentence(issue.message);
      delete raw[name];
    }
  }
}
