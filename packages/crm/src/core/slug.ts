/** 'Flow Cytometry Reagents & Buffers' -> 'flow-cytometry-reagents-buffers'. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\u03bc/g, 'u') // NFKD turns the micro sign into Greek mu: '100 µL' -> '100-ul'
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Slugs unique within one list: a repeated slug gets the fallback's slug appended (e.g. the SKU). */
export function uniqueSlugs(entries: readonly { text: string; fallback: string }[]): string[] {
  const seen = new Set<string>();
  return entries.map(({ text, fallback }) => {
    let slug = slugify(text);
    if (seen.has(slug)) slug = `${slug}-${slugify(fallback)}`;
    seen.add(slug);
    return slug;
  });
}
