import type { Prng } from '../prng';
import { dyeOf, fluorochromeSpecifications } from './fluorochromes';
import { listPrice, type ProductSpec, RESEARCH_USE, specifications } from './types';

/** Marker, clone, host species and isotype of the clone. */
type Marker = readonly [marker: string, clone: string, host: string, isotype: string];

const HUMAN_MARKERS: readonly Marker[] = [
  ['CD3', 'UCHT1', 'Mouse', 'IgG1, κ'],
  ['CD4', 'RPA-T4', 'Mouse', 'IgG1, κ'],
  ['CD8', 'SK1', 'Mouse', 'IgG1, κ'],
  ['CD14', 'M5E2', 'Mouse', 'IgG2a, κ'],
  ['CD16', '3G8', 'Mouse', 'IgG1, κ'],
  ['CD19', 'HIB19', 'Mouse', 'IgG1, κ'],
  ['CD20', '2H7', 'Mouse', 'IgG2b, κ'],
  ['CD25', 'BC96', 'Mouse', 'IgG1, κ'],
  ['CD27', 'O323', 'Mouse', 'IgG1, κ'],
  ['CD28', 'CD28.2', 'Mouse', 'IgG1, κ'],
  ['CD33', 'WM53', 'Mouse', 'IgG1, κ'],
  ['CD34', '581', 'Mouse', 'IgG1, κ'],
  ['CD38', 'HIT2', 'Mouse', 'IgG1, κ'],
  ['CD45', 'HI30', 'Mouse', 'IgG1, κ'],
  ['CD45RA', 'HI100', 'Mouse', 'IgG2b, κ'],
  ['CD56', 'HCD56', 'Mouse', 'IgG1, κ'],
  ['CD62L', 'DREG-56', 'Mouse', 'IgG1, κ'],
  ['CD69', 'FN50', 'Mouse', 'IgG1, κ'],
  ['CD127', 'A019D5', 'Mouse', 'IgG1, κ'],
  ['HLA-DR', 'L243', 'Mouse', 'IgG2a, κ'],
];

const MOUSE_MARKERS: readonly Marker[] = [
  ['CD3e', '145-2C11', 'Armenian hamster', 'IgG'],
  ['CD4', 'GK1.5', 'Rat', 'IgG2b, κ'],
  ['CD8a', '53-6.7', 'Rat', 'IgG2a, κ'],
  ['CD11b', 'M1/70', 'Rat', 'IgG2b, κ'],
  ['CD11c', 'N418', 'Armenian hamster', 'IgG'],
  ['CD19', '6D5', 'Rat', 'IgG2a, κ'],
  ['CD44', 'IM7', 'Rat', 'IgG2b, κ'],
  ['CD45', '30-F11', 'Rat', 'IgG2b, κ'],
  ['B220', 'RA3-6B2', 'Rat', 'IgG2a, κ'],
  ['F4/80', 'BM8', 'Rat', 'IgG2a, κ'],
  ['Ly-6G', '1A8', 'Rat', 'IgG2a, κ'],
  ['NK1.1', 'PK136', 'Mouse', 'IgG2a, κ'],
];

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

/** Antibody buffers carry less than 0.1 % sodium azide: not classified, but acids free hydrazoic acid from it. */
export const SODIUM_AZIDE =
  'EUH032: Contact with acids liberates very toxic gas (contains < 0.1 % sodium azide).';

export function antibodyProducts(prng: Prng): ProductSpec[] {
  const species = [
    ['Human', HUMAN_MARKERS],
    ['Mouse', MOUSE_MARKERS],
  ] as const;
  return species.flatMap(([speciesName, markers]) =>
    markers.flatMap(([marker, clone, host, isotype]) =>
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
          image: {
            kind: 'antibody' as const,
            target: marker,
            reactivity: speciesName,
            clone,
            ...(conjugate === 'Purified' ? {} : { dye: dyeOf(conjugate) }),
          },
          specifications: [
            ...specifications(
              ['Target', marker],
              ['Clone', clone],
              ['Host species', host],
              ['Isotype', isotype],
              ['Reactivity', speciesName],
              ['Application', 'Flow cytometry'],
            ),
            ...(conjugate === 'Purified' ? [] : fluorochromeSpecifications(conjugate)),
            ...specifications(
              ['Concentration', conjugate === 'Purified' ? '0.5 mg/mL' : '0.05 mg/mL (5 µL per test)'],
              ['Formulation', 'Phosphate-buffered saline, 0.09 % sodium azide, 0.2 % BSA'],
              ['Size', unit],
              [
                'Storage',
                conjugate === 'Purified'
                  ? '2–8 °C; do not freeze'
                  : '2–8 °C, protected from light; do not freeze',
              ],
              ['Shelf life', '24 months from manufacture'],
            ),
          ],
          hazards: [SODIUM_AZIDE],
          shelfLifeMonths: 24,
        };
      }),
    ),
  );
}
