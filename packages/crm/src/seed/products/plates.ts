import type { Prng } from '../prng';
import { listPrice, type ProductSpec, sized } from './types';

type Plate = readonly [
  name: string,
  application: string,
  format: string,
  min10: number,
  max10: number,
  summary: string,
];

const PLATES: readonly Plate[] = [
  [
    '96-Well Black Clear-Bottom Imaging Plate',
    'Imaging',
    '96-well',
    85,
    110,
    'Black walls cut crosstalk; the clear film bottom suits confocal imaging.',
  ],
  [
    '384-Well Black Clear-Bottom Imaging Plate',
    'Imaging',
    '384-well',
    120,
    150,
    'High-density imaging plate with a flat optical bottom.',
  ],
  [
    '96-Well Glass-Bottom Plate',
    'Imaging',
    '96-well',
    190,
    240,
    '#1.5 glass bottom for super-resolution and high-NA objectives.',
  ],
  [
    '96-Well Clear Flat-Bottom Plate, TC-Treated',
    'Cell Culture',
    '96-well',
    45,
    60,
    'Tissue-culture treated polystyrene for adherent cells.',
  ],
  [
    '384-Well Clear Flat-Bottom Plate, TC-Treated',
    'Cell Culture',
    '384-well',
    75,
    95,
    'TC-treated 384-well plate for screening.',
  ],
  [
    '24-Well Clear Flat-Bottom Plate, TC-Treated',
    'Cell Culture',
    '24-well',
    50,
    65,
    'Larger wells for expansion and differentiation.',
  ],
  [
    '6-Well Clear Flat-Bottom Plate, TC-Treated',
    'Cell Culture',
    '6-well',
    50,
    65,
    'Six large wells for culture and transfection.',
  ],
  [
    '96-Well Ultra-Low Attachment Spheroid Plate',
    'Cell Culture',
    '96-well',
    210,
    260,
    'Round-bottom wells that form one spheroid per well.',
  ],
  [
    '96-Well Clear U-Bottom Plate',
    'Flow Cytometry',
    '96-well',
    40,
    55,
    'U-bottom wells for staining and washing cells.',
  ],
  [
    '96-Well Clear V-Bottom Plate',
    'Flow Cytometry',
    '96-well',
    40,
    55,
    'V-bottom wells give tight pellets for plate-based staining.',
  ],
  [
    '96-Well White Solid Plate',
    'Luminescence Assay',
    '96-well',
    60,
    80,
    'White walls maximise luminescence signal.',
  ],
  [
    '384-Well White Solid Plate',
    'Luminescence Assay',
    '384-well',
    85,
    110,
    'White 384-well plate for luminescence screening.',
  ],
  [
    '96-Well Black Solid Plate',
    'Fluorescence Assay',
    '96-well',
    60,
    80,
    'Black walls minimise background in fluorescence reads.',
  ],
  [
    '384-Well Black Solid Plate',
    'Fluorescence Assay',
    '384-well',
    85,
    110,
    'Black 384-well plate for fluorescence intensity and FRET.',
  ],
  [
    '1536-Well Black Solid Plate',
    'Fluorescence Assay',
    '1536-well',
    180,
    230,
    'Ultra-high-density plate for miniaturised screens.',
  ],
  [
    '96-Well Half-Area Black Plate',
    'Fluorescence Assay',
    '96-well',
    95,
    120,
    'Half-area wells save reagent at 96-well spacing.',
  ],
  [
    '96-Well Clear Flat-Bottom Plate, Non-Treated',
    'Absorbance Assay',
    '96-well',
    35,
    50,
    'Optically clear wells for ELISA and absorbance.',
  ],
  [
    '96-Well Deep Well Plate, 2 mL',
    'Sample Prep',
    '96-well',
    90,
    120,
    'Square 2 mL wells for culture and extraction.',
  ],
  [
    '384-Well Deep Well Plate, 240 µL',
    'Sample Prep',
    '384-well',
    110,
    140,
    'Deep 384-well storage and prep plate.',
  ],
  [
    '96-Well PCR Plate, Skirted',
    'qPCR',
    '96-well',
    55,
    75,
    'Rigid skirt for robotic handling and thermal cycling.',
  ],
  ['96-Well PCR Plate, Semi-Skirted', 'qPCR', '96-well', 50, 70, 'Semi-skirt fits most thermal cyclers.'],
  ['384-Well PCR Plate', 'qPCR', '384-well', 70, 95, 'Thin-wall 384-well plate for high-throughput PCR.'],
  [
    '96-Well qPCR Plate, White',
    'qPCR',
    '96-well',
    75,
    95,
    'White wells increase fluorescence signal in qPCR.',
  ],
  ['384-Well qPCR Plate, White', 'qPCR', '384-well', 95, 120, 'White 384-well plate for sensitive qPCR.'],
  [
    '96-Well Filter Plate, 0.45 µm',
    'Sample Prep',
    '96-well',
    160,
    200,
    'Hydrophilic membrane for clarification and washes.',
  ],
];

const SEALS: readonly Plate[] = [
  ['Optical Adhesive Film', 'qPCR', 'Seal', 95, 120, 'Optically clear seal for qPCR reads.'],
  ['Pierceable Foil Seal', 'Sample Prep', 'Seal', 80, 105, 'Heat-seal foil that pipette tips can pierce.'],
  [
    'Breathable Sealing Membrane',
    'Cell Culture',
    'Seal',
    70,
    90,
    'Gas-permeable seal that limits evaporation.',
  ],
];

export function plateProducts(prng: Prng): ProductSpec[] {
  const base = { category: 'plates' as const, requiresConfiguration: null, customAction: null };
  const plates = PLATES.flatMap(([name, application, format, min, max, summary]) => {
    const tenPack = listPrice(prng, min, max);
    return sized(
      {
        ...base,
        shortDescription: summary,
        description: `${summary} Sterile, individually wrapped, SBS/ANSI footprint.`,
        attributes: { Application: application, Format: format, Brand: 'BioNova' },
        tiered: prng.chance(0.8),
      },
      name,
      [
        ['10/pk', tenPack],
        ['50/pk', listPrice(prng, tenPack * 4, tenPack * 4.6)],
      ],
    );
  });
  const seals = SEALS.map(
    ([name, application, format, min, max, summary]): ProductSpec => ({
      ...base,
      name: `${name}, 100/pk`,
      unit: '100/pk',
      shortDescription: summary,
      description: `${summary} Fits all SBS-format plates.`,
      attributes: { Application: application, Format: format, Brand: 'BioNova' },
      listPrice: listPrice(prng, min, max),
      tiered: true,
    }),
  );
  return [...plates, ...seals];
}
