import { productDetail } from '../../lib/catalogue.server';
import { requireSession } from '../../lib/storefront.server';
import type { Route } from './+types/product-document';
import { documentFileName, parseDocumentFile } from './documents';

const notFound = (what: string) =>
  new Response(`${what} was not found in your catalogue.`, {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'private, no-store' },
  });

/**
 * A product's datasheet, SDS or a lot's certificate of analysis, made from the product as the viewer's
 * catalogue has it: a product the catalogue lacks, or a lot the product does not have, is a 404.
 */
export async function loader(args: Route.LoaderArgs) {
  const file = parseDocumentFile(args.params.file);
  if (!file) return notFound('This document');
  const session = await requireSession(args);
  const { item } = await productDetail(session, { slug: args.params.slug });
  if (!item) return notFound('This product');
  const lot = file.lotNumber
    ? item.lots.find((candidate) => candidate.lotNumber === file.lotNumber)
    : undefined;
  if (file.kind === 'coa' && !lot) return notFound(`Lot ${file.lotNumber} of ${item.sku}`);
  // The renderer and pdf-lib load on the first document (docs/decisions/0047).
  const { renderProductDocument } = await import('./render-document.server');
  const pdf = await renderProductDocument(item, file.kind, {
    brand: session.storefront.storefrontName,
    ...(lot ? { lot } : {}),
  });
  return new Response(new Blob([pdf as Uint8Array<ArrayBuffer>]), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${documentFileName(item.sku, file.kind, lot?.lotNumber)}"`,
      'content-length': String(pdf.byteLength),
      'cache-control': 'private, max-age=300',
      'x-content-type-options': 'nosniff',
    },
  });
}
