import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '../../testing/tokens';
import { finishHostedLogin, HOSTED_LOGIN_WAIT_MS, hostedLoginUrl, hostedLogoutUrl } from './hosted-login';

const setTokens = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('aws-amplify/auth/cognito', () => ({
  cognitoUserPoolsTokenProvider: { tokenOrchestrator: { setTokens } },
}));

// Not annotated: a settings field added later needs no change here, as long as the values below satisfy it.
const settings = {
  userPoolId: 'us-east-1_Sso01',
  clientId: 'client',
  singleSignOn: true,
  identityProvider: 'AcmeOkta',
  customChallenge: false,
  logoutUri: 'http://localhost:3000/',
  storefrontName: 'BioNova',
  gatewayApiKey: 'key',
};

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  window.sessionStorage.clear();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  setTokens.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function sha256Base64Url(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Buffer.from(digest).toString('base64url');
}

/** Starts a hosted login and answers its authorize query and the stored verifier. */
async function start(redirect = '/billing/account') {
  const url = new URL(await hostedLoginUrl(settings, redirect), window.location.origin);
  const pending = JSON.parse(window.sessionStorage.getItem('EC_HostedLogin') ?? '{}') as { verifier: string };
  return { url, query: url.searchParams, verifier: pending.verifier };
}

const callback = (query: string) => new URL(`/login?${query}`, window.location.origin);

describe('hostedLoginUrl', () => {
  it('points at the authorize endpoint of /identity with PKCE S256 and a 32-character state', async () => {
    const { url, query, verifier } = await start();
    expect(url.pathname).toBe('/identity/oauth2/authorize');
    expect(Object.fromEntries(query)).toMatchObject({
      response_type: 'code',
      client_id: 'client',
      redirect_uri: `${window.location.origin}/`,
      scope: 'aws.cognito.signin.user.admin email openid profile',
      code_challenge_method: 'S256',
      identity_provider: 'AcmeOkta',
    });
    expect(query.get('state')).toMatch(/^[\w-]{32}$/);
    expect(verifier).toMatch(/^[\w-]{128}$/);
    expect(query.get('code_challenge')).toBe(await sha256Base64Url(verifier));
  });

  it('draws a new state and verifier each time', async () => {
    const first = await start();
    const second = await start();
    expect(first.query.get('state')).not.toBe(second.query.get('state'));
    expect(first.verifier).not.toBe(second.verifier);
  });
});

describe('finishHostedLogin', () => {
  const access = fakeJwt({ token_use: 'access', username: 'sso-user', client_id: 'client' });

  it('exchanges the code with the verifier, stores the tokens and answers the saved page', async () => {
    const { query, verifier } = await start('/cart');
    fetchMock.mockResolvedValueOnce(
      Response.json({ access_token: access, id_token: fakeJwt({ token_use: 'id' }), refresh_token: 'r-1' }),
    );
    const back = await finishHostedLogin(settings, callback(`code=c-1&state=${query.get('state')}`));
    expect(back).toBe('/cart');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/identity/oauth2/token');
    expect(Object.fromEntries(new URLSearchParams(String(init?.body)))).toEqual({
      grant_type: 'authorization_code',
      client_id: 'client',
      redirect_uri: `${window.location.origin}/`,
      code: 'c-1',
      code_verifier: verifier,
    });
    expect(setTokens).toHaveBeenCalledWith({
      tokens: expect.objectContaining({ refreshToken: 'r-1', clockDrift: 0, username: 'sso-user' }),
    });
  });

  it("refuses a state that does not match: 'Invalid state in OAuth flow'", async () => {
    await start();
    await expect(finishHostedLogin(settings, callback('code=c-2&state=forged'))).rejects.toThrow(
      'Invalid state in OAuth flow',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('handles a return URL once; the state cannot be used twice either', async () => {
    const { query } = await start();
    fetchMock.mockResolvedValue(Response.json({ access_token: access }));
    const url = callback(`code=c-3&state=${query.get('state')}`);
    await finishHostedLogin(settings, url);
    await expect(finishHostedLogin(settings, url)).resolves.toBeNull();
    await expect(
      finishHostedLogin(settings, callback(`code=c-4&state=${query.get('state')}`)),
    ).rejects.toThrow('Invalid state in OAuth flow');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("waits 10 s for the identity service's answer, then gives up with 'Network Error'", async () => {
    vi.useFakeTimers();
    try {
      const { query } = await start();
      let signal: AbortSignal | undefined;
      fetchMock.mockImplementationOnce(
        (_url, init) =>
          new Promise((_resolve, reject) => {
            signal = init?.signal ?? undefined;
            signal?.addEventListener('abort', () => reject(signal?.reason));
          }),
      );
      const finishing = finishHostedLogin(settings, callback(`code=c-6&state=${query.get('state')}`));
      const outcome = finishing.then(
        () => 'signed in',
        (error: Error) => error.message,
      );
      await vi.advanceTimersByTimeAsync(HOSTED_LOGIN_WAIT_MS - 1);
      expect(signal?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(signal?.aborted).toBe(true);
      expect(await outcome).toBe('Network Error');
      expect(HOSTED_LOGIN_WAIT_MS).toBe(10_000);
      expect(setTokens).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it("reports the provider's error and a refused exchange", async () => {
    const first = await start();
    await expect(
      finishHostedLogin(settings, callback(`error=access_denied&state=${first.query.get('state')}&code=x`)),
    ).rejects.toThrow('access_denied');
    const second = await start();
    fetchMock.mockResolvedValueOnce(Response.json({ error: 'invalid_grant' }, { status: 400 }));
    await expect(
      finishHostedLogin(settings, callback(`code=c-5&state=${second.query.get('state')}`)),
    ).rejects.toThrow('invalid_grant');
    expect(setTokens).not.toHaveBeenCalled();
  });
});

describe('hostedLogoutUrl', () => {
  it('goes through the hosted logout for single sign-on only', () => {
    expect(hostedLogoutUrl(settings)).toBe(
      '/identity/logout?client_id=client&logout_uri=http%3A%2F%2Flocalhost%3A3000%2F',
    );
    expect(hostedLogoutUrl({ ...settings, singleSignOn: false })).toBeNull();
    expect(hostedLogoutUrl({ ...settings, logoutUri: null })).toBeNull();
  });
});
