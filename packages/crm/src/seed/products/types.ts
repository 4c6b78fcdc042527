import type { ConfigurationMode, CustomAction, Specification } from '@storefront/contracts';
import type { ProductImage } from '@storefront/contracts/product-images';
import type { Prng } from '../prng';

/** The demo catalogue's categories in display order; the slug also names the category's image. */
export const CATEGORIES = [
  { key: 'antibodies', name: 'Flow Cytometry Antibodies', skuPrefix: 'FCA' },
  { key: 'reagents', name: 'Flow Cytometry Reagents & Buffers', skuPrefix: 'FCR' },
  { key: 'genomics', name: 'Genomics Kits', skuPrefix: 'GNK' },
  { key: 'imaging', name: 'Imaging Consumables', skuPrefix: 'IMC' },
  { key: 'plates', name: 'Assay Plates', skuPrefix: 'APL' },
  { key: 'instruments', name: 'Instruments', skuPrefix: 'INS' },
  { key: 'parts', name: 'Instrument Parts & Accessories', skuPrefix: 'IPA' },
  { key: 'services', name: 'Service & Training', skuPrefix: 'SVC' },
] as const;
export type CategoryKey = (typeof CATEGORIES)[number]['key'];

export interface ProductSpec {
  category: CategoryKey;
  name: string;
  unit: string;
  shortDescription: string;
  description: string;
  attributes: Record<string, string>;
  listPrice: number;
  /** Consumables bought in quantity get 1-4, 5-9 and 10+ price tiers. */
  tiered: boolean;
  requiresConfiguration: ConfigurationMode | null;
  customAction: CustomAction | null;
  /** The generated picture drawn from the product's kind and attributes. */
  image: ProductImage;
  /** The product page's specifications table, in the order a scientist reads it. */
  specifications: Specification[];
  /** Hazard statements of the safety data sheet; empty when the product is not hazardous. */
  hazards: string[];
  /** Consumables are made in lots that expire this many months after manufacture; null: sold without lots. */
  shelfLifeMonths: number | null;
}

/** Specification rows in the order given, leaving out those without a value. */
export function specifications(
  ...rows: (readonly [name: string, value: string | undefined])[]
): Specification[] {
  return rows.flatMap(([name, value]) => (value ? [{ name, value }] : []));
}

/** A list price between min and max on a whole step, e.g. 285 or 1450. */
export function listPrice(prng: Prng, min: number, max: number, step = 5): number {
  return Math.round(prng.int(min, max) / step) * step;
}

/** What differs between the sizes of one product: its picture and specifications name the size. */
export type PerUnit = (unit: string) => Pick<ProductSpec, 'image' | 'specifications'>;

/** One product per unit; when there are several units the unit is part of the name, as in 'Kit, 24 reactions'. */
export function sized(
  base: Omit<ProductSpec, 'name' | 'unit' | 'listPrice' | 'image' | 'specifications'>,
  name: string,
  units: readonly (readonly [unit: string, price: number])[],
  perUnit: PerUnit,
): ProductSpec[] {
  return units.map(([unit, price]) => ({
    ...base,
    ...perUnit(unit),
    name: units.length > 1 ? `${name}, ${unit}` : name,
    unit,
    listPrice: price,
  }));
}

export const RESEARCH_USE = 'For Research Use Only. Not for use in diagnostic procedures.';
