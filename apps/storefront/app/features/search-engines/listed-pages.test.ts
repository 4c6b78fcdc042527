import { type TemplateRecord, templateMetaSchema } from '@storefront/contracts/blocks';
import { describe, expect, it } from 'vitest';
import routes from '../../routes';
import { APP_ROUTE_SEGMENTS, listedTemplatePaths, personalTemplatePaths } from './listed-pages';

const TEMPLATE_PAGE = 'routes/template-page.tsx';

interface RouteEntry {
  path?: string;
  file: string;
  children?: RouteEntry[];
}

/** The first path segment of every route the app answers with a module other than the template page. */
function appRouteSegments(entries: readonly RouteEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ''].filter(Boolean).join('/');
    const own = entry.file !== TEMPLATE_PAGE && entry.path ? [path.split('/')[0] ?? ''] : [];
    return [...own, ...appRouteSegments(entry.children ?? [], path)];
  });
}

let created = 0;
function template(name: string, meta: Partial<TemplateRecord['meta']> = {}): TemplateRecord {
  created += 1;
  return {
    templateId: `t-${name}`,
    storefrontId: 's',
    name,
    createdDate: new Date(Date.UTC(2026, 0, created)).toISOString(),
    meta: templateMetaSchema.parse(meta),
  };
}

describe('listedTemplatePaths', () => {
  it("knows every path the app's own routes take from template pages", () => {
    expect([...APP_ROUTE_SEGMENTS].sort()).toEqual([...new Set(appRouteSegments(routes))].sort());
  });

  it('lists home, content pages and friendly URLs a guest can open, once each', () => {
    const templates = [
      template('home', { Portal_Home: true, Friendly_URL: '/home', Page_Type: 'Content' }),
      template('about', { Page_Type: 'Content' }),
      template('landing', { Friendly_URL: '/Flow/', Page_Type: 'List page' }),
      template('search', { Page_Type: 'List page' }),
      template('product', { Page_Type: 'Details page' }),
      template('account', { Page_Type: 'Content', Page_Category: 'My Account' }),
      template('cart', { Page_Type: 'Cart', Page_Category: 'Cart' }),
      template('express', { Friendly_URL: '/express-checkout', Page_Type: 'Checkout' }),
      template('draft', { Page_Type: 'Content', Active: false }),
      template('hidden', { Page_Type: 'Content', Page_Meta_Tags: { robots: 'noindex, follow' } }),
      // The app's own knowledge search answers /support: this template is never shown.
      template('support', { Page_Type: 'Content' }),
    ];
    expect(listedTemplatePaths(templates)).toEqual(['/', '/about', '/Flow']);
    expect(personalTemplatePaths(templates)).toEqual(['/account', '/cart', '/express-checkout']);
  });

  it('leaves out a template that another one with the same name hides', () => {
    const older = template('about', { Page_Type: 'Content', Friendly_URL: '/about' });
    const newer = { ...template('about-new', { Page_Type: 'Content', Friendly_URL: '/about' }) };
    expect(listedTemplatePaths([older, newer])).toEqual(['/about']);
  });
});
