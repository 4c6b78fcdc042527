import type { Section } from '@storefront/contracts';
import { describe, expect, it } from 'vitest';
import { productRef, sortSections } from '../../src/storefronts/rules/templates';

describe('productRef', () => {
  it('reads the product slug of /product/{template}/{slug}', () => {
    expect(productRef('/product/T1/cd4-antibody?x=1')).toEqual({ slug: 'cd4-antibody' });
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
