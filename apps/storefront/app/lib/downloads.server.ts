import type { FileContent } from '@storefront/contracts/crm-purchase-orders';
import { attachmentDisposition } from '../features/checkout/content-disposition';
import { GatewayCallError } from './gateway';

/**
 * A file the CRM served to its own account, sent as a download: the type is the CRM's, the browser may not
 * guess another (nosniff), a sandbox policy keeps anything in it from running should it be opened from
 * here, and nothing keeps a copy.
 */
export function attachmentResponse(content: Uint8Array, fileName: string, contentType: string): Response {
  return new Response(new Uint8Array(content), {
    headers: {
      'content-type': contentType,
      'content-disposition': attachmentDisposition(fileName),
      'content-length': String(content.byteLength),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
}

/** A stored file (PO file, request or case attachment) as the CRM answers it, as a download. */
export function fileResponse(file: FileContent): Response {
  return attachmentResponse(Buffer.from(file.content, 'base64'), file.fileName, file.contentType);
}

/** A download the CRM or the gateway refused: its status and the text a person reads, nothing else. */
export async function orRefusal(download: () => Promise<Response>): Promise<Response> {
  try {
    return await download();
  } catch (error) {
    if (!(error instanceof GatewayCallError)) throw error;
    return new Response(error.message, {
      status: error.status,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'private, no-store' },
    });
  }
}
