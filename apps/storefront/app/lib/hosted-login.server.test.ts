// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { hostedLoginRedirect } from './hosted-login.server';

const redirectOf = (path: string) => hostedLoginRedirect(new URL(path, 'http://shop.example.com'));

describe('hostedLoginRedirect', () => {
  it('sends the hosted-login code on / to the sign-in page, with its state', () => {
    expect(redirectOf('/?code=abc&state=xyz')).toBe('/login?code=abc&state=xyz');
  });

  it('leaves a code on any other page alone', () => {
    expect(redirectOf('/category/c1?code=abc')).toBeNull();
    expect(redirectOf('/')).toBeNull();
  });

  it('removes SAMLResponse and RelayState from the URL, keeping the rest', () => {
    expect(redirectOf('/billing/account?SAMLResponse=PHNhbWw%2B&page=2&RelayState=r#top')).toBe(
      '/billing/account?page=2#top',
    );
    expect(redirectOf('/?RelayState=r')).toBe('/');
  });
});
