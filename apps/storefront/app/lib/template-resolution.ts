import type { TemplateRecord } from '@storefront/contracts/blocks';

/**
 * Finds the template of a path (spec P§2), first match wins:
 * 1. the friendly-URL map (Friendly_URL equals the path);
 * 2. the home template (Portal_Home) for '/';
 * 3. the configured cart (the most recently created Cart page) or checkout template for /cart and /checkout;
 * 4. the page name: the first segment is the template name (/about, /category/{categoryId}, /detail, ...);
 * 5. the second segment is the template id for /product, /detail and /list;
 * 6. the third segment is the template id for /offers/list and /offers/detail.
 * Paths of rules 5 and 6 carry a template id, so they skip the page name: /detail/{templateId} picks that
 * template even when another one is named 'detail'.
 */
export function resolveTemplate(path: string, templates: readonly TemplateRecord[]): TemplateRecord | null {
  const active = templates.filter((template) => template.meta.Active);
  const normalised = normalisePath(path);
  const segments = normalised.split('/').filter(Boolean).map(decodeSegment);
  const [first = ''] = segments;

  const friendly = active.find((template) => friendlyUrl(template) === normalised.toLowerCase());
  if (friendly) return friendly;
  if (segments.length === 0) return latest(active.filter((template) => template.meta.Portal_Home));
  if (first === 'cart') return latest(active.filter((template) => template.meta.Page_Category === 'Cart'));
  if (first === 'checkout') {
    return latest(active.filter((template) => template.meta.Page_Category === 'Checkout'));
  }
  const templateId = templateIdSegment(segments);
  if (templateId !== undefined) return active.find((template) => template.templateId === templateId) ?? null;
  return active.find((template) => template.name.toLowerCase() === first.toLowerCase()) ?? null;
}

const ID_IN_SECOND_SEGMENT = new Set(['product', 'detail', 'list']);

function templateIdSegment(segments: readonly string[]): string | undefined {
  const [first = ''] = segments;
  if (ID_IN_SECOND_SEGMENT.has(first)) return segments[1];
  if (first === 'offers') return segments[2];
  return undefined;
}

/** '/About/' and 'about' compare equal to '/about'. */
function normalisePath(path: string): string {
  const trimmed = path.split(/[?#]/)[0]?.replace(/\/+$/, '') ?? '';
  return trimmed.startsWith('/') ? trimmed || '/' : `/${trimmed}`;
}

function friendlyUrl(template: TemplateRecord): string | null {
  const url = template.meta.Friendly_URL?.trim();
  return url ? normalisePath(url).toLowerCase() : null;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function latest(templates: readonly TemplateRecord[]): TemplateRecord | null {
  return templates.reduce<TemplateRecord | null>(
    (newest, template) =>
      newest === null || Date.parse(template.createdDate) > Date.parse(newest.createdDate)
        ? template
        : newest,
    null,
  );
}
