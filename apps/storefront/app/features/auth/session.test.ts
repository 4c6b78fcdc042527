import { fetchAuthSession, signOut } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, refreshSession, SIGN_OUT_TIMEOUT_MS } from './session';

const clearTokens = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn(async () => {}) }));
vi.mock('aws-amplify/auth/cognito', () => ({
  cognitoUserPoolsTokenProvider: { tokenOrchestrator: { clearTokens } },
}));

const serviceError = (name: string, message: string) => Object.assign(new Error(message), { name });

beforeEach(() => {
  vi.clearAllMocks();
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
  window.localStorage.clear();
});

function expectStoredLoginCleared() {
  expect(window.sessionStorage.length).toBe(0);
  expect(window.localStorage.getItem('EC_Auth')).toBeNull();
  expect(window.localStorage.getItem('EC_InBehalf')).toBeNull();
  // The previous user's cart must not be the next one's: its id and change flags go too.
  expect(window.localStorage.getItem('EC_Quote_Id')).toBeNull();
  expect(window.localStorage.getItem('qreset-q-1')).toBeNull();
  expect(window.localStorage.getItem('storefront-layout')).toBe('grid');
}

describe('clearSession', () => {
  it('signs out, then clears session storage and the stored login keys', async () => {
    await clearSession();
    expect(signOut).toHaveBeenCalled();
    expect(clearTokens).not.toHaveBeenCalled();
    expectStoredLoginCleared();
  });

  it("drops the tokens itself when sign-out does not answer within 3 seconds ('Signout timeout fail')", async () => {
    vi.useFakeTimers();
    vi.mocked(signOut).mockReturnValueOnce(new Promise(() => {}));
    const clearing = clearSession();
    await vi.advanceTimersByTimeAsync(SIGN_OUT_TIMEOUT_MS);
    await clearing;
    expect(console.warn).toHaveBeenCalledWith(expect.any(String), new Error('Signout timeout fail'));
    expect(clearTokens).toHaveBeenCalled();
    expectStoredLoginCleared();
  });
});

describe('refreshSession', () => {
  it('answers true when fresh tokens came back', async () => {
    vi.mocked(fetchAuthSession).mockResolvedValueOnce({ tokens: { accessToken: { payload: {} } } });
    await expect(refreshSession()).resolves.toBe(true);
    expect(fetchAuthSession).toHaveBeenCalledWith({ forceRefresh: true });
    expect(signOut).not.toHaveBeenCalled();
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
    expect(signOut).toHaveBeenCalled();
  });

  it('keeps the session through a network failure', async () => {
    vi.mocked(fetchAuthSession).mockRejectedValueOnce(serviceError('NetworkError', 'Network error'));
    await expect(refreshSession()).rejects.toThrow('Network error');
    expect(signOut).not.toHaveBeenCalled();
  });
});
