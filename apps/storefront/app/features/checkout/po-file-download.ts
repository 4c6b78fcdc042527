import { crmCall } from '../../lib/crm.server';
import { GatewayCallError } from '../../lib/gateway';
import { requireSession } from '../../lib/storefront.server';
import type { Route } from './+types/po-file-download';
import { attachmentDisposition } from './content-disposition';

/**
 * A quote's PO file (getFileContent): only to the quote's account, a guest only with their cart's secret;
 * anyone else gets the CRM's refusal. Always a download: the type is the one the CRM found in the content,
 * the browser may not guess another (nosniff), and a sandbox policy keeps an SVG's script from running
 * should it ever be opened from here.
 */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const scope = { storefrontId: session.storefront.storefrontId, accountId: session.viewer.accountId };
  try {
    const file = await crmCall(session, 'getFileContent', { ...scope, contentVersionId: args.params.cvId });
    const content = Buffer.from(file.content, 'base64');
    return new Response(new Uint8Array(content), {
      headers: {
        'content-type': file.contentType,
        'content-disposition': attachmentDisposition(file.fileName),
        'content-length': String(content.byteLength),
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
      },
    });
  } catch (error) {
    if (!(error instanceof GatewayCallError)) throw error;
    return new Response(error.message, {
      status: error.status,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'private, no-store' },
    });
  }
}
