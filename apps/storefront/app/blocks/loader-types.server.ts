import type { BlockFields, BlockName } from '@storefront/contracts/block-fields';
import type { Block, Section, TemplateRecord } from '@storefront/contracts/blocks';
import type { EcatalogDetails } from '@storefront/contracts/catalogue';
import type { ProductLookup } from '../lib/catalogue.server';
import type { StorefrontSession } from '../lib/storefront.server';
import type { BlockData } from './types';

/** What the route says the page is about. */
export interface PageTarget {
  /** /category/{id}. */
  categoryId: string | null;
  /** The record a detail page shows: ?id or ?recordId. */
  recordId: string | null;
  /**
   * The product slug of /product/:productTemplateId/:productId (an item id there, as older links have, also
   * resolves) or of the catalogue product path /:templateName/:catalogName/:productName/*.
   */
  productSlug: string | null;
  /** The quote a cart page names: /cart/{quoteId}, ?quoteId or ?quoteid (spec P§2). */
  quoteId: string | null;
}

export interface BlockLoaderArgs<N extends BlockName> {
  session: StorefrontSession;
  block: Block;
  fields: BlockFields[N];
  target: PageTarget;
  /** The storefront's templates, as the page resolved its own from them. */
  templates: readonly TemplateRecord[];
  /** The page's own template and all its sections (blocks may depend on their siblings, as checkout steps do). */
  page: { templateId: string; sections: readonly Section[] };
  /** The account's catalogue and categories, fetched at most once per page. */
  catalogue: () => Promise<EcatalogDetails | null>;
  /** The product the route names (its slug, or ?id / ?recordId), fetched at most once per page. */
  product: () => Promise<ProductLookup>;
  /**
   * The page is rendered for every viewer of its price context (docs/decisions/0067): what is the viewer's own
   * is not read, and the browser fills it in.
   */
  forPriceContext: boolean;
}

/** Runs on the server in the page loader, in parallel with the page's other blocks. */
export type BlockLoader<N extends BlockName> = (args: BlockLoaderArgs<N>) => Promise<BlockData[N]>;
