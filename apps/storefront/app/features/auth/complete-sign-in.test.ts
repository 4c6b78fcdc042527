import { fetchAuthSession, fetchUserAttributes, getCurrentUser } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthSettings } from '../../lib/auth-settings';
import { completeSignIn } from './complete-sign-in';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(),
  fetchUserAttributes: vi.fn(),
  getCurrentUser: vi.fn(),
}));

const settings = { gatewayApiKey: 'key-1' } as AuthSettings;
const fetchMock = vi.fn<typeof fetch>();

/** The gateway's answer to userActivityLog: an envelope with `statusCode`. */
const activityLogAnswer = (statusCode: number) =>
  Response.json({ data: { userActivityLog: JSON.stringify({ statusCode, content: 'Not available yet' }) } });
/** The cart action's answer to 'claim' when there was no guest cart to move. */
const noGuestCart = () =>
  Response.json({ ok: true, intent: 'claim', message: null, quoteId: null, lineCount: 0, cart: null });

/** The activity log answers `statusCode`; the cart action answers 'claim'. */
function answering(statusCode: number) {
  fetchMock.mockImplementation(async (url) =>
    url === '/api/cart' ? noGuestCart() : activityLogAnswer(statusCode),
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  window.localStorage.clear();
  vi.mocked(fetchAuthSession).mockResolvedValue({
    tokens: {
      accessToken: { payload: {}, toString: () => 'access-token' },
      idToken: { payload: { 'cognito:groups': ['AWSPortalUser', 'AWSManager'] }, toString: () => 'id-token' },
    },
  });
  vi.mocked(getCurrentUser).mockResolvedValue({ username: 'ana@example.com', userId: 'sub-1' });
  vi.mocked(fetchUserAttributes).mockResolvedValue({
    email: 'ana@example.com',
    given_name: 'Ana',
    family_name: 'Lima',
    'custom:salesforceAccountId': 'acc-1',
    'custom:salesforceContactId': 'con-1',
    'custom:local': 'de_DE',
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('completeSignIn', () => {
  it('keeps the auth user, its type from the first group, and logs the login through the gateway', async () => {
    answering(200);
    await completeSignIn(settings);
    expect(JSON.parse(window.localStorage.getItem('EC_Auth') ?? 'null')).toEqual({
      username: 'ana@example.com',
      userType: 'AWSPortalUser',
      givenName: 'Ana',
      familyName: 'Lima',
      email: 'ana@example.com',
      accountId: 'acc-1',
      contactId: 'con-1',
      orgId: null,
      locale: 'de-DE',
    });
    const [url, init] = fetchMock.mock.calls.find(([called]) => called === '/graphql') ?? [];
    expect(url).toBe('/graphql');
    expect(init?.headers).toMatchObject({ 'x-api-key': 'key-1', authorization: 'Bearer access-token' });
    const body = JSON.parse(String(init?.body)) as { query: string; variables: { data: string } };
    expect(body.query).toContain('userActivityLog(data: $data)');
    expect(JSON.parse(body.variables.data)).toEqual({
      activity: 'login',
      userType: 'AWSPortalUser',
      accountId: 'acc-1',
      domain: window.location.hostname,
    });
  });

  it('goes on, with a warning, when the activity log fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    answering(500);
    await expect(completeSignIn(settings)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalled();
  });

  it("asks the storefront to make the cart made as a guest the account's", async () => {
    answering(200);
    await completeSignIn(settings);
    const claim = fetchMock.mock.calls.find(([url]) => url === '/api/cart');
    const init = claim?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBeInstanceOf(FormData);
    expect((init?.body as FormData | undefined)?.get('intent')).toBe('claim');
  });

  it('goes on, with a warning, when the guest cart cannot be moved', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockImplementation(async (url) =>
      url === '/api/cart' ? Promise.reject(new TypeError('Failed to fetch')) : activityLogAnswer(200),
    );
    await expect(completeSignIn(settings)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('The guest cart was not moved to the account:', expect.any(TypeError));
  });

  it("fails with 'Failed to get the session because the user is empty' without tokens", async () => {
    vi.mocked(fetchAuthSession).mockResolvedValueOnce({});
    await expect(completeSignIn(settings)).rejects.toThrow(
      'Failed to get the session because the user is empty',
    );
  });

  it('defaults the locale to en-US and the user type to none', async () => {
    answering(200);
    vi.mocked(fetchUserAttributes).mockResolvedValueOnce({ email: 'ana@example.com' });
    vi.mocked(fetchAuthSession).mockResolvedValueOnce({
      tokens: { accessToken: { payload: {}, toString: () => 'access-token' } },
    });
    await completeSignIn(settings);
    expect(JSON.parse(window.localStorage.getItem('EC_Auth') ?? 'null')).toMatchObject({
      userType: null,
      locale: 'en-US',
    });
  });
});
