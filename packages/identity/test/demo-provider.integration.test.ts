import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { testEngines } from '@storefront/database/testing';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoFederation } from '../src/demo-provider/provisioning';
import { ensureUserPool } from '../src/provisioning';
import { exchangeCode, HostedBrowser, pkce } from './support/hosted';
import { POOL, type ServedIdentity, serveIdentity } from './support/identity';

const REDIRECT = POOL.callbackUrls[0] ?? '';
const CLIENTS = {
  OIDC: { ...POOL, clientId: 'demooidcclient', clientName: 'oidc-demo-storefront' },
  SAML: { ...POOL, clientId: 'demosamlclient', clientName: 'saml-demo-storefront' },
};
const ACCOUNT = '001000000000099AAA';

describe.each(await testEngines())('the demo identity provider on $name', (engine) => {
  let identity: ServedIdentity;
  beforeAll(async () => {
    identity = await serveIdentity(engine, { demoProvider: true });
    for (const type of ['OIDC', 'SAML'] as const) {
      await ensureUserPool(identity.database, CLIENTS[type]);
      await ensureDemoFederation(identity.database, {
        poolId: POOL.poolId,
        type,
        issuerBase: identity.baseUrl,
        groups: ['AWSPortalUser'],
        attributes: { 'custom:salesforceAccountId': ACCOUNT },
      });
    }
  });
  afterAll(() => identity.close());

  /**
   * A new person at the storefront's hosted login: on to the demo provider, its form, back (through the
   * SAML post page, which a browser submits) to the client with a code, traded for tokens.
   */
  async function signInThroughProvider(type: 'OIDC' | 'SAML', person: Record<string, string>) {
    const browser = new HostedBrowser();
    const { verifier, challenge } = pkce();
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: CLIENTS[type].clientId,
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
    const form = await page.text();
    expect(form).toContain('BioNova demo identity provider');
    page = await browser.follow(await browser.submit(form, person), backToClient);
    if (type === 'SAML') {
      const post = await page.text();
      expect(post).toContain(`action="${identity.baseUrl}/saml2/idpresponse"`);
      page = await browser.follow(await browser.submit(post, {}), backToClient);
    }
    expect(page.status).toBe(302);
    const callback = new URL(page.headers.get('location') ?? '');
    expect(callback.searchParams.get('state')).toBe('client-state');
    const tokens = await exchangeCode(
      identity.baseUrl,
      { clientId: CLIENTS[type].clientId, redirectUri: REDIRECT, verifier },
      callback,
    );
    return decodeJwt(tokens.id_token);
  }

  const person = (email: string) => ({ email, given_name: 'Nadia', family_name: 'Farouk' });

  it.each(['OIDC', 'SAML'] as const)(
    'signs a new user in over %s, then the same user again',
    async (type) => {
      const email = `nadia.${type.toLowerCase()}@aurora.example`;
      const claims = await signInThroughProvider(type, person(email));
      expect(claims).toMatchObject({
        email,
        given_name: 'Nadia',
        family_name: 'Farouk',
        'cognito:groups': ['AWSPortalUser'],
        'custom:salesforceAccountId': ACCOUNT,
      });
      const username = String(claims['cognito:username']);
      expect(username).toMatch(new RegExp(`^Demo${type}_[0-9a-f]{32}$`));
      const user = await identity.admin.send(
        new AdminGetUserCommand({ UserPoolId: POOL.poolId, Username: username }),
      );
      expect(user.UserStatus).toBe('EXTERNAL_PROVIDER');

      const again = await signInThroughProvider(type, person(email.toUpperCase()));
      expect(again['cognito:username']).toBe(username);
      const other = await signInThroughProvider(type, person(`other.${email}`));
      expect(other['cognito:username']).not.toBe(username);
    },
  );

  it('asks again for a person it cannot use', async () => {
    const browser = new HostedBrowser();
    const { challenge } = pkce();
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: CLIENTS.OIDC.clientId,
      redirect_uri: REDIRECT,
      state: 's',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const form = await (
      await browser.follow(await browser.request(`${identity.baseUrl}/oauth2/authorize?${query}`))
    ).text();
    const answer = await browser.submit(form, { email: 'not an address', given_name: 'A', family_name: 'B' });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('Enter an email address such as jane@lab.example.');
  });

  it('serves only this service’s pools, and redeems a code once, with its verifier', async () => {
    const issuer = `${identity.baseUrl}/demo-idp/oidc`;
    const { verifier, challenge } = pkce();
    const authorize = (redirectUri: string) =>
      `${issuer}/authorize?${new URLSearchParams({
        response_type: 'code',
        client_id: 'bionova-user-pools',
        redirect_uri: redirectUri,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      })}`;
    const elsewhere = await fetch(authorize('https://attacker.example/callback'));
    expect(elsewhere.status).toBe(400);

    const browser = new HostedBrowser();
    const form = await (await browser.request(authorize(`${identity.baseUrl}/oauth2/idpresponse`))).text();
    const back = await browser.submit(form, person('once@aurora.example'));
    const code = new URL(back.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const redeem = (codeVerifier: string) =>
      fetch(`${issuer}/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: 'bionova-user-pools',
          code,
          redirect_uri: `${identity.baseUrl}/oauth2/idpresponse`,
          code_verifier: codeVerifier,
        }),
      });
    expect(await (await redeem(pkce().verifier)).json()).toEqual({ error: 'invalid_grant' });
    // The wrong verifier spent the code.
    expect(await (await redeem(verifier)).json()).toEqual({ error: 'invalid_grant' });
  });
});
