import { csvDownload } from '../../lib/downloads.server';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/invoices-export';
import { exportInvoices } from './invoices.server';
import { readInvoiceQuery } from './query';

/** The filtered, sorted invoice list as CSV: the list's own query string, every page of it. */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  const { query, problems } = readInvoiceQuery(session.url.searchParams);
  return csvDownload(problems, () => exportInvoices(session, query));
}
