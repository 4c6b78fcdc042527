import { accountScope, crmCall } from '../../lib/crm.server';
import { fileResponse, orRefusal } from '../../lib/downloads.server';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/attachment-download';

/** An attachment of one of the account's requests or cases, always as a download (like the PO file). */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  return orRefusal(async () => {
    const file = await crmCall(session, 'getAttachmentContent', {
      ...accountScope(session),
      attachmentId: args.params.attachmentId,
    });
    return fileResponse(file);
  });
}
