import type { ConfigurationMode } from '@storefront/contracts';
import type { Prng } from '../prng';
import { listPrice, type ProductSpec } from './types';

type Instrument = readonly [
  name: string,
  application: string,
  min: number,
  max: number,
  configuration: ConfigurationMode | null,
  summary: string,
];

const INSTRUMENTS: readonly Instrument[] = [
  [
    'Benchtop Flow Cytometer, 2-laser',
    'Flow Cytometry',
    68000,
    76000,
    'Needs',
    'Six-colour analyser with 488 and 640 nm lasers.',
  ],
  [
    'Benchtop Flow Cytometer, 3-laser',
    'Flow Cytometry',
    98000,
    112000,
    'Needs',
    'Ten-colour analyser with 405, 488 and 640 nm lasers.',
  ],
  [
    'Benchtop Flow Cytometer, 4-laser',
    'Flow Cytometry',
    138000,
    152000,
    'Needs',
    'Fourteen-colour analyser adding a 561 nm laser.',
  ],
  [
    'Spectral Flow Cytometer, 5-laser',
    'Flow Cytometry',
    285000,
    320000,
    'Needs',
    'Full-spectrum detection for 40-colour panels.',
  ],
  [
    'Cell Sorter, 4-way, 4-laser',
    'Flow Cytometry',
    395000,
    440000,
    'Needs',
    'Four-way sorting into tubes or plates at high purity.',
  ],
  [
    'Imaging Flow Cytometer',
    'Flow Cytometry',
    340000,
    380000,
    'Needs',
    'Captures an image of every cell in flow.',
  ],
  [
    'Automated Cell Counter',
    'Cell Counting',
    8200,
    9400,
    null,
    'Counts and checks viability in ten seconds.',
  ],
  [
    'Multimode Microplate Reader',
    'Plate Reading',
    46000,
    54000,
    'Suggests',
    'Absorbance, fluorescence, luminescence and TRF in one reader.',
  ],
  [
    'Absorbance Microplate Reader',
    'Plate Reading',
    14500,
    17000,
    null,
    'UV/Vis absorbance from 230 to 1000 nm.',
  ],
  [
    'High-Content Imaging System',
    'Imaging',
    265000,
    298000,
    'Needs',
    'Automated confocal imaging of plates with analysis software.',
  ],
  [
    'Inverted Fluorescence Microscope',
    'Imaging',
    38000,
    45000,
    'Suggests',
    'Five-channel LED microscope with incubation option.',
  ],
  [
    'Real-Time PCR System, 96-well',
    'qPCR',
    32000,
    38000,
    'Suggests',
    'Six-channel optics with gradient block.',
  ],
  ['Real-Time PCR System, 384-well', 'qPCR', 52000, 58000, null, 'High-throughput qPCR for screening labs.'],
  [
    'Digital PCR System',
    'qPCR',
    89000,
    99000,
    'Upload Configuration',
    'Absolute quantification by partitioning.',
  ],
  ['Benchtop NGS Sequencer', 'NGS', 245000, 275000, 'Needs', 'Mid-output sequencing with onboard analysis.'],
  [
    'Thermal Cycler, 96-well Gradient',
    'PCR',
    6200,
    7400,
    null,
    'Twelve-zone gradient for fast optimisation.',
  ],
  [
    'Automated Plate Washer',
    'Plate Reading',
    11800,
    13600,
    null,
    'Eight-channel washer for 96- and 384-well plates.',
  ],
];

export function instrumentProducts(prng: Prng): ProductSpec[] {
  return INSTRUMENTS.map(
    ([name, application, min, max, configuration, summary]): ProductSpec => ({
      category: 'instruments',
      name,
      unit: '1 system',
      shortDescription: summary,
      description: `${summary} Includes installation, on-site training and a one-year service contract.`,
      attributes: { Application: application, Format: 'Instrument', Brand: 'BioNova' },
      listPrice: listPrice(prng, min, max, 100),
      tiered: false,
      requiresConfiguration: configuration,
      // Instruments bought as they are can still be quoted for a site; configurable ones use CONFIGURE instead.
      customAction: configuration ? null : { label: 'Request a Quote', url: '/cpq', openInNewTab: false },
    }),
  );
}
