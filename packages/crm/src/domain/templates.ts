import type { Section, TemplateMeta } from '@storefront/contracts';

export interface TemplateRef {
  id: string;
  name: string;
  createdDate: string;
  meta: Pick<TemplateMeta, 'Friendly_URL' | 'Portal_Home' | 'Page_Type'>;
}

/** Sections by sortOrder, their blocks by configuration.sequence (blocks without one go last). */
export function sortSections(sections: readonly Section[]): Section[] {
  const sequence = (block: Section['blocks'][number]) =>
    block.configuration.sequence ?? Number.POSITIVE_INFINITY;
  return [...sections]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((section) => ({
      ...section,
      blocks: [...section.blocks].sort((a, b) => sequence(a) - sequence(b)),
    }));
}

/** The decoded, non-empty path segments of a path or absolute URL, without query or hash. */
export function pathSegments(url: string): string[] {
  const pathname = /^[a-z][a-z0-9+.-]*:\/\//i.test(url)
    ? new URL(url).pathname
    : (url.split(/[?#]/)[0] ?? '');
  return pathname
    .split('/')
    .filter((segment) => segment !== '')
    .map(decodeSegment);
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const TEMPLATE_ID_SEGMENT: Record<string, number> = { product: 1, detail: 1, list: 1, offers: 2 };
const PAGE_TYPE_PATHS: Record<string, string> = { cart: 'Cart', checkout: 'Checkout' };

/**
 * The template a storefront path shows (spec P§2): a friendly URL, the home template, the newest cart or
 * checkout page, the template id in the second segment of product/detail/list paths (third for offers),
 * else the template named like the first segment (always so for the four-segment catalogue path).
 */
export function matchTemplate<T extends TemplateRef>(url: string, templates: readonly T[]): T | undefined {
  const segments = pathSegments(url);
  const path = `/${segments.join('/')}`.toLowerCase();
  const friendly = templates.find((t) => t.meta.Friendly_URL && friendlyPath(t.meta.Friendly_URL) === path);
  if (friendly) return friendly;
  const [first, ...rest] = segments;
  if (first === undefined) return templates.find((t) => t.meta.Portal_Home);
  const pageType = PAGE_TYPE_PATHS[first];
  if (pageType) {
    const newest = newestOfType(templates, pageType);
    if (newest) return newest;
  }
  const idIndex = TEMPLATE_ID_SEGMENT[first];
  const templateId = idIndex === undefined || isCataloguePath(segments) ? undefined : rest[idIndex - 1];
  if (templateId !== undefined) return templates.find((t) => t.id === templateId);
  return templates.find((t) => t.name === first);
}

function friendlyPath(friendlyUrl: string): string {
  return `/${pathSegments(friendlyUrl).join('/')}`.toLowerCase();
}

function newestOfType<T extends TemplateRef>(templates: readonly T[], pageType: string): T | undefined {
  return templates
    .filter((t) => t.meta.Page_Type === pageType)
    .reduce<T | undefined>(
      (newest, t) => (!newest || t.createdDate > newest.createdDate ? t : newest),
      undefined,
    );
}

/** /{templateName}/{catalogName}/{productName}/{slug…}: four segments or more name the template first. */
function isCataloguePath(segments: readonly string[]): boolean {
  return segments.length >= 4;
}

export type ProductRef = { itemId: string } | { slug: string };

/** The product a path names: /product/{templateId}/{itemId}, or the catalogue path's product slug. */
export function productRef(url: string): ProductRef | null {
  const segments = pathSegments(url);
  const [first, , third] = segments;
  if (third === undefined) return null;
  if (isCataloguePath(segments)) return { slug: third };
  return first === 'product' ? { itemId: third } : null;
}
