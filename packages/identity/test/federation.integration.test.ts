import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { testEngines } from '@storefront/database/testing';
import { decodeJwt } from 'jose';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureIdentityProvider } from '../src/federation/providers';
import { ensureUserPool } from '../src/provisioning';
import { exchangeCode, HostedBrowser, pkce } from './support/hosted';
import { POOL, type ServedIdentity, serveIdentity } from './support/identity';

const REDIRECT = POOL.callbackUrls[0] ?? '';
const OIDC_CLIENT = { ...POOL, clientId: 'oidcclient', clientName: 'oidc-partner-portal' };
const IDP_SECRET = 'idp-client-secret-0123456789';

/** A real OpenID provider (oidc-provider, with its development login pages) on a port of its own. */
async function startOpenIdProvider(redirectUri: string): Promise<{ issuer: string; close(): Promise<void> }> {
  let handler: ReturnType<Provider['callback']> | undefined;
  const server: Server = createServer((req, res) => handler?.(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'storefront-pool',
        client_secret: IDP_SECRET,
        redirect_uris: [redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
      account: ['account'],
    },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({
        sub,
        email: `${sub}@idp.example`,
        email_verified: true,
        given_name: 'Fed',
        family_name: sub,
        account: '001000000000077AAA',
      }),
    }),
    features: { devInteractions: { enabled: true } },
  });
  handler = provider.callback();
  return { issuer, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe.each(await testEngines())('OIDC single sign-on on $name', (engine) => {
  let identity: ServedIdentity;
  let idp: Awaited<ReturnType<typeof startOpenIdProvider>>;
  beforeAll(async () => {
    identity = await serveIdentity(engine);
    idp = await startOpenIdProvider(`${identity.baseUrl}/oauth2/idpresponse`);
    await ensureUserPool(identity.database, OIDC_CLIENT);
    await ensureIdentityProvider(identity.database, {
      poolId: POOL.poolId,
      name: 'LabIdP',
      type: 'OIDC',
      issuer: idp.issuer,
      clientId: 'storefront-pool',
      clientSecret: IDP_SECRET,
      scopes: ['openid', 'email', 'profile', 'account'],
      attributeMapping: {
        email: 'email',
        given_name: 'given_name',
        family_name: 'family_name',
        'custom:salesforceAccountId': 'account',
      },
      groups: ['AWSPortalUser'],
    });
  });
  afterAll(async () => {
    await idp.close();
    await identity.close();
  });

  /** Through our authorize endpoint, the provider's login and consent pages, and back to the client. */
  async function signInAtProvider(login: string): Promise<{ callback: URL; verifier: string }> {
    const browser = new HostedBrowser();
    const { verifier, challenge } = pkce();
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: OIDC_CLIENT.clientId,
      redirect_uri: REDIRECT,
      scope: 'openid email profile aws.cognito.signin.user.admin',
      state: 'client-state',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const backToClient = (location: URL) => location.toString().startsWith(REDIRECT);
    let page = await browser.follow(
      await browser.request(`${identity.baseUrl}/oauth2/authorize?${query}`),
      backToClient,
    );
    page = await browser.follow(
      await browser.submit(await page.text(), { login, password: 'anything' }),
      backToClient,
    );
    page = await browser.follow(await browser.submit(await page.text(), {}), backToClient);
    return { callback: new URL(page.headers.get('location') ?? ''), verifier };
  }

  it('federates a client whose name starts with oidc, creating the user as EXTERNAL_PROVIDER', async () => {
    const { callback, verifier } = await signInAtProvider('fiona');
    expect(callback.searchParams.get('state')).toBe('client-state');
    const tokens = await exchangeCode(
      identity.baseUrl,
      { clientId: OIDC_CLIENT.clientId, redirectUri: REDIRECT, verifier },
      callback,
    );
    expect(decodeJwt(tokens.id_token)).toMatchObject({
      'cognito:username': 'LabIdP_fiona',
      'cognito:groups': ['AWSPortalUser'],
      email: 'fiona@idp.example',
      'custom:salesforceAccountId': '001000000000077AAA',
    });
    const user = await identity.admin.send(
      new AdminGetUserCommand({ UserPoolId: POOL.poolId, Username: 'LabIdP_fiona' }),
    );
    expect(user.UserStatus).toBe('EXTERNAL_PROVIDER');

    // A second sign-in finds the same user.
    const again = await signInAtProvider('fiona');
    expect(again.callback.searchParams.get('code')).toBeTruthy();
  });

  it('refuses a callback whose state it did not issue, and an unknown provider', async () => {
    const forged = await fetch(`${identity.baseUrl}/oauth2/idpresponse?code=abc&state=forged`);
    expect(forged.status).toBe(400);
    const unknown = await fetch(
      `${identity.baseUrl}/oauth2/authorize?${new URLSearchParams({
        response_type: 'code',
        client_id: POOL.clientId,
        redirect_uri: REDIRECT,
        code_challenge: pkce().challenge,
        code_challenge_method: 'S256',
        identity_provider: 'NoSuchIdP',
      })}`,
      { redirect: 'manual' },
    );
    expect(new URL(unknown.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_request');
  });
});
