import { attachmentResponse, orRefusal } from '../../lib/downloads.server';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/invoices-export';
import { exportInvoices } from './invoices.server';
import { readInvoiceQuery } from './query';

/** The filtered, sorted invoice list as CSV: the list's own query string, every page of it. */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  const { query, problems } = readInvoiceQuery(session.url.searchParams);
  const problem = Object.entries(problems)[0];
  if (problem) return new Response(`${problem[0]}: ${problem[1]}`, { status: 400 });
  return orRefusal(async () => {
    const file = await exportInvoices(session, query);
    return attachmentResponse(
      new TextEncoder().encode(file.content),
      file.fileName,
      'text/csv; charset=utf-8',
    );
  });
}
