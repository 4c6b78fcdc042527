import { describe, expect, it } from 'vitest';
import { continueShoppingPath } from './continue-shopping';

const template = (target: string | null) => ({ meta: { Continue_Shopping_Template: target } });
const ORIGIN = 'https://shop.example.com';

describe('continueShoppingPath', () => {
  it('takes the first template that names one, as a page name or a path', () => {
    expect(
      continueShoppingPath([template(null), template('flow-cytometry'), template('/about')], ORIGIN),
    ).toBe('/flow-cytometry');
    expect(continueShoppingPath([template(' /category/antibodies '), template('other')], ORIGIN)).toBe(
      '/category/antibodies',
    );
  });

  it('falls back to the portal home when none names one, or only off-site targets', () => {
    expect(continueShoppingPath([], ORIGIN)).toBe('/');
    expect(continueShoppingPath([template(''), template('  ')], ORIGIN)).toBe('/');
    // A browser drops a tab or line break inside a URL and reads a backslash as '/': each of these is another host.
    const offSite = [
      '//evil.example/x',
      'https://evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\\evil.example',
    ];
    expect(continueShoppingPath(offSite.map(template), ORIGIN)).toBe('/');
  });
});
