/** What other capabilities use of catalogue: they import it from here, never from its files. */
export { resolveItem } from './handlers/product-resolution';
export { type CheckedFile, checkCatalogueFile } from './import/check-file';
export { catalogueFormatOf } from './import/files';
export { MERCHANDISING_OPERATIONS } from './merchandising/operations';
export { checkSynonymsFile } from './merchandising/synonyms-file';
export { CATALOGUE_OPERATIONS } from './operations';
export {
  discontinuedSkus,
  onSale,
  type ProductRef,
  stockOfProducts,
  tiersForItems,
} from './queries/catalogue';
export { findCategory } from './queries/categories';
export { offersForItems } from './queries/offers';
export {
  applyOffer,
  isOfferValidOn,
  type PricedItem,
  selectTier,
  type TierRow,
  unitPrice,
} from './rules/pricing';
export { containsPattern } from './rules/search';
export { type PreparedSearch, prepareSearch, prepareSearches } from './search';
