import { type ProductSpec, specifications } from './types';

/**
 * Services sold beside the instruments: nothing is shipped for them (spec C§4 'Quote does not require
 * shipping'). Fixed prices, drawing nothing from the demo's PRNG, so adding them moves no other product.
 */
const SERVICES: readonly (readonly [
  name: string,
  unit: string,
  price: number,
  family: 'analyser' | 'sorter' | 'spectral',
  delivery: string,
  summary: string,
])[] = [
  [
    'Extended Warranty, Flow Cytometer, 1 Year',
    '1 year',
    6800,
    'analyser',
    'Parts, labour and travel for on-site repairs',
    'Extends the instrument warranty by a year, preventive maintenance visit included.',
  ],
  [
    'Extended Warranty, Cell Sorter, 1 Year',
    '1 year',
    14500,
    'sorter',
    'Parts, labour and travel for on-site repairs',
    'A further year of cover for sorters, with two preventive maintenance visits.',
  ],
  [
    'On-Site Installation and Operator Training',
    '1 visit',
    2900,
    'analyser',
    'Two days on site by a field application scientist',
    'Installation, performance qualification and hands-on training for up to six operators.',
  ],
  [
    'Spectral Panel Design Course, Online',
    '1 seat',
    450,
    'spectral',
    'Four live online sessions of two hours',
    'Designing, unmixing and validating high-parameter spectral panels.',
  ],
];

export function serviceProducts(): ProductSpec[] {
  return SERVICES.map(([name, unit, price, family, delivery, summary]) => ({
    category: 'services',
    name,
    unit,
    shortDescription: summary,
    description: `${summary} Delivered as a service: nothing is shipped.`,
    attributes: { Application: 'Instrument Service', Format: 'Service', Brand: 'BioNova' },
    listPrice: price,
    tiered: false,
    requiresConfiguration: null,
    customAction: null,
    image: { kind: 'instrument', family, name },
    specifications: specifications(['Delivery', delivery], ['Unit', unit]),
    hazards: [],
    shelfLifeMonths: null,
  }));
}
