import type { ConfigurationMode } from '@storefront/contracts';
import type { INSTRUMENT_FAMILIES } from '@storefront/contracts/product-images';
import type { Prng } from '../prng';
import { listPrice, type ProductSpec, specifications } from './types';

type Family = (typeof INSTRUMENT_FAMILIES)[number];

/** Family, laser lines, detectors and throughput of each instrument, by name. */
const DETAILS: Record<string, { family: Family; lasers?: string; detectors: string; throughput: string }> = {
  'Benchtop Flow Cytometer, 2-laser': {
    family: 'analyser',
    lasers: '488-640',
    detectors: '6 fluorescence, FSC, SSC',
    throughput: 'Up to 35,000 events/s',
  },
  'Benchtop Flow Cytometer, 3-laser': {
    family: 'analyser',
    lasers: '405-488-640',
    detectors: '10 fluorescence, FSC, SSC',
    throughput: 'Up to 35,000 events/s',
  },
  'Benchtop Flow Cytometer, 4-laser': {
    family: 'analyser',
    lasers: '405-488-561-640',
    detectors: '14 fluorescence, FSC, SSC',
    throughput: 'Up to 35,000 events/s',
  },
  'Spectral Flow Cytometer, 5-laser': {
    family: 'spectral',
    lasers: '355-405-488-561-640',
    detectors: '64-channel full-spectrum array, FSC, SSC',
    throughput: 'Up to 50,000 events/s',
  },
  'Cell Sorter, 4-way, 4-laser': {
    family: 'sorter',
    lasers: '405-488-561-640',
    detectors: '16 fluorescence, FSC, SSC',
    throughput: 'Up to 70,000 events/s; 4-way sorting',
  },
  'Imaging Flow Cytometer': {
    family: 'imaging-flow',
    lasers: '405-488-640',
    detectors: '12-channel TDI camera, brightfield, darkfield',
    throughput: 'Up to 5,000 cells/s imaged',
  },
  'Automated Cell Counter': {
    family: 'counter',
    detectors: '5 MP colour camera, brightfield and two fluorescence channels',
    throughput: '10 s per count',
  },
  'Multimode Microplate Reader': {
    family: 'plate-reader',
    detectors: 'PMT (fluorescence, luminescence), photodiode (absorbance)',
    throughput: '96-well plate in 20 s; 6- to 1536-well plates',
  },
  'Absorbance Microplate Reader': {
    family: 'plate-reader',
    detectors: 'Photodiode array, 230–1000 nm',
    throughput: '96-well plate in 10 s',
  },
  'High-Content Imaging System': {
    family: 'imager',
    lasers: '405-488-561-640',
    detectors: 'Two sCMOS cameras, spinning-disk confocal',
    throughput: '384-well plate, 4 channels, in 20 min',
  },
  'Inverted Fluorescence Microscope': {
    family: 'microscope',
    detectors: 'sCMOS camera, 5 LED channels',
    throughput: 'Manual stage; multi-position time-lapse',
  },
  'Real-Time PCR System, 96-well': {
    family: 'qpcr',
    detectors: '6 excitation and 6 emission filters, CMOS',
    throughput: '96 wells in 35 min (fast cycling)',
  },
  'Real-Time PCR System, 384-well': {
    family: 'qpcr',
    detectors: '5 excitation and 5 emission filters, CMOS',
    throughput: '384 wells in 40 min (fast cycling)',
  },
  'Digital PCR System': {
    family: 'dpcr',
    detectors: '5-colour imaging of 26,000 partitions per well',
    throughput: '96 samples in 2 h',
  },
  'Benchtop NGS Sequencer': {
    family: 'sequencer',
    detectors: '2-channel SBS imaging',
    throughput: 'Up to 120 Gb per run, 2 × 150 bp',
  },
  'Thermal Cycler, 96-well Gradient': {
    family: 'thermal-cycler',
    detectors: 'None (12-zone gradient block)',
    throughput: '96 wells; 5 °C/s ramp',
  },
  'Automated Plate Washer': {
    family: 'washer',
    detectors: 'Liquid-level sensing',
    throughput: '96-well plate washed in 60 s',
  },
};

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
  return INSTRUMENTS.map(([name, application, min, max, configuration, summary]): ProductSpec => {
    const details = DETAILS[name];
    if (!details) throw new Error(`no details for the instrument ${name}`);
    const lasers = details.lasers
      ?.split('-')
      .map((nm) => `${nm} nm`)
      .join(', ');
    return {
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
      image: {
        kind: 'instrument',
        family: details.family,
        name,
        ...(details.lasers ? { lasers: details.lasers } : {}),
      },
      specifications: specifications(
        ['Instrument family', application],
        ['Lasers', lasers],
        ['Detectors', details.detectors],
        ['Throughput', details.throughput],
        ['Power', '100–240 V AC, 50/60 Hz'],
        ['Warranty', 'One year, parts and labour, with on-site service'],
      ),
      hazards: [],
      shelfLifeMonths: null,
    };
  });
}
