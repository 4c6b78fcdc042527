import { describe, expect, it } from 'vitest';
import { clearStoredLogin } from './stored-login';

const PREFIX = 'CognitoIdentityServiceProvider.client.ingrid';

describe('clearStoredLogin', () => {
  it('drops the tokens and login keys but keeps a remembered device, which outlives sign-out', () => {
    const cookies = [
      ...['accessToken', 'idToken', 'refreshToken', 'deviceKey', 'deviceGroupKey', 'randomPasswordKey'].map(
        (name) => `${PREFIX}.${name}`,
      ),
      'CognitoIdentityServiceProvider.client.LastAuthUser',
    ];
    // The cookies the identity library keeps, set as it sets them (happy-dom keeps a cookie jar).
    // biome-ignore lint/suspicious/noDocumentCookie: the test stands in for the library writing its cookies.
    for (const name of cookies) document.cookie = `${name}=value; Path=/`;
    localStorage.setItem('EC_Auth', '{}');
    localStorage.setItem(`${PREFIX}.deviceKey`, 'us-east-1_device');

    clearStoredLogin(window);

    const left = document.cookie
      .split(';')
      .map((pair) => pair.split('=')[0]?.trim())
      .filter(Boolean)
      .sort();
    expect(left).toEqual([`${PREFIX}.deviceGroupKey`, `${PREFIX}.deviceKey`, `${PREFIX}.randomPasswordKey`]);
    expect(localStorage.getItem('EC_Auth')).toBeNull();
    expect(localStorage.getItem(`${PREFIX}.deviceKey`)).toBe('us-east-1_device');
  });
});
