import type { ProductImage } from '@storefront/contracts/product-images';
import type { Prng } from '../prng';
import { dyeOf, fluorochromeSpecifications } from './fluorochromes';
import { listPrice, type ProductSpec, RESEARCH_USE, sized, specifications } from './types';

type Family = readonly [
  name: string,
  application: string,
  format: string,
  units: readonly (readonly [unit: string, min: number, max: number])[],
  summary: string,
];

const KIT_CONJUGATES = ['FITC', 'PE', 'APC', 'Brilliant Violet 421'] as const;
const VIABILITY_DYES = ['eFluor 450', 'eFluor 506', 'eFluor 520', 'eFluor 660', 'eFluor 780'] as const;

const FAMILIES: readonly Family[] = [
  [
    '7-AAD Viability Staining Solution',
    'Cell Viability',
    'Liquid',
    [['100 tests', 60, 90]],
    'Excludes dead cells from analysis; no wash step needed.',
  ],
  [
    'Propidium Iodide Staining Solution',
    'Cell Viability',
    'Liquid',
    [['100 tests', 45, 70]],
    'Classic DNA dye for dead-cell exclusion.',
  ],
  [
    'DAPI Staining Solution',
    'Cell Viability',
    'Liquid',
    [['1 mL', 55, 80]],
    'Violet-excited viability dye for unfixed cells.',
  ],
  [
    'Flow Cytometry Staining Buffer',
    'Sample Prep',
    'Liquid',
    [
      ['100 mL', 35, 50],
      ['500 mL', 110, 150],
    ],
    'Buffered saline with BSA and azide for surface staining and washes.',
  ],
  [
    'RBC Lysis Buffer, 10X',
    'Sample Prep',
    'Liquid',
    [
      ['100 mL', 55, 80],
      ['500 mL', 190, 240],
    ],
    'Lyses red cells in whole blood while preserving leukocytes.',
  ],
  [
    'Fixation/Permeabilization Kit',
    'Intracellular Staining',
    'Kit',
    [
      ['50 tests', 150, 190],
      ['250 tests', 520, 640],
    ],
    'Fixes and permeabilises cells for cytokine staining.',
  ],
  [
    'FoxP3/Transcription Factor Staining Buffer Set',
    'Intracellular Staining',
    'Kit',
    [['100 tests', 210, 260]],
    'Optimised for nuclear antigens such as FoxP3 and Ki-67.',
  ],
  [
    'Intracellular Fixation Buffer',
    'Intracellular Staining',
    'Liquid',
    [['100 mL', 70, 95]],
    'Paraformaldehyde-based fixation for intracellular targets.',
  ],
  [
    'Permeabilization Buffer, 10X',
    'Intracellular Staining',
    'Liquid',
    [['100 mL', 65, 90]],
    'Saponin-based buffer for cytoplasmic staining.',
  ],
  [
    'Cell Stimulation Cocktail, 500X',
    'Intracellular Staining',
    'Liquid',
    [['1 mL', 95, 130]],
    'PMA and ionomycin for cytokine induction.',
  ],
  [
    'Protein Transport Inhibitor Cocktail, 500X',
    'Intracellular Staining',
    'Liquid',
    [['1 mL', 85, 120]],
    'Brefeldin A and monensin to retain cytokines.',
  ],
  [
    'Human Fc Receptor Blocking Solution',
    'Sample Prep',
    'Liquid',
    [['100 tests', 110, 150]],
    'Reduces non-specific binding to Fc receptors.',
  ],
  [
    'Mouse Fc Block (anti-CD16/32)',
    'Sample Prep',
    'Liquid',
    [['0.5 mg', 120, 160]],
    'Blocks Fc gamma receptors on mouse cells.',
  ],
  [
    'UltraComp Compensation Beads',
    'Compensation',
    'Beads',
    [['100 tests', 180, 230]],
    'Capture beads for single-colour compensation controls.',
  ],
  [
    'Absolute Counting Beads',
    'Compensation',
    'Beads',
    [['50 tests', 240, 300]],
    'Determines absolute cell counts per microlitre.',
  ],
  [
    'Rainbow Calibration Particles, 8 peaks',
    'Instrument QC',
    'Beads',
    [['5 mL', 260, 320]],
    'Eight intensities for linearity and daily performance checks.',
  ],
  [
    'Cytometer Setup & Tracking Beads',
    'Instrument QC',
    'Beads',
    [['50 tests', 310, 380]],
    'Daily setup and tracking of detector performance.',
  ],
  [
    'Sheath Fluid',
    'Instrument QC',
    'Liquid',
    [['20 L', 95, 130]],
    'Particle-free sheath fluid for all benchtop analysers.',
  ],
  [
    'Cleaning Solution',
    'Instrument QC',
    'Liquid',
    [['1 L', 45, 65]],
    'Removes residue from the fluidics between runs.',
  ],
  [
    'Fluidics Shutdown Solution',
    'Instrument QC',
    'Liquid',
    [['1 L', 45, 65]],
    'Keeps the flow cell clean during shutdown.',
  ],
  [
    'CFSE Cell Proliferation Kit',
    'Cell Proliferation',
    'Kit',
    [['10 tests', 160, 210]],
    'Tracks cell divisions by dye dilution.',
  ],
  [
    'Violet Cell Proliferation Dye',
    'Cell Proliferation',
    'Kit',
    [['20 tests', 180, 230]],
    'Violet-excited tracking dye for division analysis.',
  ],
  [
    'Calcein AM Viability Dye',
    'Cell Viability',
    'Liquid',
    [['1 mg', 110, 150]],
    'Live cells convert it to green fluorescent calcein.',
  ],
  [
    'Brefeldin A Solution, 1000X',
    'Intracellular Staining',
    'Liquid',
    [['1 mL', 60, 85]],
    'Golgi blocker for intracellular cytokine staining.',
  ],
  [
    'Monensin Solution, 1000X',
    'Intracellular Staining',
    'Liquid',
    [['1 mL', 60, 85]],
    'Ionophore that blocks protein secretion.',
  ],
  [
    'DNase I Solution',
    'Sample Prep',
    'Liquid',
    [['1 mL', 75, 100]],
    'Prevents clumping in thawed or dissociated samples.',
  ],
  [
    'EDTA Solution, 0.5 M',
    'Sample Prep',
    'Liquid',
    [['100 mL', 30, 45]],
    'Chelator for gentle cell detachment and anti-clumping.',
  ],
];

/** Hazard statements (CLP) of the reagents that carry any; the rest are not hazardous. */
const HAZARDS: Record<string, string[]> = {
  'Fixation/Permeabilization Kit': [
    'H317: May cause an allergic skin reaction.',
    'H341: Suspected of causing genetic defects.',
    'H350: May cause cancer (contains formaldehyde).',
  ],
  'Intracellular Fixation Buffer': [
    'H317: May cause an allergic skin reaction.',
    'H341: Suspected of causing genetic defects.',
    'H350: May cause cancer (contains formaldehyde).',
  ],
  'Propidium Iodide Staining Solution': ['H341: Suspected of causing genetic defects.'],
  'Cleaning Solution': ['H315: Causes skin irritation.', 'H319: Causes serious eye irritation.'],
  'Cell Stimulation Cocktail, 500X': [
    'H315: Causes skin irritation.',
    'H319: Causes serious eye irritation.',
  ],
};

/** The CAS registry numbers of the reagents that are one defined chemical, which chemists search by. */
const CAS_NUMBERS: Record<string, string> = {
  '7-AAD Viability Staining Solution': '7240-37-1',
  'Propidium Iodide Staining Solution': '25535-16-4',
  'DAPI Staining Solution': '28718-90-3',
  'Calcein AM Viability Dye': '148504-34-1',
  'Brefeldin A Solution, 1000X': '20350-15-6',
  'Monensin Solution, 1000X': '22373-78-0',
  'EDTA Solution, 0.5 M': '60-00-4',
};

/** Reagents kept at room temperature; the rest at 2–8 °C. */
const ROOM_TEMPERATURE = new Set([
  'Sheath Fluid',
  'Cleaning Solution',
  'Fluidics Shutdown Solution',
  'EDTA Solution, 0.5 M',
]);

/** The vessel a liquid ships in follows its volume: a vial up to a few mL, a bottle, a carboy from 20 L. */
function vesselFor(unit: string): Extract<ProductImage, { kind: 'reagent' }>['vessel'] {
  const litres = /^(\d+) L$/.exec(unit);
  if (litres) return Number(litres[1]) >= 20 ? 'carboy' : 'bottle';
  const millilitres = /^(\d+) mL$/.exec(unit);
  return millilitres && Number(millilitres[1]) >= 50 ? 'bottle' : 'vial';
}

/** A reagent's picture: kits as a box, beads in a dropper, liquids in the vessel of their volume. */
function reagentImage(name: string, format: string, application: string, unit: string): ProductImage {
  const label = name.replace(/,? \d+X$/, '').replace(/ Solution$/, '');
  if (format === 'Kit')
    return {
      kind: 'kit',
      application: application === 'Cell Proliferation' ? 'proliferation' : 'staining',
      name: label,
      size: unit,
    };
  return {
    kind: 'reagent',
    vessel: format === 'Beads' ? 'dropper' : vesselFor(unit),
    name: label,
    size: unit,
  };
}

export function reagentProducts(prng: Prng): ProductSpec[] {
  const apoptosisKits = KIT_CONJUGATES.flatMap((conjugate) =>
    sized(
      {
        category: 'reagents',
        shortDescription: `Annexin V-${conjugate} with a viability dye to tell early from late apoptosis.`,
        description: `Detects phosphatidylserine exposure with Annexin V-${conjugate}. Includes binding buffer. ${RESEARCH_USE}`,
        attributes: { Application: 'Apoptosis', Format: 'Kit', Conjugate: conjugate, Brand: 'NovaFlow' },
        tiered: true,
        requiresConfiguration: null,
        customAction: null,
        hazards: [],
        shelfLifeMonths: 12,
      },
      `Annexin V Apoptosis Detection Kit, ${conjugate}`,
      [
        ['50 tests', listPrice(prng, 240, 300)],
        ['100 tests', listPrice(prng, 400, 480)],
      ],
      (unit) => ({
        image: {
          kind: 'kit',
          application: 'apoptosis',
          name: 'Annexin V',
          dye: dyeOf(conjugate),
          size: unit,
        },
        specifications: [
          ...specifications(['Application', 'Apoptosis, flow cytometry']),
          ...fluorochromeSpecifications(conjugate),
          ...specifications(
            ['Components', `Annexin V-${conjugate}, 7-AAD viability dye, 10X binding buffer`],
            ['Size', unit],
            ['Storage', '2–8 °C, protected from light; do not freeze'],
            ['Shelf life', '12 months from manufacture'],
          ),
        ],
      }),
    ),
  );
  const viabilityDyes = VIABILITY_DYES.map(
    (dye): ProductSpec => ({
      category: 'reagents',
      name: `Fixable Viability Dye ${dye}`,
      unit: '100 tests',
      shortDescription: `Amine-reactive dye that survives fixation; ${dye} emission.`,
      description: `Stains dead cells irreversibly so that they stay excluded after fixation and permeabilisation. ${RESEARCH_USE}`,
      attributes: { Application: 'Cell Viability', Format: 'Lyophilized', Conjugate: dye, Brand: 'NovaFlow' },
      listPrice: listPrice(prng, 140, 190),
      tiered: true,
      requiresConfiguration: null,
      customAction: null,
      image: {
        kind: 'reagent',
        vessel: 'vial',
        name: `Viability Dye ${dye}`,
        dye: dyeOf(dye),
        size: '100 tests',
      },
      specifications: [
        ...specifications(['Application', 'Dead-cell exclusion, flow cytometry'], ['Format', 'Lyophilized']),
        ...fluorochromeSpecifications(dye),
        ...specifications(
          ['Size', '100 tests'],
          ['Storage', '−20 °C, desiccated and protected from light'],
          ['Shelf life', '12 months from manufacture'],
        ),
      ],
      hazards: [],
      shelfLifeMonths: 12,
    }),
  );
  const buffers = FAMILIES.flatMap(([name, application, format, units, summary]) =>
    sized(
      {
        category: 'reagents',
        shortDescription: summary,
        description: `${summary} Ships at ambient temperature; store at 2–8 °C on arrival. ${RESEARCH_USE}`,
        attributes: { Application: application, Format: format, Brand: 'NovaFlow' },
        tiered: prng.chance(0.6),
        requiresConfiguration: null,
        customAction: null,
        hazards: HAZARDS[name] ?? [],
        shelfLifeMonths: 18,
      },
      name,
      units.map(([unit, min, max]) => [unit, listPrice(prng, min, max)] as const),
      (unit) => ({
        image: reagentImage(name, format, application, unit),
        specifications: specifications(
          ['Application', application],
          ['Format', format],
          ['CAS number', CAS_NUMBERS[name]],
          ['Size', unit],
          ['Storage', ROOM_TEMPERATURE.has(name) ? '15–30 °C' : '2–8 °C; do not freeze'],
          ['Shelf life', '18 months from manufacture'],
        ),
      }),
    ),
  );
  return [...apoptosisKits, ...viabilityDyes, ...buffers];
}
