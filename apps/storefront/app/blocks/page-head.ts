import type { TemplateRecord } from '@storefront/contracts/blocks';
import type { CatalogItemDetail, Category } from '@storefront/contracts/catalogue';
import type { PageMeta } from '@storefront/contracts/meta';
import { productPath } from '@storefront/contracts/template-resolution';
import { isPersonalPage } from '../lib/account-pages';
import { findCategory } from '../lib/catalogue';
import { canonicalUrl, type HeadTags, headTags } from '../lib/meta';
import { categoryPath } from '../lib/paths';
import { breadcrumbList, type Crumb, productData } from '../lib/structured-data';
import type { RenderedSection } from './types';

/** What a page's head is made of besides the CRM's meta. */
export interface PageFacts {
  /** The scheme and host the browser reached the storefront by. */
  origin: string;
  url: URL;
  storefrontName: string;
  template: TemplateRecord;
  /** The category the route names. */
  category: Category | null;
  /** The viewer's catalogue's categories. */
  categories: readonly Category[];
  sections: readonly RenderedSection[];
}

/**
 * Title, canonical URL, robots, link-preview tags and JSON-LD of a template page. The canonical URL names
 * the thing shown, whatever path or query reached it: a product's page, a category's page by its slug, the
 * home page as '/', other pages their path; of the query only a list's page number stays (sort and filters
 * show the same products).
 */
export function pageHead(meta: PageMeta | null, facts: PageFacts): HeadTags {
  const shown = shownProduct(facts.sections);
  const item = shown?.item ?? null;
  const canonical = canonicalUrl(meta, facts.origin + canonicalPath(facts, item));
  const home: Crumb = { name: 'Home', url: `${facts.origin}/` };
  const structuredData = item
    ? [
        productData(item, canonical),
        breadcrumbList([home, categoryCrumb(item.category, facts), { name: item.name, url: canonical }]),
      ]
    : facts.category
      ? [breadcrumbList([home, { name: facts.category.name, url: canonical }])]
      : [];
  return headTags(meta, {
    pageUrl: canonical,
    storefrontName: facts.storefrontName,
    // One template serves every category: without the CRM's meta the page is still titled by its own.
    pageTitle: item?.name ?? facts.category?.name ?? facts.template.meta.Page_Title,
    description: item ? item.shortDescription || item.description : undefined,
    image: item ? (item.images[0] ?? item.imageUrl) : undefined,
    // A product page showing a product its catalogue lacks has nothing to index.
    hidden: isPersonalPage(facts.template.meta) || (shown !== null && item === null),
    structuredData,
  });
}

function canonicalPath({ url, template, category }: PageFacts, item: CatalogItemDetail | null): string {
  if (item) return productPath(item);
  if (template.meta.Portal_Home) return '/';
  // A list's later pages show other products: each is a page of its own.
  const page = Number(url.searchParams.get('page'));
  const query = Number.isInteger(page) && page > 1 ? `?page=${page}` : '';
  return (category ? categoryPath(category.slug) : url.pathname) + query;
}

/** The product category's crumb, at its canonical (slug) URL when the catalogue lists it. */
function categoryCrumb(category: { id: string; name: string }, facts: PageFacts): Crumb {
  const listed = findCategory(facts.categories, category.id);
  return { name: category.name, url: facts.origin + categoryPath(listed?.slug ?? category.id) };
}

/** The product block of the page, with the product it shows (null when it has none); null: no such block. */
function shownProduct(sections: readonly RenderedSection[]): { item: CatalogItemDetail | null } | null {
  for (const block of sections.flatMap((section) => section.blocks)) {
    if (block.componentName === 'productDetail' && block.state.status === 'ready') {
      return { item: block.state.data.item };
    }
  }
  return null;
}
