import { describe, expect, it } from 'vitest';
import { continueShoppingPath } from './continue-shopping';

const template = (target: string | null) => ({ meta: { Continue_Shopping_Template: target } });

describe('continueShoppingPath', () => {
  it('takes the first template that names one, as a page name or a path', () => {
    expect(continueShoppingPath([template(null), template('flow-cytometry'), template('/about')])).toBe(
      '/flow-cytometry',
    );
    expect(continueShoppingPath([template(' /category/antibodies '), template('other')])).toBe(
      '/category/antibodies',
    );
  });

  it('falls back to the portal home when none names one, or only off-site targets', () => {
    expect(continueShoppingPath([])).toBe('/');
    expect(continueShoppingPath([template(''), template('  ')])).toBe('/');
    expect(continueShoppingPath([template('//evil.example/x'), template('https://evil.example')])).toBe('/');
  });
});
