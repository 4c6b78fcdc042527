import type { Prng } from '../prng';
import { antibodyProducts } from './antibodies';
import { genomicsProducts } from './genomics';
import { imagingProducts } from './imaging';
import { instrumentProducts } from './instruments';
import { partProducts } from './parts';
import { plateProducts } from './plates';
import { reagentProducts } from './reagents';
import { serviceProducts } from './services';
import type { ProductSpec } from './types';

export { shippingProfile } from './shipping-profiles';
export { CATEGORIES, type CategoryKey, type ProductSpec } from './types';

/** Every demo product, category by category; the order is stable so SKUs and ids are too. */
export function demoProducts(prng: Prng): ProductSpec[] {
  return [
    ...antibodyProducts(prng),
    ...reagentProducts(prng),
    ...genomicsProducts(prng),
    ...imagingProducts(prng),
    ...plateProducts(prng),
    ...instrumentProducts(prng),
    ...partProducts(prng),
    ...serviceProducts(),
  ];
}
