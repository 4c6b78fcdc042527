import type { ShippingProfile } from '../../shipping/rules/profile';
import type { ProductSpec } from './types';

/**
 * How each demo product travels, derived from what the product spec already says (its category, unit,
 * storage and hazard statements), so the products themselves carry no shipping data.
 */

type Box = Pick<ShippingProfile, 'weightKg' | 'lengthCm' | 'widthCm' | 'heightCm'>;

const box = (weightKg: number, lengthCm: number, widthCm: number, heightCm: number): Box => ({
  weightKg,
  lengthCm,
  widthCm,
  heightCm,
});

const LITRES_PER_UNIT = { µL: 0.000001, mL: 0.001, L: 1 } as const;

/** A bottle of liquid: the liquid at about water's density, the bottle and its padding. */
function liquidBox(litres: number): Box {
  const weight = Math.round((litres * 1.05 + 0.15 + litres * 0.1) * 1000) / 1000;
  if (litres <= 0.01) return box(weight, 10, 8, 6);
  if (litres <= 0.1) return box(weight, 12, 10, 10);
  if (litres <= 0.5) return box(weight, 15, 15, 22);
  if (litres <= 1) return box(weight, 18, 18, 28);
  return box(weight, 32, 32, 42);
}

/** A pack of plates, seals or slides: about 80 g a piece in a carton sized by the count. */
function packBox(count: number): Box {
  const weight = Math.round((0.3 + count * 0.08) * 1000) / 1000;
  if (count <= 10) return box(weight, 15, 13, 12);
  if (count <= 50) return box(weight, 30, 15, 28);
  return box(weight, 45, 30, 28);
}

function volumeOf(unit: string): number | null {
  const match = /^(\d+(?:\.\d+)?)\s*(µL|mL|L)$/.exec(unit);
  if (!match) return null;
  return Number(match[1]) * LITRES_PER_UNIT[match[2] as keyof typeof LITRES_PER_UNIT];
}

function boxOf(product: ProductSpec): Box {
  const { category, unit, name, listPrice } = product;
  if (category === 'instruments') return listPrice >= 100_000 ? box(140, 120, 90, 85) : box(48, 75, 60, 55);
  if (category === 'parts') {
    if (/Tank, \d+ L/.test(name)) return box(3.2, 35, 25, 25);
    if (/Laser Module/.test(name)) return box(2.5, 30, 20, 15);
    if (listPrice >= 10_000) return box(12, 60, 45, 35);
    return unit === '1 each' ? box(0.6, 20, 15, 10) : box(0.8, 25, 20, 10);
  }
  const litres = volumeOf(unit);
  if (litres !== null) return liquidBox(litres);
  const pack = /^(\d+)\/pk$/.exec(unit);
  if (pack) return packBox(Number(pack[1]));
  if (category === 'genomics') {
    const large = /^(\d+)/.exec(unit);
    return Number(large?.[1] ?? 0) >= 250 ? box(1.8, 32, 24, 16) : box(0.6, 22, 16, 10);
  }
  if (category === 'antibodies') return box(0.1, 10, 8, 6);
  if (category === 'imaging') return box(0.25, 15, 10, 5);
  return box(0.4, 18, 14, 8);
}

/** Stored at −20 °C: shipped on dry ice; stored at 2–8 °C: shipped with cold packs. */
function coldChainOf(product: ProductSpec): ShippingProfile['coldChain'] {
  const storage = product.specifications.find((row) => row.name === 'Storage')?.value ?? '';
  if (storage.startsWith('−20 °C')) return 'dry-ice';
  return storage.startsWith('2–8 °C') ? 'cold-packs' : 'none';
}

/**
 * Formaldehyde fixatives travel as UN 2209, class 8 (corrosive). Sodium azide below 0.1 %, propidium iodide
 * and lasers in their housing are hazards of use, not of transport.
 */
function hazardClassOf(product: ProductSpec): string | null {
  return product.hazards.some((statement) => statement.includes('formaldehyde')) ? '8' : null;
}

export function shippingProfile(product: ProductSpec): ShippingProfile {
  if (product.category === 'services') {
    return { shippable: false, ...box(0, 0, 0, 0), coldChain: 'none', hazardClass: null };
  }
  return {
    shippable: true,
    ...boxOf(product),
    coldChain: coldChainOf(product),
    hazardClass: hazardClassOf(product),
  };
}
