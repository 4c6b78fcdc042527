/** An unsigned JWT with `payload`: enough for code that decodes tokens without verifying them. */
export function fakeJwt(payload: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256', kid: 'test' })}.${part(payload)}.signature`;
}

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

export interface SignedInOptions {
  clientId?: string;
  username?: string;
  access?: Record<string, unknown>;
  id?: Record<string, unknown>;
}

/** The cookie header of a browser Amplify signed in, its names and values percent-encoded as js-cookie does. */
export function amplifyCookies({
  clientId = 'client',
  username = 'ana@example.com',
  access = {},
  id = {},
}: SignedInOptions = {}): string {
  const prefix = `CognitoIdentityServiceProvider.${clientId}`;
  const cookies: [string, string][] = [
    [`${prefix}.LastAuthUser`, username],
    [
      `${prefix}.${username}.accessToken`,
      fakeJwt({ token_use: 'access', client_id: clientId, username, exp: inAnHour(), ...access }),
    ],
    [
      `${prefix}.${username}.idToken`,
      fakeJwt({
        token_use: 'id',
        aud: clientId,
        'cognito:groups': ['AWSManager'],
        'custom:salesforceAccountId': 'acc-1',
        given_name: 'Ana',
        family_name: 'Lima',
        email: username,
        exp: inAnHour(),
        ...id,
      }),
    ],
  ];
  return cookies
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('; ');
}

/** The gateway's answer to getLoginInfo for the user amplifyCookies() signs in by default. */
export const SIGNED_IN_ENVELOPE = {
  statusCode: 200,
  content: {
    userType: 'AWSManager',
    accountId: 'acc-1',
    homeAccountId: 'acc-1',
    shipToAccountId: null,
    accountIds: ['acc-1', 'guest-1'],
    username: 'ana@example.com',
  },
};

/** That envelope as the gateway's response to a GetLoginInfo request. */
export function signedInLoginInfo(): Response {
  return Response.json({ data: { getLoginInfo: JSON.stringify(SIGNED_IN_ENVELOPE) } });
}
