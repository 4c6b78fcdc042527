import { describe, expect, it } from 'vitest';
import { drawProductImage, escapeXml, wavelengthColour } from '../src/product-image-drawing';
import {
  describeProductImage,
  type ProductImage,
  parseProductImage,
  productImagePath,
} from '../src/product-images';

const pe: ProductImage = { kind: 'antibody', target: 'CD4', reactivity: 'Human', clone: 'RPA-T4', dye: 'pe' };

describe('product pictures', () => {
  it('names the same picture by the same URL, whatever the order of the attributes', () => {
    const shuffled: ProductImage = {
      dye: 'pe',
      clone: 'RPA-T4',
      kind: 'antibody',
      reactivity: 'Human',
      target: 'CD4',
    };
    expect(productImagePath(shuffled)).toBe(productImagePath(pe));
    expect(parseProductImage(productImagePath(pe))).toEqual(pe);
    expect(drawProductImage(pe)).toBe(drawProductImage(shuffled));
  });

  it('draws products whose attributes differ differently: the conjugate colours the vial, wells make the plate', () => {
    const fitc = drawProductImage({ ...pe, dye: 'fitc' });
    expect(drawProductImage(pe)).toContain('#f08c00');
    expect(fitc).toContain('#2f9e44');
    expect(fitc).not.toBe(drawProductImage(pe));
    const plate = (wells: '96' | '384', colour: 'black' | 'white') =>
      drawProductImage({ kind: 'plate', wells, colour, bottom: 'flat' });
    expect(new Set([plate('96', 'black'), plate('384', 'black'), plate('96', 'white')]).size).toBe(3);
    const family = (family: 'sorter' | 'sequencer') =>
      drawProductImage({ kind: 'instrument', family, name: 'System' });
    expect(family('sorter')).not.toBe(family('sequencer'));
  });

  it('describes the picture for its alt text', () => {
    expect(describeProductImage(pe)).toBe('Anti-human CD4 antibody vial, clone RPA-T4, PE conjugate');
    expect(
      describeProductImage({ kind: 'plate', wells: '384', colour: 'white', bottom: 'pcr', size: '50/pk' }),
    ).toBe('384-well white PCR plate, pack of 50');
    expect(
      describeProductImage({
        kind: 'instrument',
        family: 'analyser',
        name: 'Benchtop Flow Cytometer, 3-laser',
        lasers: '405-488-640',
      }),
    ).toBe('Benchtop Flow Cytometer, 3-laser, lasers at 405, 488, 640 nm');
  });

  it('refuses what it does not draw: another kind, an unknown or repeated parameter, a value outside its list', () => {
    expect(parseProductImage('/product-images/v1/rocket.svg?name=x')).toBeNull();
    expect(parseProductImage('/product-images/v1/antibody.svg?target=CD4&colour=red')).toBeNull();
    expect(parseProductImage('/product-images/v1/antibody.svg?target=CD4&target=CD8')).toBeNull();
    expect(parseProductImage('/product-images/v1/antibody.svg?target=CD4&dye=neon')).toBeNull();
    expect(parseProductImage('/product-images/v1/plate.svg?wells=97&colour=black&bottom=flat')).toBeNull();
    expect(parseProductImage('/product-images/v1/antibody.svg?target=%3Cscript%3E')).toBeNull();
    expect(parseProductImage('/images/products/assay-plates.svg')).toBeNull();
  });

  it('escapes every text it draws, so no text can open an element', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
    const svg = drawProductImage({ kind: 'reagent', vessel: 'bottle', name: "Tom's & Jerry's Buffer" });
    expect(svg).toContain('Tom&#39;s &#38; Jerry&#39;s');
    expect(svg).not.toMatch(/Tom's|& /);
    expect(svg).not.toMatch(/<script|on\w+=/i);
  });

  it('colours light by its wavelength: violet, blue, green, red', () => {
    expect(wavelengthColour(405)).toBe('#783cff');
    expect(wavelengthColour(488)).toBe('#00beff');
    expect(wavelengthColour(640)).toBe('#ff3214');
  });
});
