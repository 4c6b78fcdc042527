import { attachmentResponse, orRefusal } from '../../lib/downloads.server';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/invoice-pdf';
import { invoicePdf } from './invoices.server';

/** An invoice's PDF: only to the invoice's account (another's gets the CRM's refusal), as an attachment. */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  const invoiceId = session.url.searchParams.get('invoiceId')?.trim();
  if (!invoiceId) return new Response('invoiceId: name the invoice.', { status: 400 });
  return orRefusal(async () => {
    const file = await invoicePdf(session, invoiceId);
    return attachmentResponse(Buffer.from(file.content, 'base64'), file.fileName, file.contentType);
  });
}
