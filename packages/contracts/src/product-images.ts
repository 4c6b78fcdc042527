import { z } from 'zod';

/**
 * The generated product pictures: a URL names a picture by the product's kind and attributes, so products
 * that differ look different and products that match share one cached file. The CRM stores these URLs as
 * a product's images; the storefront draws them (docs/decisions/0012-product-images-and-documents.md).
 */

/** Bumped whenever a drawing changes, so a URL names one picture for good and may be cached as immutable. */
export const PRODUCT_IMAGE_BASE = '/product-images/v1';

/** Fluorochromes a product may carry, by URL key: the key picks the colour, the name goes on the label. */
export const DYES = {
  fitc: 'FITC',
  pe: 'PE',
  apc: 'APC',
  'percp-cy55': 'PerCP-Cy5.5',
  'pe-cy7': 'PE-Cy7',
  bv421: 'Brilliant Violet 421',
  af488: 'Alexa Fluor 488',
  af555: 'Alexa Fluor 555',
  af647: 'Alexa Fluor 647',
  ef450: 'eFluor 450',
  ef506: 'eFluor 506',
  ef520: 'eFluor 520',
  ef660: 'eFluor 660',
  ef780: 'eFluor 780',
} as const;
export type Dye = keyof typeof DYES;
const dyeKeys = Object.keys(DYES) as [Dye, ...Dye[]];

/** The URL key of a fluorochrome named as the catalogue names it ('PE-Cy7'); undefined for any other name. */
export function dyeKey(name: string): Dye | undefined {
  return dyeKeys.find((key) => DYES[key] === name);
}

/** Label text drawn on a picture: short, letters, digits and the punctuation product names use. */
const label = z
  .string()
  .min(1)
  .max(60)
  .regex(/^[\p{L}\p{N} .,:;/+()#%°µ′’'×–&-]+$/u);

export const KIT_APPLICATIONS = [
  'ngs',
  'single-cell',
  'qpcr',
  'pcr',
  'extraction',
  'epigenetics',
  'apoptosis',
  'staining',
  'proliferation',
] as const;
export const PLATE_WELLS = ['6', '24', '96', '384', '1536'] as const;
export const PLATE_COLOURS = ['clear', 'white', 'black'] as const;
export const PLATE_BOTTOMS = [
  'flat',
  'round',
  'u',
  'v',
  'glass',
  'deep',
  'pcr',
  'filter',
  'half-area',
] as const;
export const INSTRUMENT_FAMILIES = [
  'analyser',
  'spectral',
  'sorter',
  'imaging-flow',
  'counter',
  'plate-reader',
  'washer',
  'imager',
  'microscope',
  'qpcr',
  'dpcr',
  'sequencer',
  'thermal-cycler',
] as const;
export const PART_SHAPES = [
  'module',
  'laser',
  'filter',
  'mirror',
  'tank',
  'tubing',
  'nozzle',
  'objective',
  'rack',
  'cartridge',
  'lamp',
  'kit',
] as const;

/** Laser lines as '405-488-640': one to six wavelengths in nm. */
const laserLines = z.string().regex(/^\d{3}(-\d{3}){0,5}$/);
const wavelength = z.string().regex(/^\d{3,4}$/);

/** Each kind's parameters; anything else in a URL is not a picture we draw. */
export const PRODUCT_IMAGE_KINDS = {
  antibody: z.strictObject({
    target: label,
    reactivity: label.optional(),
    clone: label.optional(),
    dye: z.enum(dyeKeys).optional(),
    size: label.optional(),
  }),
  reagent: z.strictObject({
    vessel: z.enum(['vial', 'bottle', 'dropper', 'carboy']),
    name: label,
    dye: z.enum(dyeKeys).optional(),
    size: label.optional(),
  }),
  kit: z.strictObject({
    application: z.enum(KIT_APPLICATIONS),
    name: label,
    dye: z.enum(dyeKeys).optional(),
    size: label.optional(),
  }),
  plate: z.strictObject({
    wells: z.enum(PLATE_WELLS),
    colour: z.enum(PLATE_COLOURS),
    bottom: z.enum(PLATE_BOTTOMS),
    /** What tells plates of one format apart: 'TC-treated', 'Skirted' … */
    variant: label.optional(),
    size: label.optional(),
  }),
  seal: z.strictObject({ finish: z.enum(['optical', 'foil', 'breathable']), size: label.optional() }),
  slide: z.strictObject({
    format: z.enum(['chamber', 'calibration', 'dish', 'coverslip']),
    chambers: z.enum(['1', '2', '4', '8']).optional(),
    name: label,
    size: label.optional(),
  }),
  instrument: z.strictObject({
    family: z.enum(INSTRUMENT_FAMILIES),
    name: label,
    lasers: laserLines.optional(),
  }),
  part: z.strictObject({ shape: z.enum(PART_SHAPES), name: label, nm: wavelength.optional() }),
} as const;

export type ProductImageKind = keyof typeof PRODUCT_IMAGE_KINDS;
export type ProductImage = {
  [K in ProductImageKind]: { kind: K } & z.infer<(typeof PRODUCT_IMAGE_KINDS)[K]>;
}[ProductImageKind];

function isKind(kind: string): kind is ProductImageKind {
  return Object.hasOwn(PRODUCT_IMAGE_KINDS, kind);
}

/** The picture's URL; parameters in a fixed order, so the same product always gets the same URL. */
export function productImagePath(image: ProductImage): string {
  const { kind, ...params } = image;
  const query = new URLSearchParams(
    Object.entries(params)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return `${PRODUCT_IMAGE_BASE}/${kind}.svg?${query.toString()}`;
}

/** The picture a URL (or path) names; null for anything we do not draw: another path, a kind or a parameter. */
export function parseProductImage(url: string): ProductImage | null {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://storefront.invalid');
  } catch {
    return null;
  }
  const match = parsed.pathname.match(/^\/product-images\/v1\/([a-z]+)\.svg$/);
  const kind = match?.[1];
  if (!kind || !isKind(kind)) return null;
  const keys = [...parsed.searchParams.keys()];
  // A repeated parameter is ambiguous: refuse it rather than pick one.
  if (new Set(keys).size !== keys.length) return null;
  const params = PRODUCT_IMAGE_KINDS[kind].safeParse(Object.fromEntries(parsed.searchParams));
  return params.success ? ({ kind, ...params.data } as ProductImage) : null;
}

const WELL_BOTTOMS: Record<(typeof PLATE_BOTTOMS)[number], string> = {
  flat: 'flat-bottom',
  round: 'round-bottom ultra-low attachment',
  u: 'U-bottom',
  v: 'V-bottom',
  glass: 'glass-bottom',
  deep: 'deep-well',
  pcr: 'PCR',
  filter: 'filter',
  'half-area': 'half-area',
};

const INSTRUMENT_NAMES: Record<(typeof INSTRUMENT_FAMILIES)[number], string> = {
  analyser: 'benchtop flow cytometer',
  spectral: 'spectral flow cytometer',
  sorter: 'cell sorter',
  'imaging-flow': 'imaging flow cytometer',
  counter: 'cell counter',
  'plate-reader': 'microplate reader',
  washer: 'plate washer',
  imager: 'high-content imager',
  microscope: 'inverted microscope',
  qpcr: 'real-time PCR system',
  dpcr: 'digital PCR system',
  sequencer: 'sequencer',
  'thermal-cycler': 'thermal cycler',
};

const joined = (...parts: (string | false | undefined)[]) => parts.filter(Boolean).join(', ');

/** What the picture shows, in words: the alt text of every place that shows it. */
export function describeProductImage(image: ProductImage): string {
  const words = describe(image);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function describe(image: ProductImage): string {
  switch (image.kind) {
    case 'antibody':
      return joined(
        `${image.reactivity ? `Anti-${image.reactivity.toLowerCase()} ` : ''}${image.target} antibody vial`,
        image.clone && `clone ${image.clone}`,
        image.dye ? `${DYES[image.dye]} conjugate` : 'unconjugated',
        image.size,
      );
    case 'reagent':
      return joined(`${image.name} ${image.vessel}`, image.dye && DYES[image.dye], image.size);
    case 'kit':
      return joined(
        `${image.name}${/ (Kit|Set)$/.test(image.name) ? '' : ' kit'} box`,
        image.dye && DYES[image.dye],
        image.size,
      );
    case 'plate':
      return joined(
        `${image.wells}-well ${image.colour} ${WELL_BOTTOMS[image.bottom]} plate`,
        image.variant?.toLowerCase(),
        image.size && `pack of ${image.size.replace(/\/pk$/, '')}`,
      );
    case 'seal':
      return joined(`${image.finish === 'foil' ? 'Foil' : `${image.finish} film`} plate seal`, image.size);
    case 'slide':
      return joined(
        image.format === 'chamber' ? `${image.chambers ?? '1'}-well chamber slide` : image.name,
        image.size,
      );
    case 'instrument':
      return joined(
        image.name.toLowerCase().includes(INSTRUMENT_NAMES[image.family])
          ? image.name
          : `${image.name} (${INSTRUMENT_NAMES[image.family]})`,
        image.lasers && `lasers at ${image.lasers.replaceAll('-', ', ')} nm`,
      );
    case 'part':
      return image.name;
  }
}

/** The alt text of an image URL: what a generated picture shows, else the product's name. */
export function productImageAlt(url: string, productName: string): string {
  const image = parseProductImage(url);
  return image ? describeProductImage(image) : productName;
}
