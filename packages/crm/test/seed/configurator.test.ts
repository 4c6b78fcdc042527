import { describe, expect, it } from 'vitest';
import {
  DEMO_INSTALLED_COMPONENTS,
  DEMO_PARTS_TREES,
  DEMO_SUPERSESSIONS,
  INSTALL_BASE_CATALOGUE_ACCOUNT,
} from '../../src/seed/configurator';
import { buildDemoData } from '../../src/seed/demo';
import { DEMO_INSTALL_BASE } from '../../src/seed/install-base';

type Node = (typeof DEMO_PARTS_TREES)[string][number];
const partNames = (nodes: readonly Node[]): string[] =>
  nodes.flatMap((node) => [...(node.part ? [node.part] : []), ...partNames(node.children ?? [])]);

describe('the demo parts trees', () => {
  const products = new Set(buildDemoData().catalogueItems.map((item) => item.name));

  it('name only products of the catalogue, so no part of a tree is dropped when seeded', () => {
    const named = [
      ...Object.keys(DEMO_PARTS_TREES),
      ...Object.values(DEMO_PARTS_TREES).flatMap(partNames),
      ...DEMO_SUPERSESSIONS.map((row) => row.successor),
      ...Object.values(DEMO_INSTALLED_COMPONENTS).flatMap((list) => list.flatMap((c) => c.part ?? [])),
    ];
    expect(named.filter((name) => !products.has(name))).toEqual([]);
  });

  it('cover every model of the demo install base, and fit components only to demo instruments', () => {
    const installed = Object.values(DEMO_INSTALL_BASE).flat();
    expect(installed.filter((instrument) => !DEMO_PARTS_TREES[instrument.model]).map((i) => i.model)).toEqual(
      [],
    );
    const serials = new Set(installed.map((instrument) => instrument.serialNumber));
    expect(Object.keys(DEMO_INSTALLED_COMPONENTS).filter((serial) => !serials.has(serial))).toEqual([]);
    expect(DEMO_INSTALL_BASE[INSTALL_BASE_CATALOGUE_ACCOUNT]?.length).toBeGreaterThan(0);
  });

  it('keep obsolete numbers out of the catalogue', () => {
    const skus = new Set(buildDemoData().catalogueItems.map((item) => item.sku));
    expect(DEMO_SUPERSESSIONS.filter((row) => skus.has(row.partNumber))).toEqual([]);
  });
});
