import type { Specification } from '@storefront/contracts';
import { type Dye, dyeKey } from '@storefront/contracts/product-images';
import { specifications } from './types';

/** Excitation and emission maxima (nm) and the laser lines that excite each fluorochrome the catalogue sells. */
const FLUOROCHROMES: Record<string, readonly [excitation: number, emission: number, lasers: string]> = {
  FITC: [495, 519, '488 nm'],
  PE: [565, 578, '488 nm, 561 nm'],
  APC: [650, 660, '640 nm'],
  'PerCP-Cy5.5': [482, 695, '488 nm'],
  'PE-Cy7': [565, 781, '488 nm, 561 nm'],
  'Brilliant Violet 421': [405, 421, '405 nm'],
  'Alexa Fluor 488': [495, 519, '488 nm'],
  'Alexa Fluor 555': [555, 565, '561 nm'],
  'Alexa Fluor 647': [650, 668, '640 nm'],
  'eFluor 450': [405, 450, '405 nm'],
  'eFluor 506': [405, 506, '405 nm'],
  'eFluor 520': [522, 524, '488 nm'],
  'eFluor 660': [633, 660, '640 nm'],
  'eFluor 780': [755, 780, '640 nm'],
};

/** The conjugate's specification rows; none for an unconjugated product. */
export function fluorochromeSpecifications(conjugate: string): Specification[] {
  const known = FLUOROCHROMES[conjugate];
  if (!known) return specifications(['Conjugate', conjugate]);
  const [excitation, emission, lasers] = known;
  return specifications(
    ['Conjugate', conjugate],
    ['Excitation maximum', `${excitation} nm`],
    ['Emission maximum', `${emission} nm`],
    ['Laser line', lasers],
  );
}

/** The picture's key of a conjugate the seed names; a name the pictures lack is a mistake in the seed. */
export function dyeOf(conjugate: string): Dye {
  const key = dyeKey(conjugate);
  if (!key) throw new Error(`no picture colour for the conjugate ${conjugate}`);
  return key;
}
