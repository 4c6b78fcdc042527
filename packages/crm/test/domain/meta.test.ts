import type { CatalogueType, PageMeta } from '@storefront/contracts';
import { describe, expect, it } from 'vitest';
import { belongsToStorefront, catalogueForAccount } from '../../src/core/access';
import { blankPageMeta, mergePageMeta, metaLayer } from '../../src/storefronts/rules/meta';

const base: PageMeta = blankPageMeta({
  pageTitle: 'Shop',
  templateId: 'T1',
  ecatalogItemId: null,
  eCatalogId: null,
});

describe('blankPageMeta', () => {
  it('leaves every text field but the title empty', () => {
    expect(base).toMatchObject({
      pageTitle: 'Shop',
      description: '',
      canonical: '',
      robots: '',
      templateId: 'T1',
    });
  });
});

describe('mergePageMeta', () => {
  it('lets later layers win with non-empty values only', () => {
    const merged = mergePageMeta(
      base,
      { description: 'storefront', robots: 'index' },
      { description: 'template', robots: '' },
      { pageTitle: 'Product', robots: null },
    );
    expect(merged).toEqual({ ...base, pageTitle: 'Product', description: 'template', robots: 'index' });
  });
});

describe('metaLayer', () => {
  it('keeps only keys that name PageMeta text fields', () => {
    expect(
      metaLayer([
        ['description', 'd'],
        ['supportEmail', 'x@y'],
        ['templateId', 'T9'],
      ]),
    ).toEqual({ description: 'd' });
  });
});

describe('catalogueForAccount', () => {
  const full: { id: string; type: CatalogueType } = { id: 'full', type: 'Full' };

  it("prefers the account's own catalogue: an eCatalog of any kind or its Install Base catalogue", () => {
    for (const type of [
      'Install Base',
      'eCatalog account primary',
      'eCatalog account custom',
      'eCatalog override',
    ] as const) {
      expect(catalogueForAccount({ id: 'own', type }, full)?.id).toBe('own');
    }
  });

  it('falls back to the Full catalogue', () => {
    expect(catalogueForAccount(null, full)?.id).toBe('full');
    expect(catalogueForAccount(null, null)).toBeNull();
  });
});

describe('belongsToStorefront', () => {
  it('requires the account to exist on that storefront', () => {
    expect(belongsToStorefront({ storefrontId: 'A' }, 'A')).toBe(true);
    expect(belongsToStorefront({ storefrontId: 'A' }, 'B')).toBe(false);
    expect(belongsToStorefront(null, 'A')).toBe(false);
  });
});
