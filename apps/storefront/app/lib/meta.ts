import type { PageMeta } from '@storefront/contracts/meta';
import type { MetaDescriptor } from 'react-router';
import type { JsonLd } from './structured-data';

/** The head tags of a page, with every fallback applied. */
export interface HeadTags {
  title: string;
  description: string;
  canonical: string;
  robots: string;
  keywords: string;
  image: string;
  type: string;
  siteName: string;
  card: string;
  twitterSite: string;
  favicon: string;
  /** schema.org data of what the page shows (a product, its breadcrumb trail). */
  structuredData: JsonLd[];
}

export interface HeadDefaults {
  /** Absolute canonical URL of the page: no query, no hash. */
  pageUrl: string;
  storefrontName: string;
  /** The template's Page_Title. */
  pageTitle: string | null;
  /** What the page shows itself (a product's text and picture), when the CRM's meta says nothing. */
  description?: string;
  image?: string;
  /** A page only its viewer may see (account, cart, checkout), or none to see: never indexed. */
  hidden?: boolean;
  structuredData?: JsonLd[];
}

/** What a page that search engines must leave out says to them. */
export const NOINDEX = 'noindex, nofollow';

/**
 * getMergedMetaInfo's fields, falling back to the page's own title, text and picture and the storefront's
 * name; relative URLs become absolute, as crawlers and link previews need.
 */
export function headTags(meta: PageMeta | null, defaults: HeadDefaults): HeadTags {
  const image = absoluteUrl(meta?.image || defaults.image, defaults.pageUrl);
  return {
    title: meta?.pageTitle || defaults.pageTitle || defaults.storefrontName,
    description: meta?.description || defaults.description || '',
    canonical: canonicalUrl(meta, defaults.pageUrl),
    robots: defaults.hidden ? NOINDEX : meta?.robots || 'index, follow',
    keywords: meta?.keywords ?? '',
    image,
    type: meta?.type || 'website',
    siteName: meta?.site || defaults.storefrontName,
    card: meta?.card || (image ? 'summary_large_image' : 'summary'),
    twitterSite: meta?.twittersite ?? '',
    favicon: meta?.favicon ?? '',
    structuredData: defaults.structuredData ?? [],
  };
}

/** The page's canonical URL: the CRM's meta canonical when it sets one, else the page's own. */
export function canonicalUrl(meta: Pick<PageMeta, 'canonical'> | null, pageUrl: string): string {
  return absoluteUrl(meta?.canonical, pageUrl) || pageUrl;
}

function absoluteUrl(url: string | undefined, base: string): string {
  return url && URL.canParse(url, base) ? new URL(url, base).href : '';
}

/**
 * React Router meta descriptors: title, description, canonical, robots, Open Graph and Twitter tags, and the
 * page's JSON-LD.
 */
export function metaDescriptors(tags: HeadTags): MetaDescriptor[] {
  const named = (name: string, content: string): MetaDescriptor[] => (content ? [{ name, content }] : []);
  const property = (name: string, content: string): MetaDescriptor[] =>
    content ? [{ property: name, content }] : [];
  const title = tags.title === tags.siteName ? tags.title : `${tags.title} | ${tags.siteName}`;
  return [
    { title },
    ...named('description', tags.description),
    ...named('keywords', tags.keywords),
    ...named('robots', tags.robots),
    { tagName: 'link', rel: 'canonical', href: tags.canonical },
    ...(tags.favicon ? [{ tagName: 'link', rel: 'icon', href: tags.favicon } as const] : []),
    ...property('og:title', tags.title),
    ...property('og:description', tags.description),
    ...property('og:image', tags.image),
    ...property('og:type', tags.type),
    ...property('og:site_name', tags.siteName),
    ...property('og:url', tags.canonical),
    ...named('twitter:card', tags.card),
    ...named('twitter:site', tags.twitterSite),
    ...named('twitter:title', tags.title),
    ...named('twitter:description', tags.description),
    ...named('twitter:image', tags.image),
    ...tags.structuredData.map((data) => ({ 'script:ld+json': data })),
  ];
}
