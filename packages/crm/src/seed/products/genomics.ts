import type { KIT_APPLICATIONS, ProductImage } from '@storefront/contracts/product-images';
import type { Prng } from '../prng';
import { listPrice, type ProductSpec, RESEARCH_USE, sized, specifications } from './types';

type Family = readonly [
  name: string,
  application: string,
  units: readonly (readonly [unit: string, min: number, max: number])[],
  summary: string,
];

const FAMILIES: readonly Family[] = [
  [
    'NGS Library Prep Kit',
    'NGS',
    [
      ['24 reactions', 980, 1150],
      ['96 reactions', 3400, 3900],
    ],
    'Fragmentation, end repair and ligation in one streamlined workflow.',
  ],
  [
    'PCR-Free DNA Library Prep Kit',
    'NGS',
    [
      ['24 reactions', 1250, 1400],
      ['96 reactions', 4300, 4800],
    ],
    'Removes amplification bias for whole-genome sequencing.',
  ],
  [
    'Stranded mRNA Library Prep Kit',
    'NGS',
    [
      ['24 reactions', 1450, 1650],
      ['96 reactions', 5100, 5600],
    ],
    'Poly(A) selection with strand retention for transcriptomics.',
  ],
  [
    'Total RNA Library Prep Kit with rRNA Depletion',
    'NGS',
    [
      ['24 reactions', 1600, 1800],
      ['96 reactions', 5600, 6200],
    ],
    'Depletes ribosomal RNA to capture coding and non-coding transcripts.',
  ],
  [
    'Small RNA Library Prep Kit',
    'NGS',
    [['24 reactions', 1100, 1300]],
    'Captures microRNA and other small RNA species.',
  ],
  [
    'Single-Cell 3′ Gene Expression Kit',
    'Single-Cell',
    [
      ['4 reactions', 4200, 4800],
      ['16 reactions', 15200, 16800],
    ],
    'Barcodes thousands of single cells for 3′ expression profiling.',
  ],
  [
    'Single-Cell 5′ Immune Profiling Kit',
    'Single-Cell',
    [['4 reactions', 4900, 5500]],
    'Paired V(D)J and gene expression from the same cells.',
  ],
  [
    'Unique Dual Index Adapter Set A',
    'NGS',
    [['96 indexes', 780, 900]],
    'Unique dual indexes that limit index hopping.',
  ],
  [
    'Unique Dual Index Adapter Set B',
    'NGS',
    [['96 indexes', 780, 900]],
    'A second set of 96 unique dual indexes for pooling.',
  ],
  [
    'Unique Dual Index Adapter Set C',
    'NGS',
    [['96 indexes', 780, 900]],
    'A third set of 96 unique dual indexes for pooling.',
  ],
  [
    'Unique Dual Index Adapter Set D',
    'NGS',
    [['96 indexes', 780, 900]],
    'A fourth set of 96 unique dual indexes for pooling.',
  ],
  [
    'Hybrid Capture Exome Panel',
    'NGS',
    [['16 reactions', 3800, 4400]],
    'Targets the coding exome with uniform coverage.',
  ],
  [
    'Cancer Hotspot Panel',
    'NGS',
    [['16 reactions', 2100, 2500]],
    'Amplicon panel covering frequently mutated cancer genes.',
  ],
  [
    'Library Quantification Kit',
    'qPCR',
    [['500 reactions', 520, 620]],
    'qPCR quantification of adapter-ligated libraries.',
  ],
  [
    'Genomic DNA Extraction Kit (Blood)',
    'Nucleic Acid Extraction',
    [
      ['50 preps', 240, 290],
      ['250 preps', 980, 1150],
    ],
    'Spin-column purification of high-molecular-weight DNA from blood.',
  ],
  [
    'Genomic DNA Extraction Kit (Tissue)',
    'Nucleic Acid Extraction',
    [
      ['50 preps', 260, 310],
      ['250 preps', 1050, 1200],
    ],
    'Proteinase K digestion and column purification from tissue.',
  ],
  [
    'Total RNA Purification Kit',
    'Nucleic Acid Extraction',
    [
      ['50 preps', 280, 330],
      ['250 preps', 1150, 1300],
    ],
    'DNase-treated total RNA in under 30 minutes.',
  ],
  [
    'Viral RNA Extraction Kit',
    'Nucleic Acid Extraction',
    [['50 preps', 300, 350]],
    'Purifies viral RNA from swabs, serum and plasma.',
  ],
  [
    'Cell-Free DNA Extraction Kit',
    'Nucleic Acid Extraction',
    [['50 preps', 420, 500]],
    'Recovers short cfDNA fragments from plasma.',
  ],
  [
    'Plasmid Miniprep Kit',
    'Nucleic Acid Extraction',
    [
      ['50 preps', 95, 130],
      ['250 preps', 380, 440],
    ],
    'Transfection-grade plasmid DNA from bacterial cultures.',
  ],
  [
    'Plasmid Midiprep Kit',
    'Nucleic Acid Extraction',
    [['25 preps', 290, 340]],
    'Up to 500 µg plasmid DNA per prep.',
  ],
  [
    'PCR Clean-Up Magnetic Beads',
    'NGS',
    [
      ['5 mL', 180, 220],
      ['60 mL', 1450, 1650],
    ],
    'SPRI beads for clean-up and size selection.',
  ],
  [
    'cDNA Synthesis Kit',
    'qPCR',
    [
      ['50 reactions', 210, 260],
      ['200 reactions', 720, 820],
    ],
    'Reverse transcription with random and oligo(dT) primers.',
  ],
  [
    'One-Step RT-qPCR Kit',
    'qPCR',
    [['200 reactions', 420, 490]],
    'Reverse transcription and amplification in one tube.',
  ],
  [
    'SYBR Green qPCR Master Mix',
    'qPCR',
    [
      ['200 reactions', 180, 220],
      ['1000 reactions', 720, 820],
    ],
    'Hot-start master mix with ROX reference dye.',
  ],
  [
    'Probe qPCR Master Mix',
    'qPCR',
    [
      ['200 reactions', 210, 250],
      ['1000 reactions', 820, 940],
    ],
    'Hydrolysis-probe chemistry, multiplex ready.',
  ],
  [
    'High-Fidelity PCR Master Mix',
    'PCR',
    [
      ['100 reactions', 190, 230],
      ['500 reactions', 760, 860],
    ],
    'Proofreading polymerase with over 100-fold Taq fidelity.',
  ],
  [
    'Hot-Start Taq DNA Polymerase',
    'PCR',
    [['500 units', 140, 180]],
    'Antibody-mediated hot start for specific amplification.',
  ],
  ['dNTP Mix, 10 mM', 'PCR', [['1 mL', 60, 85]], 'Equimolar dATP, dCTP, dGTP and dTTP.'],
  [
    'Bisulfite Conversion Kit',
    'Epigenetics',
    [['50 reactions', 330, 390]],
    'Complete conversion of unmethylated cytosines.',
  ],
  [
    'FFPE DNA Repair Mix',
    'NGS',
    [['24 reactions', 360, 420]],
    'Repairs damage in DNA from fixed tissue before library prep.',
  ],
];

const KIT_BOXES: Record<string, (typeof KIT_APPLICATIONS)[number]> = {
  NGS: 'ngs',
  'Single-Cell': 'single-cell',
  qPCR: 'qpcr',
  PCR: 'pcr',
  'Nucleic Acid Extraction': 'extraction',
  Epigenetics: 'epigenetics',
};

/** Kits in a box coloured by application; what is sold by volume (beads, dNTPs) in its vial or bottle. */
function genomicsImage(name: string, application: string, unit: string): ProductImage {
  const millilitres = /^(\d+) mL$/.exec(unit);
  if (millilitres)
    return { kind: 'reagent', vessel: Number(millilitres[1]) >= 50 ? 'bottle' : 'vial', name, size: unit };
  return { kind: 'kit', application: KIT_BOXES[application] ?? 'pcr', name, size: unit };
}

/** What a unit counts: reactions, preps or indexes; a volume or an enzyme amount is a size. */
function sizeRow(unit: string): readonly [string, string] {
  if (/reactions$/.test(unit)) return ['Reactions', unit.replace(/ reactions$/, '')];
  if (/preps$/.test(unit)) return ['Preparations', unit.replace(/ preps$/, '')];
  if (/indexes$/.test(unit)) return ['Indexes', unit.replace(/ indexes$/, '')];
  return ['Size', unit];
}

export function genomicsProducts(prng: Prng): ProductSpec[] {
  return FAMILIES.flatMap(([name, application, units, summary]) =>
    sized(
      {
        category: 'genomics',
        shortDescription: summary,
        description: `${summary} Store components at −20 °C. Validated on BioNova sequencers and qPCR systems. ${RESEARCH_USE}`,
        attributes: { Application: application, Format: 'Kit', Brand: 'GenoPrep' },
        tiered: prng.chance(0.5),
        requiresConfiguration: null,
        customAction: null,
        hazards: [],
        shelfLifeMonths: 12,
      },
      name,
      units.map(([unit, min, max]) => [unit, listPrice(prng, min, max, 10)] as const),
      (unit) => ({
        image: genomicsImage(name, application, unit),
        specifications: specifications(
          ['Application', application],
          sizeRow(unit),
          [
            'Storage',
            application === 'Nucleic Acid Extraction'
              ? '15–25 °C (buffers); proteinase K at 2–8 °C'
              : '−20 °C; avoid repeated freeze–thaw',
          ],
          ['Shelf life', '12 months from manufacture'],
          ['Quality', 'Free of detectable DNase, RNase and human DNA'],
        ),
      }),
    ),
  );
}
