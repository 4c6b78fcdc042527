import { type Section, sectionSchema } from '@storefront/contracts/blocks';
import { describe, expect, it } from 'vitest';
import { orderSections, visibleSections } from './order';

const block = (blockId: string, extra: { column?: number; sequence?: number; visibility?: string } = {}) => ({
  blockId,
  componentName: 'richText',
  column: extra.column ?? 0,
  configuration: { sequence: extra.sequence, visibility: extra.visibility },
});

const section = (
  sectionId: string,
  sectionType: Section['sectionType'],
  sortOrder: number,
  blocks: object[],
  visibility?: string,
) => sectionSchema.parse({ sectionId, sectionType, sortOrder, blocks, visibility });

describe('orderSections', () => {
  it('puts Header first and Footer last, each type by sortOrder', () => {
    const sections = [
      section('footer', 'Footer', 0, []),
      section('content-2', 'Content', 2, []),
      section('header', 'Header', 9, []),
      section('content-1', 'Content', 1, []),
    ];
    expect(orderSections(sections).map((s) => s.sectionId)).toEqual([
      'header',
      'content-1',
      'content-2',
      'footer',
    ]);
  });

  it('orders blocks by column, then sequence', () => {
    const [ordered] = orderSections([
      section('s', 'Content', 1, [
        block('b', { column: 1, sequence: 1 }),
        block('c', { column: 0 }),
        block('a', { column: 0, sequence: 2 }),
        block('first', { column: 0, sequence: 1 }),
      ]),
    ]);
    expect(ordered?.blocks.map((b) => b.blockId)).toEqual(['first', 'a', 'c', 'b']);
  });
});

describe('visibleSections', () => {
  const sections = [
    section('everyone', 'Content', 1, [
      block('all'),
      block('guests', { visibility: 'GUEST' }),
      block('members', { visibility: 'AUTHENTICATED' }),
    ]),
    section('members-only', 'Content', 2, [block('x')], 'LOGGED IN'),
    section('guest-blocks-only', 'Content', 3, [block('g', { visibility: 'GUEST' })]),
  ];

  it('shows a guest the guest and public content', () => {
    const shown = visibleSections(sections, { isGuest: true });
    expect(shown.map((s) => s.sectionId)).toEqual(['everyone', 'guest-blocks-only']);
    expect(shown[0]?.blocks.map((b) => b.blockId)).toEqual(['all', 'guests']);
  });

  it('shows a signed-in user the member and public content, dropping sections left empty', () => {
    const shown = visibleSections(sections, { isGuest: false });
    expect(shown.map((s) => s.sectionId)).toEqual(['everyone', 'members-only']);
    expect(shown[0]?.blocks.map((b) => b.blockId)).toEqual(['all', 'members']);
  });
});
