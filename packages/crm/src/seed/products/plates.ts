import type { PLATE_BOTTOMS, PLATE_COLOURS, PLATE_WELLS } from '@storefront/contracts/product-images';
import type { Prng } from '../prng';
import { listPrice, type ProductSpec, sized, specifications } from './types';

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

type Wells = (typeof PLATE_WELLS)[number];
type Bottom = (typeof PLATE_BOTTOMS)[number];

/** The well bottom a plate's name gives; flat unless it says otherwise. */
function bottomOf(name: string): Bottom {
  const kinds: [RegExp, Bottom][] = [
    [/Glass-Bottom/, 'glass'],
    [/U-Bottom/, 'u'],
    [/V-Bottom/, 'v'],
    [/Ultra-Low Attachment/, 'round'],
    [/Deep Well/, 'deep'],
    [/PCR/, 'pcr'],
    [/Filter/, 'filter'],
    [/Half-Area/, 'half-area'],
  ];
  return kinds.find(([pattern]) => pattern.test(name))?.[1] ?? 'flat';
}

function colourOf(name: string): (typeof PLATE_COLOURS)[number] {
  if (/Black/.test(name)) return 'black';
  return /White/.test(name) ? 'white' : 'clear';
}

/** Working volume per well by format and well type. */
function wellVolume(wells: Wells, bottom: Bottom, name: string): string {
  if (bottom === 'deep') return wells === '96' ? '2 mL' : '240 µL';
  if (bottom === 'pcr') return wells === '96' ? '200 µL' : '40 µL';
  if (bottom === 'half-area') return '190 µL';
  return {
    '6': '16.8 mL',
    '24': '3.4 mL',
    '96': /Filter/.test(name) ? '350 µL' : '360 µL',
    '384': '112 µL',
    '1536': '12.5 µL',
  }[wells];
}

function materialOf(bottom: Bottom): string {
  if (bottom === 'pcr' || bottom === 'deep') return 'Polypropylene';
  if (bottom === 'glass') return 'Polystyrene frame, #1.5 borosilicate glass bottom';
  if (bottom === 'filter') return 'Polypropylene, 0.45 µm hydrophilic PVDF membrane';
  return 'Polystyrene';
}

function surfaceOf(name: string, application: string): string {
  if (/TC-Treated/.test(name)) return 'Tissue-culture treated';
  if (/Ultra-Low Attachment/.test(name)) return 'Ultra-low attachment hydrogel';
  if (application === 'Imaging') return 'Tissue-culture treated';
  return 'Non-treated';
}

/** What tells a plate from others of its format: the name's qualifier, else its walls or purpose. */
function variantOf(name: string): string | undefined {
  const qualifier = name.split(', ')[1];
  if (qualifier) return qualifier;
  if (/Clear-Bottom/.test(name)) return 'Clear bottom';
  if (/Solid/.test(name)) return 'Solid';
  if (/Spheroid/.test(name)) return 'Spheroid';
  return undefined;
}

function wellsOf(format: string): Wells {
  const wells = format.replace('-well', '');
  if (wells === '6' || wells === '24' || wells === '96' || wells === '384' || wells === '1536') return wells;
  throw new Error(`no plate picture for the format ${format}`);
}

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
        hazards: [],
        shelfLifeMonths: 60,
      },
      name,
      [
        ['10/pk', tenPack],
        ['50/pk', listPrice(prng, tenPack * 4, tenPack * 4.6)],
      ],
      (unit) => {
        const wells = wellsOf(format);
        const bottom = bottomOf(name);
        const colour = colourOf(name);
        const pcr = bottom === 'pcr';
        return {
          image: { kind: 'plate', wells, colour, bottom, variant: variantOf(name), size: unit },
          specifications: specifications(
            ['Well format', `${wells} wells`],
            ['Well volume', wellVolume(wells, bottom, name)],
            ['Well bottom', bottom === 'pcr' ? 'Thin-wall conical' : bottom === 'flat' ? 'Flat' : undefined],
            ['Material', materialOf(bottom)],
            [
              'Colour',
              colour === 'clear'
                ? 'Clear'
                : /Clear-Bottom|Glass/.test(name)
                  ? `${colour === 'black' ? 'Black' : 'White'} walls, clear bottom`
                  : colour === 'black'
                    ? 'Black'
                    : 'White',
            ],
            [
              'Surface treatment',
              pcr || bottom === 'deep' || bottom === 'filter' ? undefined : surfaceOf(name, application),
            ],
            [
              'Sterility',
              pcr ? 'DNase, RNase and PCR-inhibitor free' : 'Sterile (gamma irradiated), non-pyrogenic',
            ],
            ['Footprint', 'SBS/ANSI'],
            ['Pack size', unit],
            ['Storage', '15–30 °C, dry'],
          ),
        };
      },
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
      image: {
        kind: 'seal',
        finish: /Foil/.test(name) ? 'foil' : /Breathable/.test(name) ? 'breathable' : 'optical',
        size: '100/pk',
      },
      specifications: specifications(
        ['Format', 'Seal'],
        [
          'Material',
          /Foil/.test(name)
            ? 'Aluminium foil, heat-seal'
            : /Breathable/.test(name)
              ? 'Gas-permeable polyurethane membrane'
              : 'Optically clear polyester, adhesive',
        ],
        ['Fits', 'All SBS-format plates'],
        ['Pack size', '100/pk'],
        ['Storage', '15–30 °C, dry'],
      ),
      hazards: [],
      shelfLifeMonths: 24,
    }),
  );
  return [...plates, ...seals];
}
