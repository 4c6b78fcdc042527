import { describe, expect, it } from 'vitest';
import { loginPath, returnPath, safeHref, sitePath } from './paths';

const ORIGIN = 'https://shop.example.com';
/** Targets a browser follows to another host: it drops tab, CR and LF inside a URL and reads a backslash as '/'. */
const OFF_SITE = [
  'https://evil.example',
  '//evil.example',
  '/\\evil.example',
  '/\t/evil.example/',
  '/\n/evil.example/',
  '/\r/evil.example/',
  'javascript:x',
  'http://shop.example.com/',
];

describe('loginPath', () => {
  it('keeps the page to return to, and marks an expired session', () => {
    expect(loginPath('/category/c1?page=2')).toBe('/login?redirect=%2Fcategory%2Fc1%3Fpage%3D2');
    expect(loginPath('/', { expired: true })).toBe('/login?redirect=%2F&expired=1');
  });
});

describe('sitePath', () => {
  it('keeps a path of this site, with its query and fragment', () => {
    expect(sitePath('/billing/account?tab=1#top', ORIGIN)).toBe('/billing/account?tab=1#top');
    expect(sitePath(`${ORIGIN}/cart`, ORIGIN)).toBe('/cart');
  });

  it('refuses every target a browser would follow off this origin', () => {
    for (const target of OFF_SITE) expect(sitePath(target, ORIGIN), JSON.stringify(target)).toBeNull();
  });
});

describe('returnPath', () => {
  it('returns to a path of this site', () => {
    expect(returnPath('/billing/account?tab=1', ORIGIN)).toBe('/billing/account?tab=1');
  });

  it('goes home for anything that could leave the site, or nothing', () => {
    for (const redirect of [null, '', ...OFF_SITE]) expect(returnPath(redirect, ORIGIN)).toBe('/');
  });
});

describe('safeHref', () => {
  it('keeps paths, fragments, http(s), mailto and tel links', () => {
    for (const href of ['/about?x=1', '#top', '?page=2', 'https://partner.example/', 'mailto:a@b.example']) {
      expect(safeHref(href)).toBe(href);
    }
  });

  it('refuses scripts, and paths a browser would follow to another host', () => {
    for (const href of [
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
    ]) {
      expect(safeHref(href), JSON.stringify(href)).toBeNull();
    }
  });
});
