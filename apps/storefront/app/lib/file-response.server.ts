import type { FileContent } from '@storefront/contracts/crm-purchase-orders';
import { attachmentDisposition } from '../features/checkout/content-disposition';
import type { GatewayCallError } from './gateway';

/**
 * A stored file (PO file, request or case attachment) as a download: the type is the one the CRM found in
 * the content, the browser may not guess another (nosniff), and a sandbox policy keeps an SVG's script from
 * running should it ever be opened from here.
 */
export function fileResponse(file: FileContent): Response {
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
}

/** The CRM's refusal of a download (403 another account's, 404 none) as plain text. */
export function refusalResponse(error: GatewayCallError): Response {
  return new Response(error.message, {
    status: error.status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'private, no-store' },
  });
}
