// @vitest-environment node
import type { DomainDetails } from '@storefront/contracts/storefront';
import { describe, expect, it } from 'vitest';
import { storefrontLoadContext } from '../lib/load-context';
import { amplifyCookies, signedInLoginInfo } from '../testing/tokens';
import { loader as changePasswordLoader } from './change-password';
import { action as loginAction, loader as loginLoader } from './login';

const storefront = {
  domain: 'shop.example.com',
  clientId: 'client',
  clientName: 'oidc-partner',
  guestAccountId: null,
  awsUserPoolId: 'us-east-1_x',
  storefrontId: 'stf-1',
  storefrontName: 'Helix',
  ssoInfo: { logout_uri: 'http://shop.example.com/', identityProvider: 'Okta' },
  theme: { logoUrl: '' },
} as unknown as DomainDetails;

const context = storefrontLoadContext({
  // Only a signed-in page asks the gateway anything here: who the user is.
  gatewayFetch: async (request) =>
    (await request.text()).includes('getLoginInfo')
      ? signedInLoginInfo()
      : new Response(null, { status: 500 }),
  resolveDomain: async () => storefront,
  gatewayApiKey: 'key',
  cspNonce: 'nonce',
  overHttps: false,
});

function args(path: string, cookie?: string) {
  const url = new URL(path, 'http://shop.example.com');
  const request = new Request(url, cookie ? { headers: { cookie } } : {});
  return { request, url, context, params: {}, pattern: '' };
}

async function thrown(promise: Promise<unknown>): Promise<Response> {
  return promise.then(
    () => {
      throw new Error('expected a redirect');
    },
    (error: unknown) => error as Response,
  );
}

describe('/login loader', () => {
  it('opens on an authenticated-only storefront, with the settings sign-in needs', async () => {
    const data = await loginLoader(args('/login?redirect=%2Fbilling%2Faccount'));
    expect(data).toEqual({
      storefrontName: 'Helix',
      logoUrl: '/logo.svg',
      settings: {
        userPoolId: 'us-east-1_x',
        clientId: 'client',
        singleSignOn: true,
        identityProvider: 'Okta',
        customChallenge: false,
        logoutUri: 'http://shop.example.com/',
        storefrontName: 'Helix',
        gatewayApiKey: 'key',
      },
      redirect: '/billing/account',
      expired: false,
      signUp: false,
      hostedLoginReturn: false,
      hasSession: false,
    });
  });

  it('opens on sign-up when a "Create an account" link asks for it', async () => {
    const data = await loginLoader(args('/login?redirect=%2Fcheckout&signUp=1'));
    expect(data).toMatchObject({ redirect: '/checkout', signUp: true });
  });

  it('never returns to another site, however the browser would read the target', async () => {
    for (const target of [
      'https://evil.example',
      '/\t/evil.example/',
      '/\n/evil.example/',
      '/\r/evil.example/',
    ]) {
      const query = new URLSearchParams({ redirect: target });
      expect((await loginLoader(args(`/login?${query}`))).redirect).toBe('/');
    }
  });

  it('notes a session to refresh, an expired one and a hosted-login return', async () => {
    const expiredCookie = amplifyCookies({ access: { exp: 1 } });
    const data = await loginLoader(args('/login?expired=1&code=c&state=s', expiredCookie));
    expect(data).toMatchObject({ expired: true, hostedLoginReturn: true, hasSession: true });
    expect((await loginLoader(args('/login', amplifyCookies()))).hasSession).toBe(true);
  });
});

describe('/login action', () => {
  const post = (body: Record<string, string>) => {
    const request = new Request('http://shop.example.com/login', {
      method: 'POST',
      body: new URLSearchParams(body),
    });
    return { request, url: new URL(request.url), context, params: {}, pattern: '' };
  };

  it("signs out on the header's 'Sign out' form", async () => {
    expect(await loginAction(post({ intent: 'signOut' }))).toEqual({ signOut: true });
  });

  it('refuses any other form with a message', async () => {
    const refused = (await thrown(loginAction(post({ intent: 'other' })))) as unknown as {
      data: unknown;
      init: ResponseInit;
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data).toEqual({ message: 'Unknown sign-in action.' });
  });
});

describe('/changePassword loader', () => {
  it('sends a visitor who is not signed in to sign-in, and back afterwards', async () => {
    const response = await thrown(changePasswordLoader(args('/changePassword')));
    expect(response.headers.get('location')).toBe('/login?redirect=%2FchangePassword');
  });

  it('opens for a signed-in user', async () => {
    const data = await changePasswordLoader(args('/changePassword', amplifyCookies()));
    expect(data.storefrontName).toBe('Helix');
    expect(data.settings.clientId).toBe('client');
  });
});
