import type { PageMeta } from '@storefront/contracts/meta';

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
}

export interface HeadDefaults {
  /** Absolute URL of the page, without query or hash. */
  pageUrl: string;
  storefrontName: string;
  /** The template's Page_Title. */
  pageTitle: string | null;
}

/**
 * getMergedMetaInfo's fields, falling back to the template's title and the storefront's name; relative
 * URLs become absolute, as crawlers and link previews need.
 */
export function headTags(meta: PageMeta | null, defaults: HeadDefaults): HeadTags {
  const absolute = (url: string | undefined) =>
    url && URL.canParse(url, defaults.pageUrl) ? new URL(url, defaults.pageUrl).href : '';
  const image = absolute(meta?.image);
  return {
    title: meta?.pageTitle || defaults.pageTitle || defaults.storefrontName,
    description: meta?.description ?? '',
    canonical: absolute(meta?.canonical) || defaults.pageUrl,
    robots: meta?.robots || 'index, follow',
    keywords: meta?.keywords ?? '',
    image,
    type: meta?.type || 'website',
    siteName: meta?.site || defaults.storefrontName,
    card: meta?.card || (image ? 'summary_large_image' : 'summary'),
    twitterSite: meta?.twittersite ?? '',
    favicon: meta?.favicon ?? '',
  };
}

type Descriptor = Record<string, string>;

/** React Router meta descriptors: title, description, canonical, robots, Open Graph and Twitter tags. */
export function metaDescriptors(tags: HeadTags): Descriptor[] {
  const named = (name: string, content: string): Descriptor[] => (content ? [{ name, content }] : []);
  const property = (name: string, content: string): Descriptor[] =>
    content ? [{ property: name, content }] : [];
  const title = tags.title === tags.siteName ? tags.title : `${tags.title} | ${tags.siteName}`;
  return [
    { title },
    ...named('description', tags.description),
    ...named('keywords', tags.keywords),
    ...named('robots', tags.robots),
    { tagName: 'link', rel: 'canonical', href: tags.canonical },
    ...(tags.favicon ? [{ tagName: 'link', rel: 'icon', href: tags.favicon }] : []),
    ...property('og:title', tags.title),
    ...property('og:description', tags.description),
    ...property('og:image', tags.image),
    ...property('og:type', tags.type),
    ...property('og:site_name', tags.siteName),
    ...property('og:url', tags.canonical),
    ...named('twitter:card', tags.card),
    ...named('twitter:site', tags.twitterSite),
  ];
}
