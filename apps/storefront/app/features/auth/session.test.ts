import { fetchAuthSession } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, REVOKE_RETRY, refreshSession, revokeRetryDelay, SIGN_OUT_TIMEOUT_MS } from './session';

const clearTokens = vi.hoisted(() => vi.fn(async () => {}));
const loadTokens = vi.hoisted(() => vi.fn());
vi.mock('aws-amplify', () => ({
  Amplify: {
    getConfig: () => ({
      Auth: { Cognito: { userPoolClientId: 'client', userPoolEndpoint: 'http://localhost/identity' } },
    }),
  },
}));
vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn() }));
vi.mock('aws-amplify/auth/cognito', () => ({
  cognitoUserPoolsTokenProvider: {
    tokenOrchestrator: { clearTokens, getTokenStore: () => ({ loadTokens }) },
  },
}));

const serviceError = (name: string, message: string) => Object.assign(new Error(message), { name });
const fetchMock = vi.fn<typeof fetch>();
const unavailable = () =>
  Response.json({ __type: 'InternalErrorException', message: 'busy' }, { status: 500 });

beforeEach(() => {
  vi.clearAllMocks();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => Response.json({}));
  vi.stubGlobal('fetch', fetchMock);
  loadTokens.mockResolvedValue({ accessToken: { payload: { origin_jti: 'jti-1' } }, refreshToken: 'r-1' });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  window.localStorage.setItem('EC_Auth', '{}');
  window.localStorage.setItem('EC_InBehalf', 'acc-2');
  window.localStorage.setItem('EC_Quote_Id', 'q-1');
  window.localStorage.setItem('qreset-q-1', 'true');
  window.localStorage.setItem('storefront-layout', 'grid');
  window.sessionStorage.setItem('anything', '1');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function expectStoredLoginCleared() {
  expect(clearTokens).toHaveBeenCalled();
  expect(window.sessionStorage.length).toBe(0);
  expect(window.localStorage.getItem('EC_Auth')).toBeNull();
  expect(window.localStorage.getItem('EC_InBehalf')).toBeNull();
  // The previous user's cart must not be the next one's: its id and change flags go too.
  expect(window.localStorage.getItem('EC_Quote_Id')).toBeNull();
  expect(window.localStorage.getItem('qreset-q-1')).toBeNull();
  expect(window.localStorage.getItem('storefront-layout')).toBe('grid');
}

describe('clearSession', () => {
  it('revokes the refresh token at the user pool, then drops the tokens and the stored login keys', async () => {
    await clearSession();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('http://localhost/identity');
    expect(new Headers(init?.headers).get('x-amz-target')).toBe(
      'AWSCognitoIdentityProviderService.RevokeToken',
    );
    expect(JSON.parse(String(init?.body))).toEqual({ ClientId: 'client', Token: 'r-1' });
    expectStoredLoginCleared();
  });

  it('retries a revocation the user pool could not answer after 100 ms · 2^n plus jitter, and then succeeds', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    fetchMock.mockImplementationOnce(async () => unavailable());
    fetchMock.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    const clearing = clearSession();
    await vi.advanceTimersByTimeAsync(149);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(249);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await clearing;
    expect(console.warn).not.toHaveBeenCalled();
    expectStoredLoginCleared();
  });

  it('gives the revocation up once the next wait would pass 5 s, and drops the tokens all the same', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    fetchMock.mockImplementation(async () => unavailable());
    const clearing = clearSession();
    // Waits of 150, 250, 450, 850, 1650 and 3250 ms; the next, 6450 ms, is past 5 s.
    await vi.advanceTimersByTimeAsync(150 + 250 + 450 + 850 + 1650 + 3250);
    await clearing;
    expect(fetchMock).toHaveBeenCalledTimes(7);
    expect(console.warn).toHaveBeenCalled();
    expectStoredLoginCleared();
  });

  it('does not retry a refusal', async () => {
    fetchMock.mockImplementation(async () =>
      Response.json(
        { __type: 'NotAuthorizedException', message: 'Access Token has been revoked' },
        { status: 400 },
      ),
    );
    await clearSession();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(console.warn).toHaveBeenCalledWith(expect.any(String), new Error('Access Token has been revoked'));
    expectStoredLoginCleared();
  });

  it("drops the tokens itself when the user pool does not answer within 3 seconds ('Signout timeout fail')", async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    );
    const clearing = clearSession();
    await vi.advanceTimersByTimeAsync(SIGN_OUT_TIMEOUT_MS);
    await clearing;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(console.warn).toHaveBeenCalledWith(expect.any(String), new Error('Signout timeout fail'));
    expectStoredLoginCleared();
  });

  it('has nothing to revoke without a refresh token of a revocable session', async () => {
    loadTokens.mockResolvedValueOnce({ accessToken: { payload: {} }, refreshToken: 'r-1' });
    await clearSession();
    loadTokens.mockRejectedValueOnce(new Error('NoSessionFoundException'));
    await clearSession();
    expect(fetchMock).not.toHaveBeenCalled();
    expectStoredLoginCleared();
  });
});

describe('revokeRetryDelay', () => {
  it('is 100 ms · 2^n plus up to 100 ms, and null past 5 s', () => {
    expect(REVOKE_RETRY).toEqual({ baseMs: 100, jitterMs: 100, maxDelayMs: 5_000 });
    expect(revokeRetryDelay(0, () => 0)).toBe(100);
    expect(revokeRetryDelay(0, () => 0.999)).toBeCloseTo(199.9);
    expect(revokeRetryDelay(5, () => 0.999)).toBeCloseTo(3299.9);
    expect(revokeRetryDelay(6, () => 0)).toBeNull();
  });
});

describe('refreshSession', () => {
  it('answers true when fresh tokens came back', async () => {
    vi.mocked(fetchAuthSession).mockResolvedValueOnce({ tokens: { accessToken: { payload: {} } } });
    await expect(refreshSession()).resolves.toBe(true);
    expect(fetchAuthSession).toHaveBeenCalledWith({ forceRefresh: true });
    expect(clearTokens).not.toHaveBeenCalled();
  });

  it('clears the session when the refresh is refused as not authorised (no tokens come back)', async () => {
    vi.mocked(fetchAuthSession).mockResolvedValueOnce({});
    await expect(refreshSession()).resolves.toBe(false);
    expectStoredLoginCleared();
  });

  it.each([
    ['NotAuthorizedException', 'Refresh Token has been revoked'],
    ['UserNotFoundException', 'User does not exist.'],
    ['NotAuthorizedException', 'User is disabled.'],
    ['PasswordResetRequiredException', 'Password reset required for the user'],
  ])('clears the session on %s: %s', async (name, message) => {
    vi.mocked(fetchAuthSession).mockRejectedValueOnce(serviceError(name, message));
    await expect(refreshSession()).resolves.toBe(false);
    expectStoredLoginCleared();
  });

  it('keeps the session through a network failure', async () => {
    vi.mocked(fetchAuthSession).mockRejectedValueOnce(serviceError('NetworkError', 'Network error'));
    await expect(refreshSession()).rejects.toThrow('Network error');
    expect(clearTokens).not.toHaveBeenCalled();
  });
});
