import type { LinkedComponent, Supersession } from '@storefront/contracts';
import { describe, expect, it } from 'vitest';
import { buildPartsTree, currentPartNumber, type TreeRow } from '../../src/install-base/rules/parts-tree';

const supersession = (partNumber: string, successorSku: string): Supersession => ({
  partNumber,
  name: `${partNumber} (old)`,
  successorSku,
  reason: 'Redesigned.',
  supersededOn: '2023-01-01',
});

const component = (id: string, partNumber: string): LinkedComponent => ({
  id,
  partNumber,
  name: partNumber,
  quantity: 1,
  serialNumber: `SN-${id}`,
  condition: 'Good',
  linkedOn: '2024-01-01',
  supersededBy: null,
});

describe('currentPartNumber', () => {
  it('follows a chain of supersessions to the number sold today', () => {
    const chain = new Map([
      ['A', supersession('A', 'B')],
      ['B', supersession('B', 'C')],
    ]);
    expect(currentPartNumber('A', chain)).toBe('C');
    expect(currentPartNumber('C', chain)).toBe('C');
  });

  it('stops on a loop in the data instead of hanging', () => {
    const loop = new Map([
      ['A', supersession('A', 'B')],
      ['B', supersession('B', 'A')],
    ]);
    expect(['A', 'B']).toContain(currentPartNumber('A', loop));
  });
});

describe('buildPartsTree', () => {
  const rows: TreeRow[] = [
    { id: 'h', parentId: null, kind: 'Assembly', partNumber: null, name: 'Sort block', quantity: 1 },
    { id: 'n', parentId: 'h', kind: 'Consumable', partNumber: 'OLD-1', name: 'Nozzle rev. A', quantity: 1 },
    { id: 'p', parentId: 'h', kind: 'Module', partNumber: 'PUMP', name: 'Pump', quantity: 1 },
    { id: 't', parentId: 'p', kind: 'Consumable', partNumber: 'TUBE', name: 'Tubing', quantity: 2 },
  ];
  const facts = {
    supersessions: new Map([['OLD-1', supersession('OLD-1', 'NEW-1')]]),
    items: new Map([
      [
        'NEW-1',
        {
          itemId: 'i1',
          sku: 'NEW-1',
          name: 'Nozzle',
          unit: '1 each',
          image: null,
          unitPrice: 10,
          currency: 'USD',
        },
      ],
    ]),
    pictures: new Map([['NEW-1', '/product-images/v1/part.svg?name=Nozzle']]),
  };

  it('nests parts under their headings and modules, ordering the successor of an obsolete part', () => {
    const { tree } = buildPartsTree(rows, { ...facts, linked: [] });
    expect(tree.map((node) => node.name)).toEqual(['Sort block']);
    const [nozzle, pump] = tree[0]?.children ?? [];
    expect(nozzle?.supersededBy?.successorSku).toBe('NEW-1');
    expect(nozzle?.item?.sku).toBe('NEW-1');
    expect(nozzle?.image).toBe('/product-images/v1/part.svg?name=Nozzle');
    expect(pump?.children.map((node) => node.name)).toEqual(['Tubing']);
    expect(pump?.item).toBeNull();
  });

  it('puts a fitted component under the row of any revision of it, and the others apart', () => {
    const linked = [component('1', 'NEW-1'), component('2', 'TUBE'), component('3', 'LAMP')];
    const { tree, otherLinked } = buildPartsTree(rows, { ...facts, linked });
    const [nozzle, pump] = tree[0]?.children ?? [];
    expect(nozzle?.linked.map((c) => c.id)).toEqual(['1']);
    expect(pump?.children[0]?.linked.map((c) => c.id)).toEqual(['2']);
    expect(otherLinked.map((c) => c.id)).toEqual(['3']);
  });
});
