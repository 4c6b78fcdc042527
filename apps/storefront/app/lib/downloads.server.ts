import type { CsvExport } from '@storefront/contracts/crm-cart-records';
import { type FileContent, isShownAsImage } from '@storefront/contracts/crm-purchase-orders';
import { attachmentDisposition } from '../features/checkout/content-disposition';
import { GatewayCallError } from './gateway';

/** Nothing in a download runs, should it be opened from here. */
const DOWNLOAD_POLICY = "default-src 'none'; sandbox";
/**
 * A file shown in the browser draws but runs none of its own script. The browser's image and PDF viewers lay
 * out their page with inline styles, and Chrome refuses its PDF viewer in a sandbox, so neither is set here.
 */
const SHOWN_POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";

/**
 * A file the CRM served to its own account: the type is the CRM's, the browser may not guess another
 * (nosniff), and nothing keeps a copy. `shown` files open in the browser; the others are downloads.
 */
export function attachmentResponse(
  content: Uint8Array,
  fileName: string,
  contentType: string,
  shown = false,
): Response {
  return new Response(new Uint8Array(content), {
    headers: {
      'content-type': contentType,
      'content-disposition': attachmentDisposition(fileName, shown ? 'inline' : 'attachment'),
      'content-length': String(content.byteLength),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': shown ? SHOWN_POLICY : DOWNLOAD_POLICY,
    },
  });
}

/**
 * A stored attachment (PO file, a request's, a case's or an article's file) as the CRM answers it: shown in
 * the browser when spec C§5 shows its kind as an image (the CRM checked the content against its type), else a
 * download.
 */
export function fileResponse(file: FileContent): Response {
  const content = Buffer.from(file.content, 'base64');
  return attachmentResponse(content, file.fileName, file.contentType, isShownAsImage(file.fileName));
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

/**
 * A list's CSV (the invoices', the orders'), every page of it, read with the list's own query string: a field
 * the list refused is a 400 naming it, a refusal of the CRM its status and text.
 */
export async function csvDownload(
  problems: Partial<Record<string, string>>,
  load: () => Promise<CsvExport>,
): Promise<Response> {
  const problem = Object.entries(problems)[0];
  if (problem) return new Response(`${problem[0]}: ${problem[1]}`, { status: 400 });
  return orRefusal(async () => {
    const file = await load();
    return attachmentResponse(
      new TextEncoder().encode(file.content),
      file.fileName,
      'text/csv; charset=utf-8',
    );
  });
}
