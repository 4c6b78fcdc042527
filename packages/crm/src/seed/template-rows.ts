import { sectionSchema, templateMetaSchema } from '@storefront/contracts';
import type * as schema from '../db/schema';
import { buildTemplates, type Supplier } from './templates';

/** The Quote PDF template checkout pages place their orders with: without one checkout is refused. */
const QUOTE_PDF_TEMPLATE = 'BioNova-Order-Confirmation';

export interface StorefrontTemplates {
  rows: (typeof schema.templates.$inferInsert)[];
  homeId: string;
  /** The product details page's template; the home page's when there is none. */
  productId: string;
}

/**
 * A storefront's page templates (home, content, catalogue, account, cart, checkout and record pages), parsed
 * with the contract schemas: the demo's storefronts and every storefront made by `npm run storefront -- create`.
 */
export function storefrontTemplates(
  storefrontId: string,
  guestAccessible: boolean,
  supplier: Supplier,
  newId: () => string,
): StorefrontTemplates {
  let homeId: string | undefined;
  let productId: string | undefined;
  const rows = buildTemplates({ storefrontId, guestAccessible, supplier }).map((template) => {
    const id = newId();
    const meta = templateMetaSchema.parse(template.meta);
    if (meta.Portal_Home) homeId ??= id;
    if (template.key === 'product') productId = id;
    return {
      id,
      storefrontId,
      name: template.name,
      createdDate: new Date(template.createdDate),
      ...meta,
      Quote_eDocument_ID:
        meta.Quote_eDocument_ID ?? (meta.Page_Type === 'Checkout' ? QUOTE_PDF_TEMPLATE : null),
      sections: template.sections.map((section) => sectionSchema.parse(section)),
    };
  });
  if (!homeId) throw new Error('buildTemplates returned no Portal_Home template');
  return { rows, homeId, productId: productId ?? homeId };
}
