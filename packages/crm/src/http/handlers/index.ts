import { logUserActivity } from './activity';
import {
  getCatalogGroupCounts,
  getCatalogPicklistGroupCounts,
  getEcatalogDetails,
  retrieveCatalogNG,
} from './catalogue';
import { retrieveContentBlocks } from './content';
import { getMergedMetaInfo, getMetaItems } from './meta';
import { getFormattedObjectDetails } from './objects';
import { applyPromoCodeNG, getPromoCodeInfo, getQLIsForPromoCode } from './promo-codes';
import { deleteLineItems, saveItemToQuoteBlink, updateQLI } from './quote-lines';
import { getActiveQuote, getActiveQuoteFromUser, getQuoteItems, startNewCart } from './quotes';
import { getActiveStorefronts, getGuestAccounts } from './storefronts';
import type { Handlers } from './types';

/** One handler per CRM type of the contract; the type checker keeps the two lists equal. */
export const HANDLERS: Handlers = {
  getActiveStorefronts,
  retrieveContentBlocks,
  getMergedMetaInfo,
  retrieveCatalogNG,
  getEcatalogDetails,
  getCatalogGroupCounts,
  getCatalogPicklistGroupCounts,
  getFormattedObjectDetails,
  getGuestAccounts,
  getMetaItems,
  logUserActivity,
  getActiveQuote,
  getActiveQuoteFromUser,
  startNewCart,
  saveItemToQuoteBlink,
  updateQLI,
  deleteLineItems,
  getQuoteItems,
  getPromoCodeInfo,
  getQLIsForPromoCode,
  applyPromoCodeNG,
};
