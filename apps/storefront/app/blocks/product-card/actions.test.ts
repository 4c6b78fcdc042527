import type { ActionItem } from '@storefront/contracts/block-fields';
import type { ConfigurationMode } from '@storefront/contracts/constants';
import { describe, expect, it } from 'vitest';
import { productActions } from './actions';

const ALL: ActionItem[] = [
  { action: 'ADD_TO_CART' },
  { action: 'CONFIGURE' },
  { action: 'UPLOAD' },
  { action: 'CUSTOM' },
];

const item = (
  requiresConfiguration: ConfigurationMode | null,
  customAction: { label: string; url: string; openInNewTab: boolean } | null = null,
) => ({
  id: 'item-1',
  requiresConfiguration,
  customAction,
});

const names = (mode: ConfigurationMode | null) => productActions(ALL, item(mode)).map((a) => a.action);

describe('productActions', () => {
  it('offers ADD_TO_CART for items without configuration', () => {
    expect(names(null)).toEqual(['ADD_TO_CART']);
  });

  it('offers ADD_TO_CART and CONFIGURE for items with suggested options', () => {
    expect(names('Suggests')).toEqual(['ADD_TO_CART', 'CONFIGURE']);
    expect(productActions(ALL, item('Suggests'))[1]?.href).toBe('/cpq?itemId=item-1');
  });

  it('offers only CONFIGURE for items that need configuration', () => {
    expect(names('Needs')).toEqual(['CONFIGURE']);
    expect(names('Upload Configuration')).toEqual(['CONFIGURE']);
  });

  it('offers UPLOAD for upload items', () => {
    expect(names('Upload')).toEqual(['UPLOAD']);
    expect(names('Upload Add')).toEqual(['UPLOAD']);
  });

  it('links each action to its page', () => {
    const [addToCart] = productActions(ALL, item(null));
    expect(addToCart?.href).toBe('/cart');
    expect(productActions(ALL, item('Needs'))[0]?.href).toBe('/cpq?itemId=item-1');
    expect(productActions(ALL, item('Upload Configuration'))[0]?.href).toBe('/cpq?itemId=item-1');
    expect(productActions(ALL, item('Upload'))[0]?.href).toBe('/uploadoptions?itemId=item-1');
  });

  it("adds CUSTOM with the item's url, label and new-tab flag", () => {
    const custom = { label: 'Request a demo', url: 'https://example.com/demo', openInNewTab: true };
    expect(productActions(ALL, item(null, custom))).toEqual([
      { action: 'ADD_TO_CART', label: 'Add to Cart', href: '/cart', openInNewTab: false },
      { action: 'CUSTOM', label: 'Request a demo', href: 'https://example.com/demo', openInNewTab: true },
    ]);
  });

  it('keeps only configured actions, in their order, once each, with configured labels', () => {
    const configured: ActionItem[] = [{ action: 'CONFIGURE', label: 'Build yours' }, { action: 'CONFIGURE' }];
    expect(productActions(configured, item('Needs'))).toEqual([
      { action: 'CONFIGURE', label: 'Build yours', href: '/cpq?itemId=item-1', openInNewTab: false },
    ]);
    expect(productActions([{ action: 'UPLOAD' }], item(null))).toEqual([]);
  });
});
