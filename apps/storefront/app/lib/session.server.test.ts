// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { amplifyCookies, fakeJwt } from '../testing/tokens';
import { readSession } from './session.server';

const request = (cookie?: string) =>
  new Request('http://shop.example.com/', cookie ? { headers: { cookie } } : {});

describe('readSession', () => {
  it("reads the signed-in user from the Amplify cookies of the storefront's client", () => {
    const session = readSession(request(`theme=dark; ${amplifyCookies()}`), 'client');
    expect(session).toEqual({
      signedIn: true,
      accessToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.signature$/),
      username: 'ana@example.com',
      userType: 'AWSManager',
      accountId: 'acc-1',
      name: 'Ana Lima',
      locale: null,
    });
  });

  it("reads the user's locale from custom:local, as a language tag", () => {
    const session = readSession(request(amplifyCookies({ id: { 'custom:local': 'de_DE' } })), 'client');
    expect(session.signedIn && session.locale).toBe('de-DE');
  });

  it('takes the user type from the first group only, and none for an unknown group', () => {
    const cookies = (groups: unknown) => amplifyCookies({ id: { 'cognito:groups': groups } });
    const userType = (groups: unknown) => {
      const session = readSession(request(cookies(groups)), 'client');
      return session.signedIn ? session.userType : 'guest';
    };
    expect(userType(['AWSPortalUser', 'AWSManager'])).toBe('AWSPortalUser');
    expect(userType(['Editors'])).toBeNull();
    expect(userType(undefined)).toBeNull();
  });

  it('names the user by email, then username, when the id token has no names', () => {
    const name = (id: Record<string, unknown>) => {
      const session = readSession(request(amplifyCookies({ id })), 'client');
      return session.signedIn ? session.name : null;
    };
    expect(name({ given_name: undefined, family_name: undefined })).toBe('ana@example.com');
    expect(name({ given_name: ' ', family_name: undefined, email: undefined })).toBe('ana@example.com');
  });

  it('keeps a session whose id token is missing or garbled, without user type or account', () => {
    const cookie = amplifyCookies().replace(/idToken=[^;]+/, 'idToken=garbage');
    expect(readSession(request(cookie), 'client')).toMatchObject({
      signedIn: true,
      userType: null,
      accountId: null,
      name: 'ana@example.com',
    });
  });

  it('is a guest without cookies, or with those of another app client', () => {
    expect(readSession(request(), 'client')).toEqual({ signedIn: false, expired: false });
    expect(readSession(request(amplifyCookies({ clientId: 'other' })), 'client')).toEqual({
      signedIn: false,
      expired: false,
    });
  });

  it('is a guest when the access token is missing, garbled or not for this client', () => {
    const withAccess = (token: string) =>
      amplifyCookies().replace(/accessToken=[^;]+/, `accessToken=${encodeURIComponent(token)}`);
    const guest = { signedIn: false, expired: false };
    expect(readSession(request(amplifyCookies().replace(/[^;]*accessToken=[^;]+;?/, '')), 'client')).toEqual(
      guest,
    );
    expect(readSession(request(withAccess('not-a-jwt')), 'client')).toEqual(guest);
    expect(readSession(request(withAccess('a.%%%.c')), 'client')).toEqual(guest);
    expect(readSession(request(withAccess(fakeJwt({ client_id: 'client' }))), 'client')).toEqual(guest);
    expect(
      readSession(request(withAccess(fakeJwt({ client_id: 'other', exp: 4102444800 }))), 'client'),
    ).toEqual(guest);
    expect(
      readSession(request('CognitoIdentityServiceProvider.client.LastAuthUser=%E0%A4%A'), 'client'),
    ).toEqual(guest);
  });

  it('reports an expired access token, which sign-in can refresh', () => {
    const cookie = amplifyCookies({ access: { exp: Math.floor(Date.now() / 1000) - 1 } });
    expect(readSession(request(cookie), 'client')).toEqual({ signedIn: false, expired: true });
  });
});
