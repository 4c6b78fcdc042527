import { type Dye, describeProductImage, type ProductImage } from './product-images';

/**
 * Product pictures drawn from a product's kind and attributes (see contracts/product-images.ts). Pure: the
 * same picture always gives the same SVG. Every text comes from the URL, so every text is escaped.
 */

const WIDTH = 320;
const HEIGHT = 240;
const FONT = 'font-family="\'Helvetica Neue\', Arial, sans-serif"';
const INK = '#1f2a37';
const MUTED = '#5b6878';
const LINE = '#9aa8b6';

/** A fluorochrome's colour: its emission as the eye sees it, deepened where the emission is far red. */
const DYE_COLOURS: Record<Dye, string> = {
  fitc: '#2f9e44',
  pe: '#f08c00',
  apc: '#d6336c',
  'percp-cy55': '#a61e4d',
  'pe-cy7': '#7a1f3d',
  bv421: '#6741d9',
  af488: '#37b24d',
  af555: '#f59f00',
  af647: '#c92a2a',
  ef450: '#3b5bdb',
  ef506: '#1098ad',
  ef520: '#74b816',
  ef660: '#e03131',
  ef780: '#5c2a3a',
};

/** Short names that fit a vial's label band. */
const DYE_SHORT: Record<Dye, string> = {
  fitc: 'FITC',
  pe: 'PE',
  apc: 'APC',
  'percp-cy55': 'PerCP-Cy5.5',
  'pe-cy7': 'PE-Cy7',
  bv421: 'BV421',
  af488: 'AF488',
  af555: 'AF555',
  af647: 'AF647',
  ef450: 'eF450',
  ef506: 'eF506',
  ef520: 'eF520',
  ef660: 'eF660',
  ef780: 'eF780',
};

const KIT_COLOURS: Record<Extract<ProductImage, { kind: 'kit' }>['application'], [string, string]> = {
  ngs: ['#1c7ed6', 'NGS'],
  'single-cell': ['#7048e8', 'SINGLE-CELL'],
  qpcr: ['#0ca678', 'qPCR'],
  pcr: ['#2b8a3e', 'PCR'],
  extraction: ['#e8590c', 'EXTRACTION'],
  epigenetics: ['#ae3ec9', 'EPIGENETICS'],
  apoptosis: ['#c2255c', 'APOPTOSIS'],
  staining: ['#1864ab', 'STAINING'],
  proliferation: ['#5f3dc4', 'PROLIFERATION'],
};

/** XML-escaped, so no text can close an element or open one. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Words into lines of at most `width` characters; a word longer than a line stands alone. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
  return kept;
}

interface TextOptions {
  size: number;
  weight?: 'normal' | 'bold';
  fill?: string;
  anchor?: 'start' | 'middle' | 'end';
}

function text(x: number, y: number, content: string, options: TextOptions): string {
  const { size, weight = 'normal', fill = INK, anchor = 'middle' } = options;
  return `<text x="${x}" y="${y}" ${FONT} font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}">${escapeXml(content)}</text>`;
}

/** Centred lines, the first at `y`. */
function lines(x: number, y: number, content: string[], options: TextOptions): string {
  return content.map((line, index) => text(x, y + index * (options.size + 3), line, options)).join('');
}

/** A pill in the lower right corner naming the pack size. */
function badge(size: string | undefined): string {
  if (!size) return '';
  const width = Math.max(44, size.length * 7 + 18);
  const x = WIDTH - 14 - width;
  return `<rect x="${x}" y="${HEIGHT - 38}" width="${width}" height="24" rx="12" fill="#ffffff" stroke="#c9d3dd"/>${text(x + width / 2, HEIGHT - 21.5, size, { size: 12, weight: 'bold', fill: MUTED })}`;
}

/** A pill in the lower left corner naming what sets the product apart. */
function tag(content: string | undefined): string {
  if (!content) return '';
  const width = content.length * 6.6 + 20;
  return `<rect x="14" y="${HEIGHT - 38}" width="${width}" height="24" rx="12" fill="${INK}"/>${text(14 + width / 2, HEIGHT - 21.5, content, { size: 12, weight: 'bold', fill: '#ffffff' })}`;
}

/** A light in nm as the eye sees it (ultraviolet as violet, infrared as deep red). */
export function wavelengthColour(nm: number): string {
  const stops: [number, [number, number, number]][] = [
    [350, [110, 40, 170]],
    [405, [120, 60, 255]],
    [450, [40, 90, 255]],
    [488, [0, 190, 255]],
    [520, [60, 200, 60]],
    [561, [190, 220, 0]],
    [590, [255, 190, 0]],
    [640, [255, 50, 20]],
    [700, [200, 0, 20]],
    [800, [110, 0, 20]],
  ];
  const clamped = Math.min(Math.max(nm, 350), 800);
  const upper = stops.findIndex(([stop]) => stop >= clamped);
  const [toNm, to] = stops[Math.max(upper, 0)] ?? stops[0]!;
  const [fromNm, from] = stops[Math.max(upper - 1, 0)] ?? stops[0]!;
  const t = toNm === fromNm ? 0 : (clamped - fromNm) / (toNm - fromNm);
  const channel = (i: 0 | 1 | 2) => Math.round(from[i] + (to[i] - from[i]) * t);
  return `#${[channel(0), channel(1), channel(2)].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** A vial: coloured cap, glass body, a label with a band in the cap's colour. */
function vial(
  cap: string,
  band: string,
  labelLines: string[],
  bandText: string,
  options: { wide?: boolean } = {},
) {
  const w = options.wide ? 100 : 84;
  const x = 160 - w / 2;
  const firstSize = labelLines[0] && labelLines[0].length <= 7 ? 19 : 13;
  return [
    `<rect x="${x + 8}" y="34" width="${w - 16}" height="36" rx="6" fill="${cap}"/>`,
    ...[0, 1, 2, 3, 4].map(
      (i) =>
        `<line x1="${x + 16 + i * ((w - 32) / 4)}" y1="38" x2="${x + 16 + i * ((w - 32) / 4)}" y2="66" stroke="#ffffff" stroke-opacity="0.25" stroke-width="2"/>`,
    ),
    `<rect x="${x + 12}" y="68" width="${w - 24}" height="10" fill="#d5dde5"/>`,
    `<rect x="${x}" y="76" width="${w}" height="134" rx="12" fill="url(#glass)" stroke="${LINE}"/>`,
    `<rect x="${x + 4}" y="176" width="${w - 8}" height="30" rx="8" fill="${cap}" fill-opacity="0.22"/>`,
    `<rect x="${x}" y="96" width="${w}" height="76" fill="#ffffff" stroke="#d5dde5"/>`,
    `<rect x="${x}" y="96" width="${w}" height="16" fill="${band}"/>`,
    text(160, 108, bandText, { size: 10, weight: 'bold', fill: '#ffffff' }),
    text(160, 133, labelLines[0] ?? '', { size: firstSize, weight: 'bold' }),
    lines(160, 148, labelLines.slice(1), { size: 10, fill: MUTED }),
  ].join('');
}

function drawAntibody(image: Extract<ProductImage, { kind: 'antibody' }>): string {
  const colour = image.dye ? DYE_COLOURS[image.dye] : '#868e96';
  const sub = [image.reactivity && `anti-${image.reactivity.toLowerCase()}`, image.clone].filter(
    (line): line is string => Boolean(line),
  );
  return (
    vial(colour, colour, [image.target, ...sub], image.dye ? DYE_SHORT[image.dye] : 'PURIFIED') +
    badge(image.size)
  );
}

function drawReagent(image: Extract<ProductImage, { kind: 'reagent' }>): string {
  const colour = image.dye ? DYE_COLOURS[image.dye] : '#4c6ef5';
  const band = image.dye ? DYE_SHORT[image.dye] : 'REAGENT';
  if (image.vessel === 'vial' || image.vessel === 'dropper') {
    const body = vial(colour, colour, wrap(image.name, 12, 3), band);
    // A dropper's cap ends in a tip for dispensing beads drop by drop.
    const tip = image.vessel === 'dropper' ? `<path d="M148 34 L160 14 L172 34 Z" fill="${colour}"/>` : '';
    return tip + body + badge(image.size);
  }
  if (image.vessel === 'carboy') {
    return [
      `<rect x="92" y="40" width="40" height="22" rx="4" fill="${colour}"/>`,
      `<path d="M170 58 h50 a10 10 0 0 1 10 10 v16 h-16 v-10 h-44 z" fill="#ced4da"/>`,
      `<rect x="72" y="58" width="176" height="152" rx="16" fill="url(#glass)" stroke="${LINE}"/>`,
      `<rect x="90" y="100" width="140" height="76" rx="4" fill="#ffffff" stroke="#d5dde5"/>`,
      `<rect x="90" y="100" width="140" height="14" fill="${colour}"/>`,
      lines(160, 134, wrap(image.name, 20, 3), { size: 13, weight: 'bold' }),
      badge(image.size),
    ].join('');
  }
  return [
    `<rect x="132" y="30" width="56" height="30" rx="5" fill="${colour}"/>`,
    `<path d="M138 60 h44 l22 26 v120 a10 10 0 0 1 -10 10 h-68 a10 10 0 0 1 -10 -10 v-120 z" fill="url(#glass)" stroke="${LINE}"/>`,
    `<rect x="116" y="112" width="88" height="72" fill="#ffffff" stroke="#d5dde5"/>`,
    `<rect x="116" y="112" width="88" height="14" fill="${colour}"/>`,
    lines(160, 142, wrap(image.name, 13, 3), { size: 11, weight: 'bold' }),
    badge(image.size),
  ].join('');
}

function drawKit(image: Extract<ProductImage, { kind: 'kit' }>): string {
  const [colour, title] = KIT_COLOURS[image.application];
  const stripe = image.dye
    ? `<rect x="56" y="166" width="172" height="10" fill="${DYE_COLOURS[image.dye]}"/>`
    : '';
  return [
    `<path d="M56 74 L92 50 L264 50 L228 74 Z" fill="${colour}" fill-opacity="0.7"/>`,
    `<path d="M228 74 L264 50 L264 168 L228 196 Z" fill="${colour}" fill-opacity="0.85"/>`,
    `<rect x="56" y="74" width="172" height="122" fill="${colour}"/>`,
    `<rect x="68" y="102" width="148" height="60" rx="3" fill="#ffffff"/>`,
    text(70, 92, title, { size: 11, weight: 'bold', fill: '#ffffff', anchor: 'start' }),
    lines(142, 121, wrap(image.name, 22, 3), { size: 11.5, weight: 'bold' }),
    stripe,
    badge(image.size),
  ].join('');
}

const GRID: Record<Extract<ProductImage, { kind: 'plate' }>['wells'], [number, number]> = {
  '6': [3, 2],
  '24': [6, 4],
  '96': [12, 8],
  '384': [24, 16],
  '1536': [48, 32],
};

const PLATE_LOOK = {
  clear: { body: '#e7eff6', edge: '#93a9bd', well: '#cfdeea', rim: '#a9bccd' },
  white: { body: '#fbfcfd', edge: '#b6c2cd', well: '#eef1f4', rim: '#c9d2da' },
  black: { body: '#2b3038', edge: '#14171c', well: '#15181d', rim: '#4a525e' },
} as const;

function drawPlate(image: Extract<ProductImage, { kind: 'plate' }>): string {
  const [cols, rows] = GRID[image.wells];
  const look = PLATE_LOOK[image.colour];
  const x = 34;
  const y = 30;
  const w = 252;
  const h = 168;
  const pitch = Math.min((w - 28) / cols, (h - 28) / rows);
  const gridX = x + (w - pitch * cols) / 2;
  const gridY = y + (h - pitch * rows) / 2;
  const half = pitch / 2;
  const radius = pitch * (image.bottom === 'half-area' ? 0.28 : 0.4);
  const wellFill = image.bottom === 'glass' ? '#bcd7ee' : look.well;
  const well =
    image.bottom === 'deep'
      ? `<rect x="${half - radius}" y="${half - radius}" width="${radius * 2}" height="${radius * 2}" rx="${radius * 0.2}" fill="${wellFill}" stroke="${look.rim}" stroke-width="${Math.max(pitch * 0.06, 0.4)}"/>`
      : `<circle cx="${half}" cy="${half}" r="${radius}" fill="${wellFill}" stroke="${look.rim}" stroke-width="${Math.max(pitch * (image.bottom === 'pcr' ? 0.12 : 0.06), 0.4)}"/>`;
  // Where the bottom is shaped, a mark at the centre of each well shows it (V: a point, U and round: a glint).
  const bottomMark =
    image.bottom === 'v'
      ? `<circle cx="${half}" cy="${half}" r="${radius * 0.22}" fill="${look.rim}"/>`
      : image.bottom === 'u' || image.bottom === 'round'
        ? `<circle cx="${half - radius * 0.3}" cy="${half - radius * 0.3}" r="${radius * 0.3}" fill="#ffffff" fill-opacity="0.6"/>`
        : image.bottom === 'filter'
          ? `<circle cx="${half}" cy="${half}" r="${radius * 0.6}" fill="#ffffff" fill-opacity="0.55"/>`
          : '';
  return [
    `<defs><pattern id="well" x="${gridX}" y="${gridY}" width="${pitch}" height="${pitch}" patternUnits="userSpaceOnUse">${well}${bottomMark}</pattern></defs>`,
    `<rect x="${x + 4}" y="${y + 8}" width="${w}" height="${h}" rx="10" fill="#000000" fill-opacity="0.12"/>`,
    `<path d="M${x + 14} ${y} H${x + w - 10} a10 10 0 0 1 10 10 V${y + h - 10} a10 10 0 0 1 -10 10 H${x + 10} a10 10 0 0 1 -10 -10 V${y + 14} Z" fill="${look.body}" stroke="${look.edge}" stroke-width="1.5"/>`,
    `<rect x="${gridX}" y="${gridY}" width="${pitch * cols}" height="${pitch * rows}" fill="url(#well)"/>`,
    tag(image.variant),
    badge(image.size),
  ].join('');
}

function drawSeal(image: Extract<ProductImage, { kind: 'seal' }>): string {
  const fill = { optical: '#dbeefe', foil: 'url(#foil)', breathable: '#fdfdfd' }[image.finish];
  const texture =
    image.finish === 'breathable'
      ? `<rect x="58" y="52" width="204" height="132" fill="url(#dots)"/>`
      : `<path d="M78 60 L130 60 L96 176 L60 176 Z" fill="#ffffff" fill-opacity="0.45"/>`;
  return [
    '<defs><linearGradient id="foil" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f1f3f5"/><stop offset="0.5" stop-color="#adb5bd"/><stop offset="1" stop-color="#dee2e6"/></linearGradient>',
    '<pattern id="dots" width="8" height="8" patternUnits="userSpaceOnUse"><circle cx="4" cy="4" r="1.2" fill="#adb5bd"/></pattern></defs>',
    `<rect x="54" y="48" width="212" height="140" rx="6" fill="${fill}" stroke="${LINE}"/>`,
    texture,
    `<path d="M238 48 h28 v28 z" fill="#ffffff" stroke="${LINE}"/>`,
    badge(image.size),
  ].join('');
}

function drawSlide(image: Extract<ProductImage, { kind: 'slide' }>): string {
  if (image.format === 'dish') {
    return [
      '<ellipse cx="160" cy="122" rx="96" ry="80" fill="#e7f0f7" stroke="#8fa5b8" stroke-width="2"/>',
      '<ellipse cx="160" cy="122" rx="84" ry="69" fill="none" stroke="#b7c7d5" stroke-width="6"/>',
      '<ellipse cx="160" cy="122" rx="40" ry="33" fill="#cfe3f3" stroke="#6c8aa5"/>',
      text(160, 218, image.name.replace(/^Glass-Bottom Dish, /, ''), {
        size: 12,
        weight: 'bold',
        fill: MUTED,
      }),
      badge(image.size),
    ].join('');
  }
  if (image.format === 'coverslip') {
    const long = /24 x 50/.test(image.name);
    const w = long ? 200 : 120;
    const h = long ? 90 : 120;
    return [
      ...[2, 1, 0].map(
        (i) =>
          `<rect x="${160 - w / 2 + i * 8}" y="${120 - h / 2 - i * 8}" width="${w}" height="${h}" rx="2" fill="#e3eef7" fill-opacity="0.8" stroke="#8fa5b8"/>`,
      ),
      text(160, 224, image.name.replace(/^Coverslips /, ''), { size: 12, weight: 'bold', fill: MUTED }),
      badge(image.size),
    ].join('');
  }
  const slide = [
    '<rect x="24" y="84" width="272" height="80" rx="3" fill="#eaf2f8" stroke="#8fa5b8"/>',
    '<rect x="24" y="84" width="62" height="80" rx="3" fill="#f6f7f8" stroke="#8fa5b8"/>',
  ];
  if (image.format === 'calibration') {
    const spots = [405, 488, 561, 640, 750].map(
      (nm, i) =>
        `<circle cx="${116 + i * 38}" cy="124" r="13" fill="${wavelengthColour(nm)}" fill-opacity="0.85"/>`,
    );
    return [...slide, ...spots, badge(image.size)].join('');
  }
  const count = Number(image.chambers ?? '1');
  const [cols, rows] = count === 8 ? [4, 2] : [count, 1];
  const cw = 196 / cols;
  const ch = 64 / rows;
  const chambers = Array.from({ length: cols * rows }, (_, i) => {
    const cx = 94 + (i % cols) * cw;
    const cy = 92 + Math.floor(i / cols) * ch;
    return `<rect x="${cx + 2}" y="${cy + 2}" width="${cw - 4}" height="${ch - 4}" rx="3" fill="#ffffff" fill-opacity="0.55" stroke="#3b6ea5" stroke-width="2"/>`;
  });
  return [
    ...slide,
    ...chambers,
    text(55, 190, `${count}-well`, { size: 12, weight: 'bold', fill: MUTED }),
    badge(image.size),
  ].join('');
}

/** Laser lines as coloured dots on an instrument's front. */
function laserDots(lasers: string | undefined, x: number, y: number): string {
  if (!lasers) return '';
  return lasers
    .split('-')
    .map(
      (nm, i) =>
        `<circle cx="${x + i * 16}" cy="${y}" r="5.5" fill="${wavelengthColour(Number(nm))}" stroke="#ffffff"/>`,
    )
    .join('');
}

/** An instrument body with its name on a front plate; the family decides the silhouette around it. */
function drawInstrument(image: Extract<ProductImage, { kind: 'instrument' }>): string {
  const body = (x: number, y: number, w: number, h: number) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="url(#casing)" stroke="#8c99a6"/><rect x="${x}" y="${y + h - 12}" width="${w}" height="12" rx="4" fill="#4b5563"/>`;
  const screen = (x: number, y: number, w: number, h: number) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="3" fill="#1f2937"/><rect x="${x + 4}" y="${y + 4}" width="${w - 8}" height="${h - 8}" rx="2" fill="#2f6fb0" fill-opacity="0.6"/>`;
  const accent = (x: number, y: number, w: number) =>
    `<rect x="${x}" y="${y}" width="${w}" height="5" fill="#0b5cad"/>`;
  const nameplate = (x: number, y: number) =>
    lines(x, y, wrap(image.name, 24, 2), { size: 10, weight: 'bold', fill: MUTED });
  const parts: Record<typeof image.family, () => string> = {
    analyser: () =>
      body(50, 82, 200, 110) +
      accent(50, 100, 200) +
      `<rect x="222" y="60" width="16" height="24" rx="3" fill="#adb5bd"/>` +
      screen(64, 116, 60, 40) +
      laserDots(image.lasers, 148, 126) +
      nameplate(180, 164),
    spectral: () =>
      body(36, 86, 248, 106) +
      `<path d="M36 94 L70 70 H284 V94 Z" fill="#d5dbe1"/>` +
      accent(36, 104, 248) +
      screen(50, 120, 64, 40) +
      laserDots(image.lasers, 140, 128) +
      nameplate(196, 166),
    sorter: () =>
      body(60, 40, 150, 156) +
      accent(60, 58, 150) +
      `<rect x="214" y="96" width="64" height="100" rx="6" fill="#e9f2fb" stroke="#8c99a6"/>` +
      [0, 1, 2, 3]
        .map(
          (i) =>
            `<rect x="${222 + i * 13}" y="150" width="9" height="30" rx="3" fill="#f8f9fa" stroke="#868e96"/>`,
        )
        .join('') +
      screen(74, 72, 70, 46) +
      laserDots(image.lasers, 80, 138) +
      nameplate(135, 166),
    'imaging-flow': () =>
      body(44, 78, 232, 114) +
      accent(44, 96, 232) +
      `<circle cx="96" cy="140" r="22" fill="#1f2937"/><circle cx="96" cy="140" r="11" fill="#3b82c4"/>` +
      laserDots(image.lasers, 140, 124) +
      nameplate(190, 160),
    counter: () =>
      body(94, 96, 132, 96) +
      screen(108, 108, 70, 48) +
      `<rect x="186" y="124" width="28" height="6" rx="2" fill="#343a40"/>` +
      nameplate(160, 208),
    'plate-reader': () =>
      body(50, 76, 220, 104) +
      accent(50, 94, 220) +
      `<rect x="90" y="168" width="120" height="26" rx="3" fill="#ced4da" stroke="#8c99a6"/><rect x="104" y="172" width="92" height="16" rx="2" fill="#f8f9fa" stroke="#adb5bd"/>` +
      screen(64, 108, 52, 34) +
      nameplate(190, 130),
    washer: () =>
      body(60, 102, 200, 90) +
      `<rect x="96" y="62" width="128" height="20" rx="3" fill="#868e96"/>` +
      Array.from(
        { length: 8 },
        (_, i) => `<rect x="${104 + i * 15}" y="82" width="4" height="22" fill="#495057"/>`,
      ).join('') +
      accent(60, 120, 200) +
      nameplate(160, 150),
    imager: () =>
      body(70, 36, 180, 160) +
      accent(70, 54, 180) +
      `<rect x="94" y="74" width="132" height="70" rx="4" fill="#1f2937" fill-opacity="0.85"/><rect x="120" y="120" width="80" height="14" rx="2" fill="#adb5bd"/>` +
      laserDots(image.lasers, 110, 160) +
      nameplate(160, 176),
    microscope: () =>
      `<rect x="70" y="176" width="180" height="18" rx="6" fill="#495057"/><rect x="182" y="58" width="26" height="120" rx="6" fill="url(#casing)" stroke="#8c99a6"/><rect x="88" y="120" width="120" height="10" rx="3" fill="#343a40"/><path d="M196 58 L150 40 L144 52 L186 72 Z" fill="#adb5bd"/><rect x="118" y="132" width="14" height="30" rx="3" fill="#868e96"/>` +
      nameplate(140, 214),
    qpcr: () =>
      body(64, 92, 192, 100) +
      `<path d="M64 96 L84 62 H236 L256 96 Z" fill="#d5dbe1" stroke="#8c99a6"/>` +
      accent(64, 108, 192) +
      screen(78, 124, 60, 40) +
      nameplate(196, 146),
    dpcr: () =>
      body(40, 84, 240, 108) +
      accent(40, 102, 240) +
      `<rect x="58" y="118" width="78" height="50" rx="4" fill="#343a40"/><rect x="144" y="118" width="78" height="50" rx="4" fill="#343a40"/>` +
      nameplate(160, 210),
    sequencer: () =>
      body(76, 44, 168, 150) +
      screen(94, 58, 132, 62) +
      accent(76, 128, 168) +
      `<rect x="120" y="142" width="80" height="26" rx="4" fill="#dee2e6" stroke="#8c99a6"/>` +
      nameplate(160, 212),
    'thermal-cycler': () =>
      body(84, 100, 152, 92) +
      `<rect x="96" y="84" width="128" height="22" rx="6" fill="#ced4da" stroke="#8c99a6"/><rect x="140" y="78" width="40" height="8" rx="3" fill="#868e96"/>` +
      screen(98, 122, 56, 36) +
      nameplate(194, 142),
  };
  return parts[image.family]();
}

function drawPart(image: Extract<ProductImage, { kind: 'part' }>): string {
  const colour = image.nm ? wavelengthColour(Number(image.nm)) : '#4c6ef5';
  const caption = lines(160, 208, wrap(image.name, 34, 2), { size: 12, weight: 'bold', fill: MUTED });
  const shapes: Record<typeof image.shape, () => string> = {
    module: () =>
      `<rect x="84" y="58" width="152" height="110" rx="8" fill="url(#casing)" stroke="#8c99a6"/><rect x="100" y="74" width="70" height="40" rx="3" fill="#2b8a3e" fill-opacity="0.85"/>` +
      [0, 1, 2, 3]
        .map(
          (i) =>
            `<rect x="${186 + (i % 2) * 20}" y="${78 + Math.floor(i / 2) * 20}" width="12" height="12" rx="2" fill="#495057"/>`,
        )
        .join('') +
      `<rect x="100" y="128" width="120" height="24" rx="3" fill="#ffffff" stroke="#ced4da"/>`,
    laser: () =>
      `<rect x="70" y="76" width="140" height="84" rx="6" fill="url(#casing)" stroke="#8c99a6"/>` +
      Array.from(
        { length: 6 },
        (_, i) => `<rect x="${80 + i * 20}" y="64" width="10" height="12" fill="#adb5bd"/>`,
      ).join('') +
      `<circle cx="210" cy="118" r="9" fill="#343a40"/><rect x="214" y="115" width="86" height="6" rx="3" fill="${colour}"/><rect x="84" y="130" width="80" height="18" rx="2" fill="${colour}"/>` +
      text(124, 143, `${image.nm ?? ''} nm`, { size: 11, weight: 'bold', fill: '#ffffff' }),
    filter: () =>
      `<circle cx="160" cy="112" r="66" fill="#495057"/><circle cx="160" cy="112" r="52" fill="${colour}" fill-opacity="0.8"/><path d="M126 86 A44 44 0 0 1 180 72" stroke="#ffffff" stroke-opacity="0.6" stroke-width="6" fill="none"/>`,
    mirror: () =>
      `<path d="M92 160 L172 48 L226 78 L146 190 Z" fill="${colour}" fill-opacity="0.55" stroke="#495057" stroke-width="3"/><path d="M110 150 L176 60" stroke="#ffffff" stroke-opacity="0.7" stroke-width="4"/>`,
    tank: () =>
      `<rect x="96" y="52" width="128" height="134" rx="14" fill="#f1f3f5" stroke="#8c99a6"/><rect x="138" y="36" width="44" height="20" rx="4" fill="#1c7ed6"/><rect x="110" y="110" width="100" height="64" rx="6" fill="#a5d8ff" fill-opacity="0.6"/>`,
    tubing: () =>
      [0, 1, 2, 3]
        .map(
          (i) =>
            `<ellipse cx="${150 + i * 6}" cy="${112 - i * 4}" rx="${70 - i * 8}" ry="${46 - i * 6}" fill="none" stroke="#74c0fc" stroke-width="6"/>`,
        )
        .join(''),
    nozzle: () =>
      `<rect x="128" y="44" width="64" height="40" rx="4" fill="url(#casing)" stroke="#8c99a6"/><path d="M132 84 H188 L166 160 H154 Z" fill="#e9ecef" stroke="#8c99a6"/><circle cx="160" cy="164" r="5" fill="#343a40"/>`,
    objective: () =>
      `<rect x="126" y="40" width="68" height="26" rx="3" fill="#adb5bd"/><rect x="120" y="64" width="80" height="90" rx="6" fill="url(#casing)" stroke="#8c99a6"/><rect x="120" y="96" width="80" height="8" fill="#f59f00"/><path d="M132 154 H188 L176 180 H144 Z" fill="#868e96"/>`,
    rack: () =>
      `<rect x="54" y="110" width="212" height="70" rx="6" fill="#ced4da" stroke="#8c99a6"/>` +
      Array.from(
        { length: 10 },
        (_, i) =>
          `<rect x="${66 + i * 20}" y="${60 + (i % 3) * 4}" width="12" height="${60 - (i % 3) * 4}" rx="5" fill="#f8f9fa" stroke="#868e96"/>`,
      ).join(''),
    cartridge: () =>
      `<rect x="118" y="44" width="84" height="140" rx="10" fill="#f8f9fa" stroke="#8c99a6"/>` +
      Array.from(
        { length: 7 },
        (_, i) =>
          `<line x1="${128 + i * 10.5}" y1="62" x2="${128 + i * 10.5}" y2="166" stroke="#ced4da" stroke-width="3"/>`,
      ).join('') +
      `<rect x="146" y="30" width="28" height="16" rx="3" fill="#1c7ed6"/>`,
    lamp: () =>
      `<circle cx="160" cy="98" r="46" fill="#fff3bf" stroke="#fab005" stroke-width="3"/><circle cx="160" cy="98" r="24" fill="#ffe066"/><rect x="136" y="142" width="48" height="34" rx="4" fill="url(#casing)" stroke="#8c99a6"/>`,
    kit: () =>
      `<rect x="72" y="70" width="176" height="110" rx="6" fill="#495057"/><rect x="88" y="92" width="144" height="64" rx="3" fill="#ffffff"/><rect x="72" y="70" width="176" height="12" fill="#0b5cad"/>`,
  };
  return shapes[image.shape]() + caption;
}

const DEFS =
  '<defs><linearGradient id="glass" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#e9eff4"/><stop offset="0.35" stop-color="#ffffff"/><stop offset="1" stop-color="#dbe3ea"/></linearGradient>' +
  '<linearGradient id="casing" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f8f9fa"/><stop offset="1" stop-color="#dde2e7"/></linearGradient>' +
  '<linearGradient id="backdrop" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f7f9fb"/><stop offset="1" stop-color="#e9eef3"/></linearGradient></defs>';

const DRAW: { [K in ProductImage['kind']]: (image: Extract<ProductImage, { kind: K }>) => string } = {
  antibody: drawAntibody,
  reagent: drawReagent,
  kit: drawKit,
  plate: drawPlate,
  seal: drawSeal,
  slide: drawSlide,
  instrument: drawInstrument,
  part: drawPart,
};

/** The picture as an SVG document, with its description as its title. */
export function drawProductImage(image: ProductImage): string {
  const draw = DRAW[image.kind] as (image: ProductImage) => string;
  const title = escapeXml(describeProductImage(image));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img"><title>${title}</title>${DEFS}<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#backdrop)"/><ellipse cx="160" cy="214" rx="110" ry="10" fill="#000000" fill-opacity="0.06"/>${draw(image)}</svg>`;
}
