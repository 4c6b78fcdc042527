import { GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { testEngines } from '@storefront/database/testing';
import { decodeJwt } from 'jose';
import * as oidc from 'openid-client';
import { generate, generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HostedBrowser, pkce } from './support/hosted';
import { expectException, PASSWORD, POOL, type ServedIdentity, serveIdentity } from './support/identity';
import { createUser, passwordSignIn } from './support/users';

const REDIRECT = POOL.callbackUrls[0] ?? '';
const SCOPE = 'aws.cognito.signin.user.admin email openid profile';

describe.each(await testEngines())('hosted login on $name', (engine) => {
  let identity: ServedIdentity;
  beforeAll(async () => {
    identity = await serveIdentity(engine);
  });
  afterAll(() => identity.close());

  const authorizeUrl = (params: Record<string, string>) =>
    `${identity.baseUrl}/oauth2/authorize?${new URLSearchParams({
      response_type: 'code',
      client_id: POOL.clientId,
      redirect_uri: REDIRECT,
      scope: SCOPE,
      state: 'state-123',
      code_challenge_method: 'S256',
      ...params,
    })}`;
  const token = (body: Record<string, string>) =>
    fetch(`${identity.baseUrl}/oauth2/token`, {
      method: 'POST',
      body: new URLSearchParams({ client_id: POOL.clientId, ...body }),
    });

  /** Signs in on the hosted page and returns the redirect back to the client. */
  async function signIn(browser: HostedBrowser, username: string, challenge: string): Promise<URL> {
    const page = await (await browser.request(authorizeUrl({ code_challenge: challenge }))).text();
    expect(page).toContain('<h1>Sign in</h1>');
    const answer = await browser.submit(page, { username, password: PASSWORD });
    expect(answer.status).toBe(302);
    return new URL(answer.headers.get('location') ?? '');
  }

  it('signs in with the code flow and PKCE, as openid-client (a certified relying party) checks it', async () => {
    await createUser(identity.database, 'hosted-ann');
    const issuer = new URL(`${identity.baseUrl}/${POOL.poolId}`);
    const config = await oidc.discovery(issuer, POOL.clientId, undefined, oidc.None(), {
      execute: [oidc.allowInsecureRequests],
    });
    const verifier = oidc.randomPKCECodeVerifier();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      scope: SCOPE,
      state: 'state-123',
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const browser = new HostedBrowser();
    const page = await (await browser.request(url.toString())).text();
    const back = await browser.submit(page, { username: 'hosted-ann', password: PASSWORD });
    const callback = new URL(back.headers.get('location') ?? '');
    expect(callback.origin + callback.pathname).toBe(REDIRECT);
    expect(callback.searchParams.get('state')).toBe('state-123');

    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: 'state-123',
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    expect(tokens.claims()).toMatchObject({
      'cognito:username': 'hosted-ann',
      email: 'hosted-ann@example.com',
      nonce,
    });
    expect(decodeJwt(tokens.access_token).scope).toBe(SCOPE);
    expect(
      (await identity.client.send(new GetUserCommand({ AccessToken: tokens.access_token }))).Username,
    ).toBe('hosted-ann');

    const info = await oidc.fetchUserInfo(config, tokens.access_token, tokens.claims()?.sub ?? '');
    expect(info).toMatchObject({
      username: 'hosted-ann',
      email: 'hosted-ann@example.com',
      email_verified: 'true',
    });

    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token ?? '');
    expect(decodeJwt(refreshed.access_token).origin_jti).toBe(decodeJwt(tokens.access_token).origin_jti);
  });

  it('refuses a wrong PKCE verifier, a reused code and another redirect URI', async () => {
    await createUser(identity.database, 'hosted-bob');
    const { verifier, challenge } = pkce();
    const code = (await signIn(new HostedBrowser(), 'hosted-bob', challenge)).searchParams.get('code') ?? '';
    const exchange = (overrides: Record<string, string>) =>
      token({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
        ...overrides,
      });
    const mismatch = await exchange({ code_verifier: pkce().verifier });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toEqual({ error: 'invalid_grant' });
    // The code is spent by the failed attempt too.
    expect(await (await exchange({})).json()).toEqual({ error: 'invalid_grant' });

    const second = pkce();
    const fresh =
      (await signIn(new HostedBrowser(), 'hosted-bob', second.challenge)).searchParams.get('code') ?? '';
    const elsewhere = await token({
      grant_type: 'authorization_code',
      code: fresh,
      redirect_uri: 'http://localhost:5173/other',
      code_verifier: second.verifier,
    });
    expect(await elsewhere.json()).toEqual({ error: 'invalid_grant' });
    expect(await (await token({ grant_type: 'password' })).json()).toEqual({
      error: 'unsupported_grant_type',
    });
  });

  it('expires codes after 5 minutes', async () => {
    await createUser(identity.database, 'hosted-slow');
    const { verifier, challenge } = pkce();
    const code = (await signIn(new HostedBrowser(), 'hosted-slow', challenge)).searchParams.get('code') ?? '';
    identity.clock.advance(5 * 60_000 + 1000);
    const late = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    });
    expect(await late.json()).toEqual({ error: 'invalid_grant' });
  });

  it('never redirects to an address off the allow-list', async () => {
    const { challenge } = pkce();
    for (const redirect_uri of [
      'https://evil.example/',
      'http://localhost:5173',
      'http://localhost:5173/?x=1',
    ]) {
      const response = await new HostedBrowser().request(
        authorizeUrl({ code_challenge: challenge, redirect_uri }),
      );
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
    }
    const unknownClient = await new HostedBrowser().request(
      authorizeUrl({ code_challenge: challenge, client_id: 'nope' }),
    );
    expect(unknownClient.status).toBe(400);

    const plain = await new HostedBrowser().request(
      authorizeUrl({ code_challenge: challenge, code_challenge_method: 'plain' }),
    );
    expect(plain.status).toBe(302);
    const error = new URL(plain.headers.get('location') ?? '');
    expect(error.origin + error.pathname).toBe(REDIRECT);
    expect(error.searchParams.get('error')).toBe('invalid_request');
    const noPkce = await new HostedBrowser().request(authorizeUrl({}));
    expect(new URL(noPkce.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_request');

    const logout = (logout_uri: string) =>
      fetch(`${identity.baseUrl}/logout?${new URLSearchParams({ client_id: POOL.clientId, logout_uri })}`, {
        redirect: 'manual',
      });
    const allowed = await logout(POOL.logoutUrls[0] ?? '');
    expect(allowed.status).toBe(302);
    expect(allowed.headers.get('location')).toBe(POOL.logoutUrls[0]);
    const evil = await logout('https://evil.example/');
    expect(evil.status).toBe(400);
    expect(evil.headers.get('location')).toBeNull();
  });

  it('shows a wrong password on the page, asks for the TOTP code, and refuses a forged form', async () => {
    const secret = generateSecret();
    await createUser(identity.database, 'hosted-totp', { totpSecret: secret });
    const browser = new HostedBrowser();
    const { challenge } = pkce();
    const page = await (await browser.request(authorizeUrl({ code_challenge: challenge }))).text();
    const wrong = await browser.submit(page, { username: 'hosted-totp', password: 'Wr0ng-password!' });
    expect(wrong.status).toBe(400);
    const retry = await wrong.text();
    expect(retry).toContain('Incorrect username or password.');
    const mfa = await (await browser.submit(retry, { username: 'hosted-totp', password: PASSWORD })).text();
    expect(mfa).toContain('Code from your authenticator app');
    const epoch = Math.floor(identity.clock.now().getTime() / 1000);
    const done = await browser.submit(mfa, { code: await generate({ secret, epoch }) });
    expect(done.status).toBe(302);
    expect(new URL(done.headers.get('location') ?? '').searchParams.get('code')).toBeTruthy();

    const forged = await new HostedBrowser().submit(page, { username: 'hosted-totp', password: PASSWORD });
    expect(forged.status).toBe(400);
    expect(forged.headers.get('location')).toBeNull();
  });

  it('answers userInfo only for a valid token', async () => {
    const response = await fetch(`${identity.baseUrl}/oauth2/userInfo`, {
      headers: { authorization: 'Bearer nope' },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('invalid_token');
    await expectException(
      identity.client.send(new GetUserCommand({ AccessToken: 'nope' })),
      'NotAuthorizedException',
    );
  });

  /** The provider's metadata as a relying party reads it. */
  const discover = () =>
    oidc.discovery(new URL(`${identity.baseUrl}/${POOL.poolId}`), POOL.clientId, undefined, oidc.None(), {
      execute: [oidc.allowInsecureRequests],
    });

  it('revokes a refresh token and the access tokens of its session at /oauth2/revoke (RFC 7009)', async () => {
    await createUser(identity.database, 'revoker');
    const tokens = await passwordSignIn(identity.client, 'revoker');
    await oidc.tokenRevocation(await discover(), tokens.RefreshToken);
    await expectException(
      identity.client.send(new GetUserCommand({ AccessToken: tokens.AccessToken })),
      'NotAuthorizedException',
      'Access Token has been revoked',
    );
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: tokens.RefreshToken });
    expect(await refreshed.json()).toEqual({ error: 'invalid_grant' });

    const revoke = (body: Record<string, string>) =>
      fetch(`${identity.baseUrl}/oauth2/revoke`, { method: 'POST', body: new URLSearchParams(body) });
    const unknown = await revoke({ client_id: POOL.clientId, token: 'never-issued' });
    expect(unknown.status).toBe(200);
    const missing = await revoke({ client_id: POOL.clientId });
    expect([missing.status, await missing.json()]).toEqual([400, { error: 'invalid_request' }]);
    const stranger = await revoke({ client_id: 'no-such-client', token: tokens.RefreshToken });
    expect([stranger.status, await stranger.json()]).toEqual([401, { error: 'invalid_client' }]);
  });

  it("signs out with OpenID Connect's post_logout_redirect_uri and id_token_hint, only to a logout URL", async () => {
    await createUser(identity.database, 'leaver');
    const { IdToken } = await passwordSignIn(identity.client, 'leaver');
    const config = await discover();
    const home = POOL.logoutUrls[0] ?? '';
    const visit = (url: URL | string, init: RequestInit = {}) => fetch(url, { ...init, redirect: 'manual' });
    const logoutUrl = (params: Record<string, string>) =>
      `${identity.baseUrl}/logout?${new URLSearchParams(params)}`;

    const back = await visit(
      oidc.buildEndSessionUrl(config, {
        post_logout_redirect_uri: home,
        id_token_hint: IdToken,
        state: 'bye-1',
      }),
    );
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(`${home}?state=bye-1`);
    // The hint alone names the client; a posted form works as a link does.
    const hinted = await visit(logoutUrl({ post_logout_redirect_uri: home, id_token_hint: IdToken }));
    expect(hinted.headers.get('location')).toBe(home);
    const posted = await visit(`${identity.baseUrl}/logout`, {
      method: 'POST',
      body: new URLSearchParams({ post_logout_redirect_uri: home, id_token_hint: IdToken }),
    });
    expect(posted.headers.get('location')).toBe(home);
    const page = await visit(logoutUrl({ id_token_hint: IdToken }));
    expect([page.status, await page.text()]).toEqual([200, expect.stringContaining('You are signed out.')]);

    const [header, payload] = IdToken.split('.');
    const refusals = {
      'The sign-out address is not allowed for this client.': oidc.buildEndSessionUrl(config, {
        post_logout_redirect_uri: 'https://evil.example/',
        id_token_hint: IdToken,
      }),
      'The sign-out request carries an unknown ID token.': logoutUrl({
        post_logout_redirect_uri: home,
        id_token_hint: `${header}.${payload}.forged-signature`,
      }),
      'The ID token was issued to another client.': logoutUrl({
        client_id: 'another-client',
        post_logout_redirect_uri: home,
        id_token_hint: IdToken,
      }),
      'The sign-out request names no known client.': logoutUrl({ post_logout_redirect_uri: home }),
    };
    for (const [message, url] of Object.entries(refusals)) {
      const refused = await visit(url);
      expect(refused.status).toBe(400);
      expect(refused.headers.get('location')).toBeNull();
      expect(await refused.text()).toContain(message);
    }
  });
});
