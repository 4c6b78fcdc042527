import type { PageMeta } from '@storefront/contracts/meta';
import { describe, expect, it } from 'vitest';
import { headTags, metaDescriptors } from './meta';

const defaults = {
  pageUrl: 'http://localhost:3000/product/t/i',
  storefrontName: 'BioNova',
  pageTitle: 'Product',
};

const meta: PageMeta = {
  pageTitle: 'Anti-CD4 FITC',
  description: 'Clone RPA-T4.',
  type: 'product',
  canonical: '/product/t/i',
  image: '/images/products/flow-cytometry-antibodies.svg',
  card: '',
  site: 'BioNova Life Sciences',
  keywords: 'cd4, fitc',
  twittersite: '@BioNovaLS',
  favicon: '/favicon.svg',
  robots: 'index, follow',
  templateId: 't',
  ecatalogItemId: 'i',
  eCatalogId: 'c',
};

describe('headTags', () => {
  it('uses getMergedMetaInfo, making URLs absolute', () => {
    expect(headTags(meta, defaults)).toEqual({
      title: 'Anti-CD4 FITC',
      description: 'Clone RPA-T4.',
      canonical: 'http://localhost:3000/product/t/i',
      robots: 'index, follow',
      keywords: 'cd4, fitc',
      image: 'http://localhost:3000/images/products/flow-cytometry-antibodies.svg',
      type: 'product',
      siteName: 'BioNova Life Sciences',
      card: 'summary_large_image',
      twitterSite: '@BioNovaLS',
      favicon: '/favicon.svg',
      structuredData: [],
    });
  });

  it('falls back to the template title, the storefront name and the page URL', () => {
    expect(headTags(null, defaults)).toMatchObject({
      title: 'Product',
      siteName: 'BioNova',
      canonical: 'http://localhost:3000/product/t/i',
      type: 'website',
      card: 'summary',
      robots: 'index, follow',
    });
    expect(headTags(null, { ...defaults, pageTitle: null }).title).toBe('BioNova');
  });

  it("takes the page's own text and picture when the meta has none, and keeps hidden pages out of indexes", () => {
    const tags = headTags(
      { ...meta, description: '', image: '', robots: 'index, follow' },
      { ...defaults, description: 'Own text.', image: '/own.svg', hidden: true },
    );
    expect(tags).toMatchObject({
      description: 'Own text.',
      image: 'http://localhost:3000/own.svg',
      robots: 'noindex, nofollow',
    });
  });
});

describe('metaDescriptors', () => {
  it('lists title, description, canonical, robots, Open Graph and Twitter tags', () => {
    const descriptors = metaDescriptors(headTags(meta, defaults));
    expect(descriptors).toContainEqual({ title: 'Anti-CD4 FITC | BioNova Life Sciences' });
    expect(descriptors).toContainEqual({ name: 'description', content: 'Clone RPA-T4.' });
    expect(descriptors).toContainEqual({ name: 'robots', content: 'index, follow' });
    expect(descriptors).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'http://localhost:3000/product/t/i',
    });
    for (const property of ['og:title', 'og:description', 'og:image', 'og:type', 'og:site_name']) {
      expect(descriptors).toContainEqual(expect.objectContaining({ property }));
    }
    expect(descriptors).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
    expect(descriptors).toContainEqual({ name: 'twitter:site', content: '@BioNovaLS' });
    expect(descriptors).toContainEqual({ name: 'twitter:title', content: 'Anti-CD4 FITC' });
    expect(descriptors).toContainEqual({ name: 'twitter:description', content: 'Clone RPA-T4.' });
    expect(descriptors).toContainEqual({
      name: 'twitter:image',
      content: 'http://localhost:3000/images/products/flow-cytometry-antibodies.svg',
    });
  });

  it('writes each structured-data object as a JSON-LD block', () => {
    const product = { '@context': 'https://schema.org', '@type': 'Product', name: 'Anti-CD4 FITC' };
    const descriptors = metaDescriptors({ ...headTags(meta, defaults), structuredData: [product] });
    expect(descriptors).toContainEqual({ 'script:ld+json': product });
  });

  it('leaves out empty tags and does not repeat the site name in the title', () => {
    const descriptors = metaDescriptors(headTags(null, { ...defaults, pageTitle: null }));
    expect(descriptors[0]).toEqual({ title: 'BioNova' });
    expect(descriptors).not.toContainEqual(expect.objectContaining({ name: 'description' }));
    expect(descriptors).not.toContainEqual(expect.objectContaining({ property: 'og:image' }));
  });
});
