import type { Section } from '@storefront/contracts';
import { describe, expect, it } from 'vitest';
import {
  matchTemplate,
  pathSegments,
  productRef,
  sortSections,
  type TemplateRef,
} from '../../src/domain/templates';

function template(
  id: string,
  name: string,
  meta: Partial<TemplateRef['meta']> = {},
  createdDate = '2024-01-01',
): TemplateRef {
  return {
    id,
    name,
    createdDate,
    meta: { Friendly_URL: null, Portal_Home: false, Page_Type: null, ...meta },
  };
}

const templates = [
  template('T-home', 'home', { Portal_Home: true }),
  template('T-about', 'about', { Friendly_URL: '/company/about-us' }),
  template('T-cart-old', 'cart-classic', { Page_Type: 'Cart' }, '2024-01-01'),
  template('T-cart-new', 'cart-2025', { Page_Type: 'Cart' }, '2025-01-01'),
  template('T-product', 'product'),
  template('T-offers', 'offer-list'),
  template('T-billing', 'billing'),
];

describe('matchTemplate', () => {
  it.each([
    ['/', 'T-home'],
    ['', 'T-home'],
    ['https://shop.example/?page=2', 'T-home'],
    ['/company/about-us/', 'T-about'],
    ['/Company/About-Us', 'T-about'],
    ['/about', 'T-about'],
    ['/cart', 'T-cart-new'],
    ['/cart/0Q0000000000001', 'T-cart-new'],
    ['/product/T-product/a0I000000000001', 'T-product'],
    ['/list/T-product', 'T-product'],
    ['/offers/list/T-offers', 'T-offers'],
    ['/billing/requests/new', 'T-billing'],
    ['/product/guest-catalog/cd4-antibody/extra', 'T-product'],
  ])('%s shows %s', (url, id) => {
    expect(matchTemplate(url, templates)?.id).toBe(id);
  });

  it('finds nothing for an unknown page or template id', () => {
    expect(matchTemplate('/nowhere', templates)).toBeUndefined();
    expect(matchTemplate('/product/T-unknown/a0I', templates)).toBeUndefined();
    expect(matchTemplate('/checkout', templates)).toBeUndefined();
  });
});

describe('productRef', () => {
  it('reads the item id of /product/{template}/{item}', () => {
    expect(productRef('/product/T1/a0I1?x=1')).toEqual({ itemId: 'a0I1' });
  });

  it('reads the product slug of the four-segment catalogue path', () => {
    expect(productRef('/product-page/full-catalogue/cd4-antibody/more/segments')).toEqual({
      slug: 'cd4-antibody',
    });
  });

  it('finds no product elsewhere', () => {
    expect(productRef('/')).toBeNull();
    expect(productRef('/about')).toBeNull();
    expect(productRef('/category/a0G1')).toBeNull();
    expect(productRef('/offers/list/T1')).toBeNull();
  });
});

describe('pathSegments', () => {
  it('decodes segments and ignores query, hash and empty segments', () => {
    expect(pathSegments('//a%20b//c/?q=1#top')).toEqual(['a b', 'c']);
    expect(pathSegments('/bad%E0%A4%A')).toEqual(['bad%E0%A4%A']);
  });
});

describe('sortSections', () => {
  const block = (blockId: string, sequence?: number) => ({
    blockId,
    componentName: 'richText',
    column: 0,
    configuration: sequence === undefined ? {} : { sequence },
    fields: {},
    customJS: [],
    customCSS: [],
  });
  const section = (sectionId: string, sortOrder: number, blocks: Section['blocks']): Section => ({
    sectionId,
    sectionType: 'Content',
    sortOrder,
    layout: { columns: 1, columnSize: '1', padding: {}, gap: 0 },
    styling: {},
    background: {},
    blocks,
  });

  it('orders sections by sortOrder and blocks by sequence, unsequenced blocks last', () => {
    const sorted = sortSections([
      section('second', 2, [block('b3'), block('b2', 2), block('b1', 1)]),
      section('first', 1, []),
    ]);
    expect(sorted.map((s) => s.sectionId)).toEqual(['first', 'second']);
    expect(sorted[1]?.blocks.map((b) => b.blockId)).toEqual(['b1', 'b2', 'b3']);
  });
});
