import type {
  ComponentKind,
  LinkedComponent,
  OrderableItem,
  PartsNode,
  Supersession,
} from '@storefront/contracts';
import { type PricedItem, unitPrice } from '../../catalogue';

/** A supersession leads on at most this far: a loop in the data must not hang a request. */
const MAX_SUPERSESSION_HOPS = 8;

/**
 * The part number to order for a listed one: the newest successor when it was superseded (a successor may
 * itself have been superseded since), else the number itself.
 */
export function currentPartNumber(
  partNumber: string,
  supersessions: ReadonlyMap<string, Supersession>,
): string {
  let current = partNumber;
  for (let hop = 0; hop < MAX_SUPERSESSION_HOPS; hop++) {
    const next = supersessions.get(current);
    if (!next) return current;
    current = next.successorSku;
  }
  return current;
}

/** A catalogue item as the configurator offers it, at the price the account pays for one. */
export function toOrderableItem(
  row: PricedItem & { id: string; sku: string; name: string; unit: string; images: readonly string[] },
  currency: string,
): OrderableItem {
  return {
    itemId: row.id,
    sku: row.sku,
    name: row.name,
    unit: row.unit,
    image: row.images[0] ?? null,
    unitPrice: unitPrice(row),
    currency,
  };
}

export interface TreeRow {
  id: string;
  parentId: string | null;
  kind: ComponentKind;
  partNumber: string | null;
  name: string;
  quantity: number;
}

export interface TreeFacts {
  supersessions: ReadonlyMap<string, Supersession>;
  /** The account's catalogue items, by SKU. */
  items: ReadonlyMap<string, OrderableItem>;
  /** Each part's picture by SKU, from the storefront's catalogue. */
  pictures: ReadonlyMap<string, string>;
  /** The installed instrument's components; none for a model. */
  linked: readonly LinkedComponent[];
}

/**
 * The parts tree from its rows (parents before children): each part with what to order for it (its successor
 * when superseded) and the instrument's components of it, whatever revision they are. Components the tree
 * does not list are answered apart.
 */
export function buildPartsTree(
  rows: readonly TreeRow[],
  facts: TreeFacts,
): { tree: PartsNode[]; otherLinked: LinkedComponent[] } {
  const current = (partNumber: string) => currentPartNumber(partNumber, facts.supersessions);
  const unplaced = new Set(facts.linked);
  const nodes = new Map<string, PartsNode>();
  const tree: PartsNode[] = [];
  for (const row of rows) {
    const orderable = row.partNumber === null ? null : current(row.partNumber);
    const linked =
      orderable === null
        ? []
        : [...unplaced].filter((component) => current(component.partNumber) === orderable);
    for (const component of linked) unplaced.delete(component);
    const node: PartsNode = {
      id: row.id,
      kind: row.kind,
      partNumber: row.partNumber,
      name: row.name,
      quantity: row.quantity,
      supersededBy: row.partNumber === null ? null : (facts.supersessions.get(row.partNumber) ?? null),
      item: orderable === null ? null : (facts.items.get(orderable) ?? null),
      image: orderable === null ? null : (facts.pictures.get(orderable) ?? null),
      linked,
      children: [],
    };
    nodes.set(row.id, node);
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    (parent ? parent.children : tree).push(node);
  }
  return { tree, otherLinked: [...unplaced] };
}
