import { drawProductImage } from '@storefront/contracts/product-image-drawing';
import { parseProductImage } from '@storefront/contracts/product-images';
import type { Route } from './+types/product-image';

/**
 * A generated product picture. The URL names the picture completely (and its version), so it is cached for
 * good; anything we do not draw is a 404. Opened on its own, the SVG is a document: its policy lets it
 * run no script and load nothing, only its own inline styles.
 */
export function loader({ url }: Route.LoaderArgs) {
  const image = parseProductImage(url.href);
  if (!image)
    return new Response('No such product picture.', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  return new Response(drawProductImage(image), {
    headers: {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
    },
  });
}
