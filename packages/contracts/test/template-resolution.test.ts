import { describe, expect, it } from 'vitest';
import type { TemplateMeta, TemplateRecord } from '../src/blocks';
import { pathSegments, resolveTemplate } from '../src/template-resolution';

const baseMeta: TemplateMeta = {
  Page_Type: null,
  Page_Category: null,
  Friendly_URL: null,
  Active: true,
  Continue_Shopping_Template: null,
  Portal_Home: false,
  Page_Title: null,
  Page_Meta_Tags: null,
  Checkout_Override: null,
  Quote_eDocument_ID: null,
  Trackers: null,
};

function template(
  templateId: string,
  name: string,
  meta: Partial<TemplateMeta> = {},
  createdDate = '2024-01-01T00:00:00Z',
): TemplateRecord {
  return { templateId, storefrontId: 'stf', name, createdDate, meta: { ...baseMeta, ...meta } };
}

const home = template('t-home', 'home', { Portal_Home: true });
const about = template('t-about', 'about');
const category = template('t-category', 'category', { Page_Type: 'List page' });
const detail = template('t-detail', 'detail', { Page_Type: 'Details page' });
const product = template('t-product', 'product');
const list = template('t-list', 'list');
const offersList = template('t-offers-list', 'offers-list');
const friendly = template('t-flow', 'flow-cytometry-page', { Friendly_URL: '/flow-cytometry' });
const oldCart = template('t-cart-old', 'cart-old', { Page_Category: 'Cart' }, '2024-01-01T00:00:00Z');
const newCart = template('t-cart-new', 'cart-new', { Page_Category: 'Cart' }, '2024-03-01T00:00:00Z');
const checkout = template('t-checkout', 'checkout-page', { Page_Category: 'Checkout' });
const all = [home, about, category, detail, product, list, offersList, friendly, oldCart, newCart, checkout];

const resolve = (path: string, templates: TemplateRecord[] = all) =>
  resolveTemplate(path, templates)?.templateId ?? null;

describe('resolveTemplate', () => {
  it('finds a friendly URL, ignoring case and a trailing slash', () => {
    expect(resolve('/flow-cytometry')).toBe('t-flow');
    expect(resolve('/Flow-Cytometry/')).toBe('t-flow');
  });

  it('finds the home template for /', () => {
    expect(resolve('/')).toBe('t-home');
    expect(resolve('')).toBe('t-home');
  });

  it('finds the most recently created Cart page for /cart and /cart/{quoteId}', () => {
    expect(resolve('/cart')).toBe('t-cart-new');
    expect(resolve('/cart/Q-1')).toBe('t-cart-new');
  });

  it('finds the configured checkout template for /checkout', () => {
    expect(resolve('/checkout')).toBe('t-checkout');
  });

  it('finds a page by its name, the first segment', () => {
    expect(resolve('/about')).toBe('t-about');
    expect(resolve('/ABOUT')).toBe('t-about');
    expect(resolve('/category/cat-42')).toBe('t-category');
    expect(resolve('/detail')).toBe('t-detail');
  });

  it('takes the template id from the second segment for product, detail and list paths', () => {
    expect(resolve('/product/t-product/item-1')).toBe('t-product');
    expect(resolve('/detail/t-about')).toBe('t-about');
    expect(resolve('/list/t-list')).toBe('t-list');
  });

  it('takes the template id from the third segment for offers paths', () => {
    expect(resolve('/offers/list/t-offers-list')).toBe('t-offers-list');
    expect(resolve('/offers/detail/t-detail')).toBe('t-detail');
  });

  it('renders the catalogue product path with the template named by its first segment', () => {
    expect(resolve('/about/catalog/product-name/a/b')).toBe('t-about');
    expect(resolve('/product/full-catalogue/cd4-antibody/overview')).toBe('t-product');
  });

  it('reads the path of an absolute URL and ignores its query and hash', () => {
    expect(resolve('https://shop.example/about?page=2#team')).toBe('t-about');
  });

  it('returns null when no rule finds a template', () => {
    expect(resolve('/no-such-page')).toBeNull();
    expect(resolve('/list/unknown-id')).toBeNull();
    expect(resolve('/offers/list')).toBeNull();
    expect(resolve('/', [about])).toBeNull();
  });

  it('ignores inactive templates', () => {
    expect(resolve('/about', [template('t-about', 'about', { Active: false })])).toBeNull();
  });

  describe('order', () => {
    it('prefers the friendly URL over the page name', () => {
      const named = template('t-named', 'flow-cytometry');
      expect(resolve('/flow-cytometry', [named, friendly])).toBe('t-flow');
    });

    it('prefers a friendly URL of / over the home template', () => {
      const landing = template('t-landing', 'landing', { Friendly_URL: '/' });
      expect(resolve('/', [home, landing])).toBe('t-landing');
    });

    it('prefers the configured cart page over a template named cart', () => {
      const named = template('t-named-cart', 'cart');
      expect(resolve('/cart', [named, newCart])).toBe('t-cart-new');
    });

    it('prefers the template id in the path over a template named like the path', () => {
      expect(resolve('/detail/t-about')).toBe('t-about');
      expect(resolve('/list/t-detail')).toBe('t-detail');
    });
  });
});

describe('pathSegments', () => {
  it('decodes segments and drops empty ones, the query and the hash', () => {
    expect(pathSegments('//a%20b//c/?q=1#top')).toEqual(['a b', 'c']);
  });

  it('keeps a segment that is not valid percent-encoding as it is', () => {
    expect(pathSegments('/bad%E0%A4%A')).toEqual(['bad%E0%A4%A']);
  });
});
