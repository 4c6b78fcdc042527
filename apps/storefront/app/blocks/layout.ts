import type { Section, SectionBackground, SectionLayout, SectionStyling } from '@storefront/contracts/blocks';
import type { CSSProperties } from 'react';
import { cssColor } from '../lib/css';
import type { RenderedSection } from './types';

/**
 * The fractions of `columnSize` ('1/2/1' → ['1fr', '2fr', '1fr']), or null when they do not match the
 * column count or are not positive numbers (spec P§5: such a layout gets empty styles).
 */
export function columnTracks(layout: SectionLayout): string[] | null {
  const fractions = layout.columnSize.split('/').map((part) => part.trim());
  if (fractions.length !== layout.columns) return null;
  if (!fractions.every((part) => /^\d+(\.\d+)?$/.test(part) && Number(part) > 0)) return null;
  return fractions.map((part) => `${Number(part)}fr`);
}

/** Grid, padding and gap of a section; empty when the column count does not match columnSize. */
export function layoutStyle(layout: SectionLayout, styling: SectionStyling = {}): CSSProperties {
  const tracks = columnTracks(layout);
  if (!tracks) return {};
  const { top, right, bottom, left } = layout.padding;
  return {
    display: 'grid',
    gridTemplateColumns: tracks.join(' '),
    gap: px(layout.gap),
    paddingTop: px(top),
    paddingRight: px(right),
    paddingBottom: px(bottom),
    paddingLeft: px(left),
    alignItems: styling.verticalAlignment ? ALIGN[styling.verticalAlignment] : undefined,
  };
}

const ALIGN = { top: 'start', center: 'center', bottom: 'end' } as const;
const BORDER_STYLES = new Set(['solid', 'dashed', 'dotted', 'double', 'none']);
const BACKGROUND_REPEATS = new Set(['repeat', 'no-repeat', 'repeat-x', 'repeat-y', 'space', 'round']);
const POSITION_WORDS = new Set(['left', 'center', 'right', 'top', 'bottom']);
const SIZE_VALUE = /^(cover|contain|auto|\d+(\.\d+)?(px|%)( \d+(\.\d+)?(px|%)| auto)?)$/;

/** Radius and border of a section. */
export function stylingStyle(styling: SectionStyling): CSSProperties {
  const borderStyle = styling.borderStyle?.trim().toLowerCase();
  return {
    borderRadius: px(styling.radius),
    border:
      borderStyle && BORDER_STYLES.has(borderStyle) ? `1px ${borderStyle} var(--color-border)` : undefined,
    overflow: styling.radius ? 'hidden' : undefined,
  };
}

/** A Solid colour (its opacity applies to the colour only, not the content) and an optional image. */
export function backgroundStyle(background: SectionBackground): CSSProperties {
  const style: CSSProperties = {};
  const color = cssColor(background.color);
  if (background.style?.toLowerCase() === 'solid' && color) {
    const percent = Math.round((background.opacity ?? 1) * 100);
    style.backgroundColor = percent === 100 ? color : `color-mix(in srgb, ${color} ${percent}%, transparent)`;
  }
  if (background.image) {
    style.backgroundImage = `url("${background.image.replace(/["\\\n]/g, encodeURIComponent)}")`;
    const size = background.imageSize?.trim().toLowerCase();
    if (size && SIZE_VALUE.test(size)) style.backgroundSize = size;
    const repeat = background.repeat?.trim().toLowerCase();
    if (repeat && BACKGROUND_REPEATS.has(repeat)) style.backgroundRepeat = repeat;
    const position = [background.horizontalAlignment, background.verticalAlignment]
      .map((word) => word?.trim().toLowerCase())
      .filter((word): word is string => word !== undefined && POSITION_WORDS.has(word));
    if (position.length > 0) style.backgroundPosition = position.join(' ');
  }
  return style;
}

/** Everything a section's box looks like. */
export function sectionStyle(section: Pick<Section, 'layout' | 'styling' | 'background'>): CSSProperties {
  return {
    ...layoutStyle(section.layout, section.styling),
    ...stylingStyle(section.styling),
    ...backgroundStyle(section.background),
  };
}

/**
 * A section's columns and box, worked out by the server, so the browser does not load these rules: a layout
 * whose columns do not match columnSize has one column, in which its blocks simply stack.
 */
export function sectionBox(
  section: Pick<Section, 'layout' | 'styling' | 'background'>,
): Pick<RenderedSection, 'columnCount' | 'style'> {
  return { columnCount: columnTracks(section.layout)?.length ?? 1, style: sectionStyle(section) };
}

function px(value: number | undefined): string | undefined {
  return value === undefined ? undefined : `${value}px`;
}
