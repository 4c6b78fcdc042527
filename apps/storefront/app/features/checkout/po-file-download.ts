import { crmCall } from '../../lib/crm.server';
import { fileResponse, orRefusal } from '../../lib/downloads.server';
import { requireSession } from '../../lib/storefront.server';
import type { Route } from './+types/po-file-download';

/**
 * A quote's PO file (getFileContent): only to the quote's account, a guest only with their cart's secret;
 * anyone else gets the CRM's refusal. Always a download, its type the one the CRM found in the content.
 */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const scope = { storefrontId: session.storefront.storefrontId, accountId: session.viewer.accountId };
  return orRefusal(async () => {
    const file = await crmCall(session, 'getFileContent', { ...scope, contentVersionId: args.params.cvId });
    return fileResponse(file);
  });
}
