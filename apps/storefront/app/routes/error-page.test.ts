// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { storefrontLoadContext } from '../lib/load-context';
import { loader } from './error-page';

const context = storefrontLoadContext({
  gatewayFetch: async () => new Response(null, { status: 500 }),
  resolveDomain: async () => null,
  gatewayApiKey: 'key',
  cspNonce: 'nonce',
  overHttps: false,
});

/** The loader's arguments as React Router 8 gives them: the raw request, and the page's own URL. */
function args(requestUrl: string, pageUrl: string) {
  return { request: new Request(requestUrl), url: new URL(pageUrl), params: {}, pattern: '', context };
}

describe('the error pages', () => {
  it('answer the status their address names, for a document and for a navigation in the browser', async () => {
    const document = loader(args('http://shop.example.com/500', 'http://shop.example.com/500'));
    // A client navigation asks for /500.data: the request keeps the suffix, the page URL does not.
    const navigation = loader(
      args('http://shop.example.com/500.data?_routes=routes%2Ferror-page', 'http://shop.example.com/500'),
    );
    for (const answer of [document, navigation]) {
      expect(answer.init?.status).toBe(500);
      expect(answer.data).toEqual({ status: 500 });
    }
  });

  it('answer 404 for a status they do not show', () => {
    expect(loader(args('http://shop.example.com/418', 'http://shop.example.com/418')).init?.status).toBe(404);
  });
});
