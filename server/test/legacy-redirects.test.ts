import { describe, expect, it } from 'vitest';
import {
  LEGACY_PRODUCT_PATHS,
  LEGACY_SECTION_PATHS,
  LEGACY_TARGETS,
  legacyRedirect,
} from '../src/legacy-redirects';

const COMPANY = 'bionova.example';
const at = (url: string, domain = COMPANY) => legacyRedirect(new URL(url), domain);
const allPaths = [
  ...Object.values(LEGACY_SECTION_PATHS).flat(),
  ...LEGACY_PRODUCT_PATHS.map(([path]) => path),
];

describe('the old site paths (spec P§2)', () => {
  it('holds about 130 distinct paths', () => {
    expect(allPaths.length).toBeGreaterThanOrEqual(125);
    expect(new Set(allPaths.map((path) => path.toLowerCase())).size).toBe(allPaths.length);
  });

  it('sends every section path to its new page on a host of the company', () => {
    for (const [section, paths] of Object.entries(LEGACY_SECTION_PATHS)) {
      for (const path of paths) {
        expect(at(`https://www.bionova.example${path}`)).toBe(
          LEGACY_TARGETS[section as keyof typeof LEGACY_TARGETS],
        );
      }
    }
  });

  it('sends every product path to the product of its SKU', () => {
    for (const [path, sku] of LEGACY_PRODUCT_PATHS) {
      expect(at(`https://shop.bionova.example${path}`)).toBe(`/product_detail/guest-catalog/${sku}`);
    }
  });

  it('never sends a new path on again, so no redirect loops', () => {
    const targets = [...Object.values(LEGACY_TARGETS), '/product_detail/guest-catalog/FCA-10001'];
    for (const target of targets) expect(at(`https://www.bionova.example${target}`)).toBeNull();
    expect(at('https://www.bionova.example/')).toBeNull();
  });

  it('keeps the query, ignores case and a trailing slash', () => {
    expect(at('https://www.bionova.example/Products/Genomics/?utm_source=mail')).toBe(
      '/genomics_consumables/?utm_source=mail',
    );
  });

  it("answers only on the company's hosts, and not at all when the domain is empty", () => {
    expect(at('http://localhost:3000/index.html')).toBeNull();
    expect(at('https://bionova.example.attacker.test/index.html')).toBe('/home/');
    expect(at('https://www.bionova.example/index.html', '')).toBeNull();
    expect(at('https://www.bionova.example/not-an-old-page')).toBeNull();
  });
});
