import { describe, expect, it } from 'vitest';
import { contrastRatio, cssColor, readableTextOn } from './css';
import { themeStyle } from './theme';

describe('css values', () => {
  it('accepts colours only', () => {
    expect(cssColor('#0b5fa5')).toBe('#0b5fa5');
    expect(cssColor(' rgb(1, 2, 3) ')).toBe('rgb(1, 2, 3)');
    expect(cssColor('teal')).toBe('teal');
    expect(cssColor('red; position: fixed')).toBeUndefined();
    expect(cssColor('url(x)')).toBeUndefined();
    expect(cssColor(undefined)).toBeUndefined();
  });

  it('computes WCAG contrast and picks readable text', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21);
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1);
    expect(contrastRatio('teal', '#fff')).toBeNull();
    expect(readableTextOn('#0b5fa5')).toBe('#ffffff');
    expect(readableTextOn('#12a38a')).toBe('#111111');
    expect(readableTextOn('#f5f5f5')).toBe('#111111');
  });
});

describe('themeStyle', () => {
  it('turns the theme into CSS variables', () => {
    const style = themeStyle({
      primaryColor: '#0b5fa5',
      accentColor: '#12a38a',
      textColor: '#1d2733',
      backgroundColor: '#ffffff',
      fontFamily: "'Inter', Arial, sans-serif",
    });
    expect(style).toMatchObject({
      '--color-primary': '#0b5fa5',
      '--color-on-primary': '#ffffff',
      '--color-link': '#0b5fa5',
      '--color-on-accent': '#111111',
      // The accent is too light for text on white, so text in the accent colour uses the text colour.
      '--color-accent-text': '#1d2733',
      '--font-family': "'Inter', Arial, sans-serif",
    });
  });

  it('keeps defaults for values that are not colours or fonts', () => {
    const style = themeStyle({ primaryColor: 'red;x', fontFamily: 'x; color: red' });
    expect(style['--color-primary']).toBe('#0b5394');
    expect(style['--font-family']).toContain('system-ui');
  });
});
