// @vitest-environment node
import type { DomainDetails } from '@storefront/contracts/storefront';
import { describe, expect, it } from 'vitest';
import { amplifyCookies, SIGNED_IN_ENVELOPE } from '../testing/tokens';
import { storefrontLoadContext } from './load-context';
import { pageSharingContext } from './page-sharing.server';

const storefront = {
  domain: 'shop.example.com',
  clientId: 'client',
  guestAccountId: 'guest-1',
  storefrontId: 'stf-1',
} as DomainDetails;

const HTML = 'text/html,application/xhtml+xml,*/*;q=0.8';

/** The price context of a request, the gateway answering who its viewer is with `loginInfo`. */
function contextOf(path: string, headers: Record<string, string>, loginInfo: object = SIGNED_IN_ENVELOPE) {
  const context = storefrontLoadContext({
    gatewayFetch: async () => Response.json({ data: { getLoginInfo: JSON.stringify(loginInfo) } }),
    resolveDomain: async () => storefront,
    gatewayApiKey: 'key',
    cspNonce: 'nonce',
    overHttps: false,
    accountPages: { generation: async (accountId) => `gen-of-${accountId}`, changed: async () => {} },
  });
  return pageSharingContext(new Request(`http://shop.example.com${path}`, { headers }), context);
}

describe('pageSharingContext', () => {
  it('gives buyers of one account the same context, whoever they are, and another account another', async () => {
    const ana = await contextOf('/category/c1', { accept: HTML, cookie: amplifyCookies() });
    const bo = await contextOf('/category/c1', {
      accept: HTML,
      cookie: amplifyCookies({ username: 'bo@example.com', id: { given_name: 'Bo' } }),
    });
    expect(ana).not.toBeNull();
    expect(bo).toBe(ana);
    expect(ana).toContain('gen-of-acc-1');
    const other = { ...SIGNED_IN_ENVELOPE, content: { ...SIGNED_IN_ENVELOPE.content, accountId: 'acc-2' } };
    expect(await contextOf('/category/c1', { accept: HTML, cookie: amplifyCookies() }, other)).not.toBe(ana);
  });

  it('gives a returning guest the guests’ context, not a signed-in one', async () => {
    const guest = await contextOf('/', { accept: HTML, cookie: 'sf_guest_cart=abc' });
    expect(guest).toContain('guest-1');
    expect(guest).not.toBe(await contextOf('/', { accept: HTML, cookie: amplifyCookies() }));
  });

  it('gives none for pages that are the viewer’s own, data requests, files, and a signed-in search', async () => {
    const cookie = amplifyCookies();
    for (const [path, accept] of [
      ['/billing/orders', HTML],
      ['/cart', HTML],
      ['/checkout', HTML],
      ['/product/a1/kit?quoteId=q1', HTML],
      ['/category/c1.data', '*/*'],
      ['/product-images/v1/kit.png', 'image/avif,image/webp,*/*'],
      ['/search?searchText=cd4', HTML],
    ] as const)
      expect(await contextOf(path, { accept, cookie }), path).toBeNull();
    // A guest's search is nobody's own.
    expect(
      await contextOf('/search?searchText=cd4', { accept: HTML, cookie: 'sf_guest_cart=abc' }),
    ).not.toBeNull();
  });

  it('gives none when the gateway refuses the viewer’s token: the render sends them to sign in', async () => {
    const refused = { statusCode: 401, content: 'Valid authorization header not provided.' };
    expect(await contextOf('/', { accept: HTML, cookie: amplifyCookies() }, refused)).toBeNull();
  });
});
