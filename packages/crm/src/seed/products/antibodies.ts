import type { Prng } from '../prng';
import { listPrice, type ProductSpec, RESEARCH_USE } from './types';

const HUMAN_MARKERS = [
  ['CD3', 'UCHT1'],
  ['CD4', 'RPA-T4'],
  ['CD8', 'SK1'],
  ['CD14', 'M5E2'],
  ['CD16', '3G8'],
  ['CD19', 'HIB19'],
  ['CD20', '2H7'],
  ['CD25', 'BC96'],
  ['CD27', 'O323'],
  ['CD28', 'CD28.2'],
  ['CD33', 'WM53'],
  ['CD34', '581'],
  ['CD38', 'HIT2'],
  ['CD45', 'HI30'],
  ['CD45RA', 'HI100'],
  ['CD56', 'HCD56'],
  ['CD62L', 'DREG-56'],
  ['CD69', 'FN50'],
  ['CD127', 'A019D5'],
  ['HLA-DR', 'L243'],
] as const;

const MOUSE_MARKERS = [
  ['CD3e', '145-2C11'],
  ['CD4', 'GK1.5'],
  ['CD8a', '53-6.7'],
  ['CD11b', 'M1/70'],
  ['CD11c', 'N418'],
  ['CD19', '6D5'],
  ['CD44', 'IM7'],
  ['CD45', '30-F11'],
  ['B220', 'RA3-6B2'],
  ['F4/80', 'BM8'],
  ['Ly-6G', '1A8'],
  ['NK1.1', 'PK136'],
] as const;

/** Conjugate, unit of sale and the price band of a 100-test vial. */
const CONJUGATES = [
  ['FITC', '100 tests', 120, 190],
  ['PE', '100 tests', 150, 230],
  ['APC', '100 tests', 170, 260],
  ['PerCP-Cy5.5', '100 tests', 190, 290],
  ['PE-Cy7', '100 tests', 210, 320],
  ['Brilliant Violet 421', '100 tests', 240, 360],
  ['Alexa Fluor 647', '100 tests', 220, 340],
  ['Purified', '100 µg', 140, 210],
] as const;

export function antibodyProducts(prng: Prng): ProductSpec[] {
  const species = [
    ['Human', HUMAN_MARKERS],
    ['Mouse', MOUSE_MARKERS],
  ] as const;
  return species.flatMap(([speciesName, markers]) =>
    markers.flatMap(([marker, clone]) =>
      CONJUGATES.map(([conjugate, unit, min, max]) => {
        const labelled = conjugate === 'Purified' ? 'purified (unconjugated)' : `conjugated to ${conjugate}`;
        const format = conjugate === 'Purified' ? 'unconjugated' : `${conjugate}-conjugated`;
        return {
          category: 'antibodies' as const,
          name: `${marker} Monoclonal Antibody (${clone}), ${conjugate}`,
          unit,
          shortDescription: `Anti-${speciesName.toLowerCase()} ${marker}, clone ${clone}, ${labelled}.`,
          description:
            `Clone ${clone} recognises ${speciesName.toLowerCase()} ${marker}. This ${format} format is titrated ` +
            `for flow cytometry at 5 µL per test of 10^6 cells in 100 µL. Store at 2–8 °C, protected from light. ` +
            RESEARCH_USE,
          attributes: {
            Application: 'Flow Cytometry',
            Format: 'Liquid',
            Species: speciesName,
            Conjugate: conjugate,
            Brand: 'NovaFlow',
          },
          listPrice: listPrice(prng, min, max),
          tiered: prng.chance(0.7),
          requiresConfiguration: null,
          customAction: null,
        };
      }),
    ),
  );
}
