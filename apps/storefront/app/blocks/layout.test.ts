import { describe, expect, it } from 'vitest';
import { backgroundStyle, columnTracks, layoutStyle, sectionStyle, stylingStyle } from './layout';

const layout = (columns: number, columnSize: string, extra: { gap?: number; padding?: object } = {}) => ({
  columns,
  columnSize,
  gap: extra.gap ?? 0,
  padding: extra.padding ?? {},
});

describe('columnTracks', () => {
  it('turns fractions into grid tracks', () => {
    expect(columnTracks(layout(3, '1/2/1'))).toEqual(['1fr', '2fr', '1fr']);
    expect(columnTracks(layout(1, '1'))).toEqual(['1fr']);
    expect(columnTracks(layout(2, ' 1 / 1.5 '))).toEqual(['1fr', '1.5fr']);
  });

  it('is null when the column count does not match the fractions', () => {
    expect(columnTracks(layout(2, '1/2/1'))).toBeNull();
    expect(columnTracks(layout(3, '1/1'))).toBeNull();
  });

  it('is null for fractions that are not positive numbers', () => {
    expect(columnTracks(layout(2, '1/x'))).toBeNull();
    expect(columnTracks(layout(2, '1/0'))).toBeNull();
    expect(columnTracks(layout(2, '1/'))).toBeNull();
  });
});

describe('layoutStyle', () => {
  it('builds the grid, gap, padding and vertical alignment', () => {
    const style = layoutStyle(layout(3, '1/2/1', { gap: 24, padding: { top: 16, bottom: 8, left: 4 } }), {
      verticalAlignment: 'center',
    });
    expect(style).toEqual({
      display: 'grid',
      gridTemplateColumns: '1fr 2fr 1fr',
      gap: '24px',
      paddingTop: '16px',
      paddingBottom: '8px',
      paddingLeft: '4px',
      alignItems: 'center',
    });
  });

  it('gives empty styles when the column count does not match columnSize', () => {
    expect(layoutStyle(layout(2, '1/2/1', { gap: 24, padding: { top: 16 } }))).toEqual({});
  });
});

describe('stylingStyle', () => {
  it('applies radius and a known border style', () => {
    expect(stylingStyle({ radius: 12, borderStyle: 'Dashed' })).toEqual({
      borderRadius: '12px',
      border: '1px dashed var(--color-border)',
      overflow: 'hidden',
    });
  });

  it('ignores an unknown border style', () => {
    expect(stylingStyle({ borderStyle: 'solid; color: red' }).border).toBeUndefined();
  });
});

describe('backgroundStyle', () => {
  it('mixes a Solid colour with its opacity', () => {
    expect(backgroundStyle({ style: 'Solid', color: '#0b5394', opacity: 0.25 })).toEqual({
      backgroundColor: 'color-mix(in srgb, #0b5394 25%, transparent)',
    });
    expect(backgroundStyle({ style: 'Solid', color: '#0b5394' })).toEqual({ backgroundColor: '#0b5394' });
  });

  it('ignores a colour that is not one', () => {
    expect(backgroundStyle({ style: 'Solid', color: 'red; position: fixed' })).toEqual({});
  });

  it('places an image with size, repeat and position', () => {
    expect(
      backgroundStyle({
        image: '/images/hero.svg',
        imageSize: 'cover',
        repeat: 'no-repeat',
        horizontalAlignment: 'center',
        verticalAlignment: 'top',
      }),
    ).toEqual({
      backgroundImage: 'url("/images/hero.svg")',
      backgroundSize: 'cover',
      backgroundRepeat: 'no-repeat',
      backgroundPosition: 'center top',
    });
  });

  it('keeps quotes from closing the url()', () => {
    expect(backgroundStyle({ image: 'a.png") red' }).backgroundImage).toBe('url("a.png%22) red")');
  });
});

describe('sectionStyle', () => {
  it('keeps styling and background when the layout is empty', () => {
    const style = sectionStyle({
      layout: layout(2, '1'),
      styling: { radius: 4 },
      background: { style: 'Solid', color: '#fff' },
    });
    expect(style).toEqual({ borderRadius: '4px', overflow: 'hidden', backgroundColor: '#fff' });
    expect(style).not.toHaveProperty('display');
    expect(style).not.toHaveProperty('gap');
  });
});
