import { Amplify } from 'aws-amplify';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { CookieStorage } from 'aws-amplify/utils';
import { describe, expect, it, vi } from 'vitest';
import type { AuthSettings } from '../../lib/auth-settings';
import { configureAmplify, cookieOptions, isValidPoolId } from './amplify-config';

vi.mock('aws-amplify', () => ({ Amplify: { configure: vi.fn() } }));
vi.mock('aws-amplify/auth/cognito', () => ({
  cognitoUserPoolsTokenProvider: { setKeyValueStorage: vi.fn() },
}));

const settings = (userPoolId: string): AuthSettings => ({
  userPoolId,
  clientId: 'client',
  singleSignOn: false,
  identityProvider: null,
  customChallenge: false,
  logoutUri: null,
  storefrontName: 'BioNova',
  gatewayApiKey: 'key',
});

describe('isValidPoolId (spec P§5)', () => {
  it('needs an underscore and at most 55 characters', () => {
    expect(isValidPoolId('us-east-1_BioNova01')).toBe(true);
    expect(isValidPoolId('usEast1BioNova01')).toBe(false);
    expect(isValidPoolId(`us-east-1_${'x'.repeat(45)}`)).toBe(true);
    expect(isValidPoolId(`us-east-1_${'x'.repeat(46)}`)).toBe(false);
  });
});

describe('cookieOptions (spec P§9)', () => {
  const at = (url: string) => {
    const { origin, hostname, protocol } = new URL(url);
    return cookieOptions({ origin, hostname, protocol });
  };

  it('keeps tokens 365 days on every path, secure', () => {
    expect(at('https://shop.example.com')).toEqual({
      path: '/',
      expires: 365,
      secure: true,
      sameSite: 'lax',
    });
    expect(at('http://shop.example.com').secure).toBe(true);
  });

  it('allows plain http on localhost, the names under it and 127.0.0.1 only', () => {
    expect(at('http://localhost:3000').secure).toBe(false);
    expect(at('http://code.localhost:3000').secure).toBe(false);
    expect(at('http://127.0.0.1:3000').secure).toBe(false);
    expect(at('https://localhost:3000').secure).toBe(true);
    expect(at('http://localhost.example.com').secure).toBe(true);
  });
});

describe('configureAmplify', () => {
  const location = { origin: 'http://localhost:3150', hostname: 'localhost', protocol: 'http:' };

  it("points Amplify at the storefront's pool through /identity on this origin, tokens in cookies", () => {
    configureAmplify(settings('us-east-1_BioNova01'), location);
    expect(Amplify.configure).toHaveBeenCalledWith({
      Auth: {
        Cognito: {
          userPoolId: 'us-east-1_BioNova01',
          userPoolClientId: 'client',
          userPoolEndpoint: 'http://localhost:3150/identity',
        },
      },
    });
    expect(cognitoUserPoolsTokenProvider.setKeyValueStorage).toHaveBeenCalledWith(expect.any(CookieStorage));
    configureAmplify(settings('us-east-1_BioNova01'), location);
    expect(Amplify.configure).toHaveBeenCalledTimes(1);
  });

  it('refuses an invalid pool id', () => {
    expect(() => configureAmplify(settings('nounderscore'), location)).toThrow(
      "Invalid user pool id 'nounderscore'",
    );
  });
});
