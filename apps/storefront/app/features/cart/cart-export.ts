import { GatewayCallError } from '../../lib/gateway';
import { requireSession } from '../../lib/storefront.server';
import type { Route } from './+types/cart-export';
import { exportCart } from './cart.server';

/** The quote's lines as a CSV download (exportToCSV); a quote of another account answers its refusal. */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const quoteId = session.url.searchParams.get('quoteId');
  if (!quoteId) return new Response('quoteId: name the quote to export.', { status: 400 });
  try {
    const file = await exportCart(session, quoteId);
    const content = new TextEncoder().encode(file.content);
    return new Response(content, {
      headers: {
        'content-type': `${file.contentType}; charset=utf-8`,
        'content-disposition': `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`,
        'content-length': String(content.byteLength),
        'cache-control': 'private, no-store',
      },
    });
  } catch (error) {
    if (error instanceof GatewayCallError) return new Response(error.message, { status: error.status });
    throw error;
  }
}
