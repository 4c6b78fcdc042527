import type { TemplateRecord } from '@storefront/contracts/blocks';
import { DETAILS_PAGE, LIST_PAGE } from '@storefront/contracts/crm-notifications';
import { pathSegments, resolveTemplate } from '@storefront/contracts/template-resolution';
import { isPersonalPage } from '../../lib/account-pages';

/**
 * First path segments the app's own routes answer (routes.ts) rather than a template page: a template whose
 * path starts with one is never shown there. A test keeps the list in step with routes.ts.
 */
export const APP_ROUTE_SEGMENTS: ReadonlySet<string> = new Set([
  '401',
  '404',
  '500',
  '503',
  '509',
  '_bare',
  'api',
  'billing',
  'changePassword',
  'checkout',
  'configurator',
  'cpq',
  'elearning',
  'guidance',
  'login',
  'product-images',
  'product_detail',
  'products',
  'robots.txt',
  'signon',
  'sitemap.xml',
  'sitemaps',
  'support',
  'uploadoptions',
  'viewInvoice',
]);

/** Where a template's page is: '/' for the home page, else its friendly URL, else its name. */
export function templatePath(template: TemplateRecord): string {
  if (template.meta.Portal_Home) return '/';
  const friendly = template.meta.Friendly_URL?.trim();
  return `/${friendly ? pathSegments(friendly).join('/') : template.name}`;
}

/**
 * The template pages a first-time guest sees at a path of their own: home, content pages and pages with a
 * friendly URL (landing pages). Left out: inactive templates, pages of one buyer (account, cart, checkout),
 * list and detail templates reached only with a record (their categories and products are listed
 * themselves), templates whose meta tags say noindex, and paths another template or the app's own routes
 * answer.
 */
export function listedTemplatePaths(templates: readonly TemplateRecord[]): string[] {
  const paths = templates.filter(isListable).flatMap((template) => {
    const path = templatePath(template);
    const shown = resolveTemplate(path, templates)?.templateId === template.templateId;
    return shown && !APP_ROUTE_SEGMENTS.has(pathSegments(path)[0] ?? '') ? [path] : [];
  });
  return [...new Set(paths)];
}

/** Paths of the buyer's own pages the CMS defines (account pages, the cart, checkouts), for robots.txt. */
export function personalTemplatePaths(templates: readonly TemplateRecord[]): string[] {
  const paths = templates
    .filter((template) => template.meta.Active && isPersonalPage(template.meta))
    .map(templatePath)
    // A home page only buyers see is still the storefront's front door, not a page to hide.
    .filter((path) => path !== '/');
  return [...new Set(paths)];
}

function isListable({ meta }: TemplateRecord): boolean {
  if (!meta.Active || isPersonalPage(meta)) return false;
  if (/\bnoindex\b/i.test(meta.Page_Meta_Tags?.robots ?? '')) return false;
  if (meta.Portal_Home || meta.Friendly_URL?.trim()) return true;
  return meta.Page_Type !== LIST_PAGE && meta.Page_Type !== DETAILS_PAGE;
}
