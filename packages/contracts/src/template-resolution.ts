import type { TemplateMeta } from './blocks';

/** What resolution reads of a template; the CRM's rows and the web's TemplateRecords both fit. */
export interface ResolvableTemplate {
  templateId: string;
  name: string;
  createdDate: string;
  meta: Pick<TemplateMeta, 'Friendly_URL' | 'Portal_Home' | 'Page_Category' | 'Active'>;
}

/**
 * Finds the template of a path (spec P§2), first match wins:
 * 1. the friendly-URL map (Friendly_URL equals the path);
 * 2. the home template (Portal_Home) for '/';
 * 3. the configured cart (the most recently created Cart page) or checkout template for /cart and /checkout;
 * 4. the page name: the first segment is the template name (/about, /category/{categoryId}, /detail, ...);
 * 5. the second segment is the template id for /product, /detail and /list;
 * 6. the third segment is the template id for /offers/list and /offers/detail.
 * Paths of rules 5 and 6 carry a template id, so they skip the page name: /detail/{templateId} picks that
 * template even when another one is named 'detail'. The catalogue product path
 * /{templateName}/{catalogName}/{productName}/{slug...} always names its template first.
 */
export function resolveTemplate<T extends ResolvableTemplate>(
  path: string,
  templates: readonly T[],
): T | null {
  const active = templates.filter((template) => template.meta.Active);
  const segments = pathSegments(path);
  const normalised = `/${segments.join('/')}`.toLowerCase();
  const [first = ''] = segments;

  const friendly = active.find((template) => friendlyPath(template) === normalised);
  if (friendly) return friendly;
  if (segments.length === 0) return newest(active.filter((template) => template.meta.Portal_Home));
  const category = PAGE_CATEGORY_PATHS[first];
  if (category) return newest(active.filter((template) => template.meta.Page_Category === category));
  const templateId = templateIdSegment(segments);
  if (templateId !== undefined) return active.find((template) => template.templateId === templateId) ?? null;
  return active.find((template) => template.name.toLowerCase() === first.toLowerCase()) ?? null;
}

/**
 * A product's page: /product/{productTemplateId}/{slug}. The slug, not the item id, names the product: every
 * catalogue of a storefront has its own items of a product, sharing its SKU and slug, so the link holds for
 * whoever opens it (a guest's shared link, a bookmark from before sign-in).
 */
export function productPath(item: { productTemplateId: string; slug: string }): string {
  return `/product/${encodeURIComponent(item.productTemplateId)}/${encodeURIComponent(item.slug)}`;
}

/** /{templateName}/{catalogName}/{productName}/{slug...}: four segments or more. */
export function isCataloguePath(segments: readonly string[]): boolean {
  return segments.length >= 4;
}

/** The decoded, non-empty segments of a path or absolute URL, without query or hash. */
export function pathSegments(url: string): string[] {
  const pathname = /^[a-z][a-z0-9+.-]*:\/\//i.test(url)
    ? new URL(url).pathname
    : (url.split(/[?#]/)[0] ?? '');
  return pathname
    .split('/')
    .filter((segment) => segment !== '')
    .map(decodeSegment);
}

const PAGE_CATEGORY_PATHS: Record<string, string> = { cart: 'Cart', checkout: 'Checkout' };
const ID_IN_SECOND_SEGMENT = new Set(['product', 'detail', 'list']);

function templateIdSegment(segments: readonly string[]): string | undefined {
  if (isCataloguePath(segments)) return undefined;
  const [first = ''] = segments;
  if (ID_IN_SECOND_SEGMENT.has(first)) return segments[1];
  if (first === 'offers') return segments[2];
  return undefined;
}

function friendlyPath(template: ResolvableTemplate): string | null {
  const url = template.meta.Friendly_URL?.trim();
  return url ? `/${pathSegments(url).join('/')}`.toLowerCase() : null;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function newest<T extends ResolvableTemplate>(templates: readonly T[]): T | null {
  return templates.reduce<T | null>(
    (latest, template) =>
      latest === null || Date.parse(template.createdDate) > Date.parse(latest.createdDate)
        ? template
        : latest,
    null,
  );
}
