import type { PART_SHAPES } from '@storefront/contracts/product-images';
import type { Prng } from '../prng';
import { listPrice, type ProductSpec, specifications } from './types';

type Shape = (typeof PART_SHAPES)[number];

/** The drawing a part's name calls for; anything not listed is a module (pump, detector, board …). */
const SHAPES: [RegExp, Shape][] = [
  [/^Laser Module/, 'laser'],
  [/^Bandpass Filter/, 'filter'],
  [/Dichroic Mirror/, 'mirror'],
  [/Tank/, 'tank'],
  [/Tubing/, 'tubing'],
  [/Nozzle/, 'nozzle'],
  [/^Objective/, 'objective'],
  [/Rack/, 'rack'],
  [/Filter Cartridge|Air Filter/, 'cartridge'],
  [/Lamp|LED Light/, 'lamp'],
  [/Kit, Annual|Calibration Kit/, 'kit'],
];

/** The instruments a part fits, by what the name says it is for. */
const COMPATIBLE: [RegExp, string][] = [
  [/Sort Nozzle|Deflection Plate/, 'Cell Sorter, 4-way, 4-laser'],
  [/Xenon Flash Lamp/, 'Multimode Microplate Reader'],
  [/LED Light Source/, 'Inverted Fluorescence Microscope'],
  [/^Objective/, 'High-Content Imaging System, Inverted Fluorescence Microscope'],
  [/Heated Lid|Thermal Block/, 'Thermal Cycler, 96-well Gradient; Real-Time PCR System, 96-well'],
  [/Touchscreen|Power Supply|Air Filter/, 'All BioNova benchtop instruments'],
  [/Plate Loader|Sample Tube Rack/, 'Benchtop Flow Cytometers (2-, 3- and 4-laser), Spectral Flow Cytometer'],
];
/** Lasers and mirrors by their wavelength, filters by their passband. */
function wavelengthRow(
  shape: Shape,
  name: string,
  nm: string | undefined,
): readonly [string, string | undefined] {
  if (shape === 'laser') return ['Wavelength', `${nm} nm`];
  if (shape === 'filter') return ['Passband (centre/width)', name.replace('Bandpass Filter, ', '')];
  if (shape === 'mirror') return ['Cut-on wavelength', `${nm} nm`];
  return ['Wavelength', undefined];
}

const CYTOMETERS = 'Benchtop Flow Cytometers (2-, 3- and 4-laser), Spectral Flow Cytometer, Cell Sorter';

type Part = readonly [
  name: string,
  unit: string,
  min: number,
  max: number,
  consumable: boolean,
  summary: string,
];

const PARTS: readonly Part[] = [
  [
    'Fluidics Pump Assembly',
    '1 each',
    2400,
    2900,
    false,
    'Replacement sheath and waste pump for benchtop cytometers.',
  ],
  ['Flow Cell Assembly', '1 each', 5200, 6100, false, 'Quartz cuvette flow cell with mounting bracket.'],
  ['Sample Injection Probe', '1 each', 380, 460, false, 'Stainless steel probe for tube and plate loaders.'],
  ['Sheath Fluid Tank, 10 L', '1 each', 290, 350, false, 'Pressurised sheath container with level sensor.'],
  ['Waste Tank, 10 L', '1 each', 240, 300, false, 'Waste container with full-level sensor and cap.'],
  ['Laser Module, 405 nm', '1 each', 11800, 13500, false, 'Violet solid-state laser, 100 mW.'],
  ['Laser Module, 488 nm', '1 each', 12500, 14200, false, 'Blue solid-state laser, 60 mW.'],
  ['Laser Module, 561 nm', '1 each', 14200, 16100, false, 'Yellow-green solid-state laser, 50 mW.'],
  ['Laser Module, 640 nm', '1 each', 11200, 12900, false, 'Red diode laser, 100 mW.'],
  [
    'Bandpass Filter, 450/50 nm',
    '1 each',
    260,
    320,
    true,
    'Hard-coated emission filter for violet-excited dyes.',
  ],
  ['Bandpass Filter, 530/30 nm', '1 each', 260, 320, true, 'Emission filter for FITC and GFP.'],
  ['Bandpass Filter, 585/42 nm', '1 each', 260, 320, true, 'Emission filter for PE.'],
  ['Bandpass Filter, 670/30 nm', '1 each', 260, 320, true, 'Emission filter for APC and Alexa Fluor 647.'],
  ['Bandpass Filter, 780/60 nm', '1 each', 260, 320, true, 'Emission filter for PE-Cy7 and APC-Cy7.'],
  ['Longpass Dichroic Mirror, 505 nm', '1 each', 310, 380, true, 'Splits blue and green emission paths.'],
  ['Longpass Dichroic Mirror, 560 nm', '1 each', 310, 380, true, 'Splits green and orange emission paths.'],
  ['Longpass Dichroic Mirror, 635 nm', '1 each', 310, 380, true, 'Splits orange and red emission paths.'],
  ['Photomultiplier Tube Module', '1 each', 3200, 3800, false, 'Low-noise PMT detector with signal board.'],
  [
    'Avalanche Photodiode Detector',
    '1 each',
    2800,
    3300,
    false,
    'High quantum-efficiency detector for red channels.',
  ],
  [
    'Sheath Filter Cartridge, 0.2 µm',
    '2/pk',
    180,
    230,
    true,
    'In-line filter that keeps sheath particle-free.',
  ],
  ['Air Filter Kit', '4/pk', 90, 120, true, 'Replacement intake filters for the instrument cabinet.'],
  ['Fluidics Tubing Kit', '1 kit', 420, 520, true, 'Complete set of sheath, sample and waste tubing.'],
  ['Peristaltic Pump Tubing', '10/pk', 140, 180, true, 'Pharmed tubing segments for the sample pump.'],
  ['Pressure Regulator', '1 each', 890, 1050, false, 'Precision regulator for sheath pressure.'],
  ['Sample Tube Rack, 40-position', '1 each', 340, 420, false, 'Autoloader rack for 12 x 75 mm tubes.'],
  ['Plate Loader Module', '1 each', 18500, 21000, false, 'Runs 96- and 384-well plates unattended.'],
  ['Sort Nozzle, 70 µm', '1 each', 640, 760, true, 'Ceramic nozzle for high-speed sorting of small cells.'],
  ['Sort Nozzle, 100 µm', '1 each', 640, 760, true, 'Ceramic nozzle for larger or fragile cells.'],
  ['Sort Nozzle, 130 µm', '1 each', 640, 760, true, 'Ceramic nozzle for cell clusters and organoids.'],
  ['Deflection Plate Set', '1 set', 2100, 2500, false, 'Matched high-voltage plates for the sort block.'],
  ['Xenon Flash Lamp', '1 each', 980, 1150, true, 'Replacement lamp for multimode plate readers.'],
  [
    'LED Light Source Module',
    '1 each',
    2600,
    3100,
    false,
    'Five-channel LED engine for fluorescence microscopes.',
  ],
  [
    'Objective, 20x Plan Apochromat',
    '1 each',
    4200,
    4900,
    false,
    'NA 0.75 air objective for high-content imaging.',
  ],
  [
    'Objective, 40x Plan Apochromat',
    '1 each',
    6800,
    7700,
    false,
    'NA 0.95 air objective with correction collar.',
  ],
  ['Heated Lid Assembly', '1 each', 760, 900, false, 'Replacement heated lid for thermal cyclers.'],
  [
    'Thermal Block, 96-well',
    '1 each',
    3400,
    3900,
    false,
    'Peltier block module for 96-well thermal cyclers.',
  ],
  ['Touchscreen Control Panel', '1 each', 1450, 1700, false, '10-inch touchscreen with mounting kit.'],
  [
    'Power Supply Unit',
    '1 each',
    880,
    1020,
    false,
    'Replacement 24 V power supply for benchtop instruments.',
  ],
  [
    'Preventive Maintenance Kit, Annual',
    '1 kit',
    1150,
    1350,
    true,
    'Filters, seals and tubing for the yearly service.',
  ],
  [
    'Optical Alignment & Calibration Kit',
    '1 kit',
    690,
    820,
    true,
    'Alignment beads and tools for laser delay setup.',
  ],
];

export function partProducts(prng: Prng): ProductSpec[] {
  return PARTS.map(([name, unit, min, max, consumable, summary], index): ProductSpec => {
    const nm = /(\d{3}) nm/.exec(name)?.[1];
    const shape = SHAPES.find(([pattern]) => pattern.test(name))?.[1] ?? 'module';
    return {
      category: 'parts',
      name,
      unit,
      shortDescription: summary,
      description: `${summary} Genuine BioNova part; installation instructions included.`,
      attributes: { Application: 'Instrument Service', Format: 'Part', Brand: 'BioNova' },
      listPrice: listPrice(prng, min, max, 10),
      tiered: consumable,
      requiresConfiguration: null,
      // Every fourth part links to the configurator so buyers can check it fits their instrument.
      customAction:
        index % 4 === 0 ? { label: 'Check Compatibility', url: '/configurator', openInNewTab: false } : null,
      image: { kind: 'part', shape, name, ...(nm ? { nm } : {}) },
      specifications: specifications(
        ['Compatible instrument', COMPATIBLE.find(([pattern]) => pattern.test(name))?.[1] ?? CYTOMETERS],
        wavelengthRow(shape, name, nm),
        ['Unit', unit],
        [
          'Replacement',
          consumable
            ? 'Consumable; replace at service or as needed'
            : 'Field-replaceable by a BioNova engineer',
        ],
      ),
      hazards: shape === 'laser' ? ['Class 3B laser product: avoid exposure to the beam.'] : [],
      // Consumable parts are made in lots; hardware is serialised instead.
      shelfLifeMonths: consumable ? 60 : null,
    };
  });
}
