import type { ProductImage } from '@storefront/contracts/product-images';
import type { Prng } from '../prng';
import { SODIUM_AZIDE } from './antibodies';
import { dyeOf, fluorochromeSpecifications } from './fluorochromes';
import { listPrice, type ProductSpec, RESEARCH_USE, specifications } from './types';

type Item = readonly [name: string, unit: string, format: string, min: number, max: number, summary: string];

const ITEMS: readonly Item[] = [
  [
    'Chamber Slide, 1-well',
    '16/pk',
    'Slide',
    110,
    140,
    'Removable-chamber glass slide for cell culture and staining.',
  ],
  ['Chamber Slide, 2-well', '16/pk', 'Slide', 115, 145, 'Two culture wells on one glass slide.'],
  ['Chamber Slide, 4-well', '16/pk', 'Slide', 120, 150, 'Four culture wells on one glass slide.'],
  ['Chamber Slide, 8-well', '16/pk', 'Slide', 125, 155, 'Eight culture wells on one glass slide.'],
  [
    'Glass-Bottom Dish, 35 mm',
    '20/pk',
    'Dish',
    95,
    125,
    '#1.5 coverglass bottom for high-resolution live imaging.',
  ],
  [
    'Glass-Bottom Dish, 50 mm',
    '20/pk',
    'Dish',
    110,
    140,
    'Larger imaging area with a #1.5 coverglass bottom.',
  ],
  [
    'Coverslips #1.5, 22 x 22 mm',
    '1000/pk',
    'Coverslip',
    55,
    75,
    'High-precision thickness for oil-immersion objectives.',
  ],
  ['Coverslips #1.5, 24 x 50 mm', '1000/pk', 'Coverslip', 70, 95, 'Long coverslips for tissue sections.'],
  ['Antifade Mounting Medium', '10 mL', 'Reagent', 90, 120, 'Hardening mountant that slows photobleaching.'],
  [
    'Antifade Mounting Medium with DAPI',
    '10 mL',
    'Reagent',
    105,
    135,
    'Mounts and counterstains nuclei in one step.',
  ],
  ['Hoechst 33342 Solution', '5 mL', 'Reagent', 70, 95, 'Cell-permeant blue nuclear stain for live cells.'],
  ['DAPI Nuclear Counterstain', '10 mg', 'Reagent', 60, 85, 'Blue nuclear counterstain for fixed cells.'],
  [
    'Live-Cell Imaging Solution',
    '500 mL',
    'Reagent',
    45,
    65,
    'Phenol-red-free buffer that keeps cells healthy on the stage.',
  ],
  [
    'Immunofluorescence Blocking Buffer',
    '100 mL',
    'Reagent',
    55,
    80,
    'Reduces background in immunofluorescence staining.',
  ],
  [
    'Mitochondrial Stain, Red',
    '50 µg',
    'Reagent',
    150,
    190,
    'Accumulates in active mitochondria of live cells.',
  ],
  ['Lysosomal Stain, Green', '50 µg', 'Reagent', 150, 190, 'Labels acidic organelles in live cells.'],
  ['ER Stain, Blue', '50 µg', 'Reagent', 150, 190, 'Selective endoplasmic reticulum stain.'],
  [
    'Plasma Membrane Stain, Deep Red',
    '100 µL',
    'Reagent',
    170,
    210,
    'Uniform membrane labelling for segmentation.',
  ],
  [
    'Fluorescence Calibration Slide',
    '1 slide',
    'Slide',
    240,
    290,
    'Stable fluorescent standards for intensity calibration.',
  ],
  [
    'Immersion Oil, Type F',
    '30 mL',
    'Reagent',
    60,
    85,
    'Low-autofluorescence oil for widefield and confocal.',
  ],
];

const PHALLOIDIN = ['Alexa Fluor 488', 'Alexa Fluor 555', 'Alexa Fluor 647', 'FITC'] as const;
const SECONDARIES = [
  ['Goat anti-Mouse IgG (H+L)', 'Mouse'],
  ['Goat anti-Rabbit IgG (H+L)', 'Rabbit'],
] as const;
const SECONDARY_DYES = ['Alexa Fluor 488', 'Alexa Fluor 555', 'Alexa Fluor 647'] as const;

/** Slides by their chambers, dishes, coverslips; reagents in a vial or, from 100 mL, a bottle. */
function itemImage(name: string, format: string, unit: string): ProductImage {
  const chambers = /Chamber Slide, (\d)-well/.exec(name)?.[1];
  if (chambers === '1' || chambers === '2' || chambers === '4' || chambers === '8')
    return { kind: 'slide', format: 'chamber', chambers, name, size: unit };
  if (format === 'Slide') return { kind: 'slide', format: 'calibration', name, size: unit };
  if (format === 'Dish') return { kind: 'slide', format: 'dish', name, size: unit };
  if (format === 'Coverslip') return { kind: 'slide', format: 'coverslip', name, size: unit };
  const millilitres = /^(\d+) mL$/.exec(unit);
  const vessel = millilitres && Number(millilitres[1]) >= 100 ? 'bottle' : 'vial';
  return { kind: 'reagent', vessel, name, size: unit };
}

/** What the glassware is made of; reagents have none. */
const MATERIALS: Record<string, string> = {
  Slide: 'Soda-lime glass slide, polystyrene chambers',
  Dish: 'Polystyrene dish, #1.5 coverglass bottom (0.17 mm)',
  Coverslip: 'Borosilicate glass, #1.5 (0.17 ± 0.01 mm)',
};

export function imagingProducts(prng: Prng): ProductSpec[] {
  const base = { category: 'imaging' as const, requiresConfiguration: null, customAction: null };
  const items = ITEMS.map(
    ([name, unit, format, min, max, summary]): ProductSpec => ({
      ...base,
      name,
      unit,
      shortDescription: summary,
      description: `${summary} ${RESEARCH_USE}`,
      attributes: { Application: 'Imaging', Format: format, Brand: 'ClearView' },
      listPrice: listPrice(prng, min, max),
      tiered: prng.chance(0.6),
      image: itemImage(name, format, unit),
      specifications: specifications(
        ['Format', format],
        ['Material', MATERIALS[format]],
        ['Size', unit],
        [
          'Sterility',
          format === 'Reagent' || format === 'Coverslip' ? undefined : 'Sterile (gamma irradiated)',
        ],
        ['Storage', format === 'Reagent' ? '2–8 °C, protected from light' : '15–30 °C, dry'],
        ['Shelf life', format === 'Reagent' ? '12 months from manufacture' : '36 months from manufacture'],
      ),
      hazards: [],
      shelfLifeMonths: format === 'Reagent' ? 12 : 36,
    }),
  );
  const phalloidins = PHALLOIDIN.map(
    (dye): ProductSpec => ({
      ...base,
      name: `Phalloidin, ${dye} Conjugate`,
      unit: '300 units',
      shortDescription: `High-affinity F-actin probe labelled with ${dye}.`,
      description: `Stains filamentous actin in fixed and permeabilised cells and tissue. ${RESEARCH_USE}`,
      attributes: { Application: 'Imaging', Format: 'Reagent', Conjugate: dye, Brand: 'ClearView' },
      listPrice: listPrice(prng, 260, 330),
      tiered: true,
      image: { kind: 'reagent', vessel: 'vial', name: 'Phalloidin', dye: dyeOf(dye), size: '300 units' },
      specifications: [
        ...specifications(['Target', 'F-actin'], ['Application', 'Imaging, fixed cells and tissue']),
        ...fluorochromeSpecifications(dye),
        ...specifications(
          ['Size', '300 units'],
          ['Storage', '−20 °C, desiccated and protected from light'],
          ['Shelf life', '12 months from manufacture'],
        ),
      ],
      hazards: [],
      shelfLifeMonths: 12,
    }),
  );
  const secondaries = SECONDARIES.flatMap(([target, species]) =>
    SECONDARY_DYES.map(
      (dye): ProductSpec => ({
        ...base,
        name: `${target} Secondary Antibody, ${dye}`,
        unit: '1 mg',
        shortDescription: `Cross-adsorbed secondary antibody against ${species.toLowerCase()} IgG, ${dye}.`,
        description: `Highly cross-adsorbed for multiplex immunofluorescence. ${RESEARCH_USE}`,
        attributes: {
          Application: 'Imaging',
          Format: 'Liquid',
          Species: species,
          Conjugate: dye,
          Brand: 'ClearView',
        },
        listPrice: listPrice(prng, 210, 280),
        tiered: true,
        image: { kind: 'antibody', target: 'IgG (H+L)', reactivity: species, dye: dyeOf(dye), size: '1 mg' },
        specifications: [
          ...specifications(
            ['Target', `${species} IgG (H+L)`],
            ['Host species', 'Goat'],
            ['Reactivity', species],
            ['Application', 'Immunofluorescence, imaging'],
          ),
          ...fluorochromeSpecifications(dye),
          ...specifications(
            ['Concentration', '2 mg/mL'],
            ['Size', '1 mg'],
            ['Storage', '2–8 °C, protected from light; do not freeze'],
            ['Shelf life', '12 months from manufacture'],
          ),
        ],
        hazards: [SODIUM_AZIDE],
        shelfLifeMonths: 12,
      }),
    ),
  );
  return [...items, ...phalloidins, ...secondaries];
}
