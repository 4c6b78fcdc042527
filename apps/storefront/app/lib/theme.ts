import type { Theme } from '@storefront/contracts/storefront';
import type { CSSProperties } from 'react';
import { contrastRatio, cssColor, readableTextOn } from './css';

export type ThemeStyle = CSSProperties & Record<`--${string}`, string>;

const DEFAULTS = {
  primary: '#0b5394',
  accent: '#0f766e',
  text: '#1f2933',
  background: '#ffffff',
  font: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
};
const FONT_FAMILY = /^[\w\s,'"-]{1,200}$/;
/** WCAG AA for normal text. */
const MIN_TEXT_CONTRAST = 4.5;

/**
 * The storefront theme as CSS variables on <body>. Links and accents fall back to the text colour when the
 * theme's colour would not reach AA contrast on the background.
 */
export function themeStyle(theme: Partial<Theme>): ThemeStyle {
  const primary = cssColor(theme.primaryColor) ?? DEFAULTS.primary;
  const accent = cssColor(theme.accentColor) ?? DEFAULTS.accent;
  const text = cssColor(theme.textColor) ?? DEFAULTS.text;
  const background = cssColor(theme.backgroundColor) ?? DEFAULTS.background;
  const readable = (color: string) =>
    (contrastRatio(color, background) ?? 0) >= MIN_TEXT_CONTRAST ? color : text;
  const font = theme.fontFamily?.trim() ?? '';
  return {
    '--color-primary': primary,
    '--color-on-primary': readableTextOn(primary),
    '--color-accent': accent,
    '--color-on-accent': readableTextOn(accent),
    '--color-link': readable(primary),
    '--color-accent-text': readable(accent),
    '--color-text': text,
    '--color-background': background,
    '--font-family': FONT_FAMILY.test(font) ? font : DEFAULTS.font,
  };
}
