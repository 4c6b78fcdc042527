/**
 * CMS values end up in style attributes; only well-formed colours pass, so a value such as
 * 'red; position: fixed' cannot add declarations.
 */
const COLOR = /^(#[0-9a-f]{3,8}|[a-z]{3,30}|(rgb|rgba|hsl|hsla)\(\s*[\d\s.,%/-]+\))$/i;

export function cssColor(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed && COLOR.test(trimmed) ? trimmed : undefined;
}

/** WCAG relative luminance of a #rgb / #rrggbb colour; null for anything else. */
function luminance(color: string): number | null {
  const hex = color.trim().replace(/^#/, '');
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  const [r = 0, g = 0, b = 0] = [0, 2, 4].map((start) => {
    const channel = Number.parseInt(full.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two hex colours (1 to 21); null when either is not hex. */
export function contrastRatio(a: string, b: string): number | null {
  const la = luminance(a);
  const lb = luminance(b);
  if (la === null || lb === null) return null;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Black or white text, whichever reads better on the background. */
export function readableTextOn(background: string): '#ffffff' | '#111111' {
  const onWhite = contrastRatio('#ffffff', background) ?? 21;
  const onBlack = contrastRatio('#111111', background) ?? 0;
  return onWhite >= onBlack ? '#ffffff' : '#111111';
}
