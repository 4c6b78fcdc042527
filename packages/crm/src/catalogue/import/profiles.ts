import type { ShippingProfile } from '../../shipping';
import { nextTurn, ROWS_PER_TURN } from './format';
import type { CheckedRow, RowFields } from './rows';
import type { CatalogueState } from './state';

/**
 * The shipping profile a SKU without one gets when a file names it (docs/decisions/0056-catalogue-import.md):
 * the rate card's smallest parcel (0.5 kg in a box of 2,400 cm³, whose dimensional weight is under it),
 * ambient, no dangerous goods. Without a profile checkout rates nothing and the buyer cannot go on; a supplier
 * whose product is bigger, colder or dangerous says so in the file.
 */
export const DEFAULT_SHIPPING_PROFILE: Readonly<ShippingProfile> = {
  shippable: true,
  weightKg: 0.5,
  lengthCm: 20,
  widthCm: 15,
  heightCm: 8,
  coldChain: 'none',
  hazardClass: null,
};

type ProfileFields = Pick<RowFields, 'shippable' | 'weightKg' | 'sizeCm' | 'coldChain' | 'hazardClass'>;
/** What a SKU's rows say of each profile column: left out (undefined), empty on every row (null), or a value. */
type Stated = { [K in keyof ProfileFields]?: ProfileFields[K] };

/** A value a row states wins over an empty cell, and an empty cell over a column left out. */
function take<T>(known: T | null | undefined, cell: T | null | undefined): T | null | undefined {
  if (known !== null && known !== undefined) return known;
  return cell === undefined ? known : cell;
}

/**
 * The profile as the file leaves it. A column left out keeps the SKU's value; an empty cell means shippable,
 * ambient, no dangerous goods. A weight and a box cannot be emptied: an empty one keeps the SKU's.
 */
function nextProfile(base: Readonly<ShippingProfile>, stated: Stated): ShippingProfile {
  const size = stated.sizeCm ?? base;
  return {
    shippable: stated.shippable === undefined ? base.shippable : (stated.shippable ?? true),
    weightKg: stated.weightKg ?? base.weightKg,
    lengthCm: size.lengthCm,
    widthCm: size.widthCm,
    heightCm: size.heightCm,
    coldChain: stated.coldChain === undefined ? base.coldChain : (stated.coldChain ?? 'none'),
    hazardClass: stated.hazardClass === undefined ? base.hazardClass : stated.hazardClass,
  };
}

const sameProfile = (a: Readonly<ShippingProfile>, b: Readonly<ShippingProfile>) =>
  (Object.keys(DEFAULT_SHIPPING_PROFILE) as (keyof ShippingProfile)[]).every((key) => a[key] === b[key]);

/**
 * The SKUs whose shipping profile the rows change, each counted on the SKU's first row: what the profile
 * columns state (the rows of a SKU agree: rows.ts checked it), over the SKU's profile or the default.
 */
export async function profileChanges(
  rows: readonly CheckedRow[],
  state: CatalogueState,
): Promise<Map<string, { row: number; profile: ShippingProfile }>> {
  const statedOf = new Map<string, { row: number; stated: Stated }>();
  for (let start = 0; start < rows.length; start += ROWS_PER_TURN) {
    for (const { row, sku, fields } of rows.slice(start, start + ROWS_PER_TURN)) {
      const entry = statedOf.get(sku) ?? { row, stated: {} };
      statedOf.set(sku, entry);
      const { stated } = entry;
      stated.shippable = take(stated.shippable, fields.shippable);
      stated.weightKg = take(stated.weightKg, fields.weightKg);
      stated.sizeCm = take(stated.sizeCm, fields.sizeCm);
      stated.coldChain = take(stated.coldChain, fields.coldChain);
      stated.hazardClass = take(stated.hazardClass, fields.hazardClass);
    }
    await nextTurn();
  }
  const changes = new Map<string, { row: number; profile: ShippingProfile }>();
  for (const [sku, { row, stated }] of statedOf) {
    const before = state.profiles.get(sku);
    const profile = nextProfile(before ?? DEFAULT_SHIPPING_PROFILE, stated);
    if (!before || !sameProfile(before, profile)) changes.set(sku, { row, profile });
  }
  return changes;
}
