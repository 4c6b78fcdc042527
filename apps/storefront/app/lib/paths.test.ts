import { describe, expect, it } from 'vitest';
import { loginPath, returnPath } from './paths';

describe('loginPath', () => {
  it('keeps the page to return to, and marks an expired session', () => {
    expect(loginPath('/category/c1?page=2')).toBe('/login?redirect=%2Fcategory%2Fc1%3Fpage%3D2');
    expect(loginPath('/', { expired: true })).toBe('/login?redirect=%2F&expired=1');
  });
});

describe('returnPath', () => {
  it('returns to a path of this site', () => {
    expect(returnPath('/billing/account?tab=1')).toBe('/billing/account?tab=1');
  });

  it('goes home for anything that could leave the site, or nothing', () => {
    for (const redirect of [
      null,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:x',
    ]) {
      expect(returnPath(redirect)).toBe('/');
    }
  });
});
