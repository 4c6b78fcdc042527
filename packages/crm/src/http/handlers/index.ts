import { logUserActivity } from './activity';
import {
  deleteAccountLocation,
  getAddressBook,
  getShippingPreferences,
  saveAccountLocation,
  saveShippingPreferences,
  setDefaultAccountLocation,
} from './address-book';
import { getAddressRecords, saveAddress } from './addresses';
import {
  getAttributesOfItems,
  getGroupedFilteredList,
  getLineItemAttributesNG,
  getRowItems,
  getTranslationHeaders,
} from './cart-records';
import {
  getCatalogGroupCounts,
  getCatalogPicklistGroupCounts,
  getEcatalogDetails,
  retrieveCatalogNG,
} from './catalogue';
import { blinkCheckout, getOrderConfirmation } from './checkout';
import {
  addPartToQuote,
  getImages,
  getLinkComponent,
  getPartsList,
  getQliQuantity,
  getSuperSubRelatedItemsParts,
  linkComponent,
  loadImageBody,
  unlinkKitItem,
} from './configurator';
import { retrieveContentBlocks } from './content';
import { addCpqConfiguration, getCpqModel, priceCpqConfiguration } from './cpq';
import { getCustomFields, saveCustomFields } from './custom-fields';
import { getCourseDetail, getCourses, getEnrolmentRequest, requestEnrolment } from './elearning';
import { createGuestBuyer, getGuestBuyer } from './guest-buyers';
import { getInstallBase } from './install-base';
import {
  getInvoicePaymentReceipt,
  getPayableInvoices,
  payInvoicesWithSavedCard,
  startInvoicePayment,
} from './invoice-payments';
import { exportInvoices, getInvoice, getInvoicePdf, getInvoices } from './invoices';
import {
  checkIfBubbleOrg,
  createSupportCase,
  getCaseCreationActionDetails,
  getKnowledgeAttachment,
  getKnowledgeConfigurations,
  getKnowledgeDataBySearch,
  getKnowledgeDetail,
} from './knowledge';
import { getMergedMetaInfo, getMetaItems } from './meta';
import { getNotifications, getNotificationsCount, updateNotifications } from './notifications';
import { getFormattedObjectDetails } from './objects';
import { getOffers } from './offers';
import { paymentRequestHandler } from './payment-callback';
import {
  getPaymentMethods,
  removePaymentMethod,
  savePaymentMethodCallback,
  setDefaultPaymentMethod,
  startSavingPaymentMethod,
} from './payment-methods';
import { generateSignature, getShuttleCheckoutInfo, getShuttleInfo } from './payments';
import { contactInSF, updateContactInSF, userActivatedInAWS, userDeactivatedInAWS } from './portal-users';
import { applyPromoCodeNG, getPromoCodeInfo, getQLIsForPromoCode, removePromoCodeNG } from './promo-codes';
import { checkForDuplicatePO, updateQuote } from './purchase-orders';
import { addQuickOrder, checkQuickOrder } from './quick-order';
import { exportToCSV } from './quote-export';
import { deleteFile, getFile, getFileContent, uploadFile } from './quote-files';
import { deleteLineItems, saveItemToQuoteBlink, updateQLI, updateQtyOnQLIs } from './quote-lines';
import {
  getActiveQuote,
  getActiveQuoteFromUser,
  getQuoteItems,
  makeActiveCart,
  makeActiveCartForGuest,
  startNewCart,
} from './quotes';
import { getLookupRecords, getRecord, updateRecord } from './records';
import {
  getAccountDetails,
  getAccountSelection,
  getPAAccounts,
  saveAccountSelection,
} from './related-accounts';
import { getActiveOpenCart, retrieveQuoteLines, takeThisQuote } from './sales-quotes';
import { getSavedFilter, getSavedFilters, saveECatalogFilters } from './saved-filters';
import {
  addRequestComment,
  attachCaseFile,
  attachRequestFile,
  createServiceRequest,
  getAttachmentContent,
  getRequestForm,
  getServiceRequest,
  getSupportCase,
  listServiceRequests,
  listSupportCases,
} from './service-requests';
import { calculateShippingCharges, getShippingPicklists, saveShippingChargesWithBroker } from './shipping';
import { getActiveStorefronts, getGuestAccounts } from './storefronts';
import { calculateAvaTax, isAvataxAddressValidation, resolveAvataxAddress } from './tax';
import type { Handlers } from './types';

/** One handler per CRM type of the contract; the type checker keeps the two lists equal. */
export const HANDLERS: Handlers = {
  getAddressBook,
  saveAccountLocation,
  deleteAccountLocation,
  setDefaultAccountLocation,
  getShippingPreferences,
  saveShippingPreferences,
  createGuestBuyer,
  getGuestBuyer,
  getActiveStorefronts,
  retrieveContentBlocks,
  getMergedMetaInfo,
  retrieveCatalogNG,
  getEcatalogDetails,
  getCatalogGroupCounts,
  getCatalogPicklistGroupCounts,
  getFormattedObjectDetails,
  getOffers,
  getGuestAccounts,
  getMetaItems,
  logUserActivity,
  getActiveQuote,
  getActiveQuoteFromUser,
  startNewCart,
  makeActiveCart,
  makeActiveCartForGuest,
  saveItemToQuoteBlink,
  updateQLI,
  deleteLineItems,
  getQuoteItems,
  getPromoCodeInfo,
  getQLIsForPromoCode,
  applyPromoCodeNG,
  removePromoCodeNG,
  exportToCSV,
  getTranslationHeaders,
  getLineItemAttributesNG,
  getAttributesOfItems,
  getGroupedFilteredList,
  getRowItems,
  updateRecord,
  getRecord,
  getLookupRecords,
  saveECatalogFilters,
  getSavedFilter,
  getSavedFilters,
  isAvataxAddressValidation,
  resolveAvataxAddress,
  calculateAvaTax,
  getShuttleInfo,
  getShuttleCheckoutInfo,
  generateSignature,
  paymentRequestHandler,
  getPaymentMethods,
  startSavingPaymentMethod,
  setDefaultPaymentMethod,
  removePaymentMethod,
  savePaymentMethodCallback,
  getAddressRecords,
  saveAddress,
  calculateShippingCharges,
  saveShippingChargesWithBroker,
  getShippingPicklists,
  checkForDuplicatePO,
  updateQuote,
  getFile,
  uploadFile,
  deleteFile,
  getFileContent,
  blinkCheckout,
  getOrderConfirmation,
  saveCustomFields,
  getCustomFields,
  contactInSF,
  updateContactInSF,
  userActivatedInAWS,
  userDeactivatedInAWS,
  getNotificationsCount,
  getNotifications,
  updateNotifications,
  getPAAccounts,
  getAccountDetails,
  getAccountSelection,
  saveAccountSelection,
  getRequestForm,
  listServiceRequests,
  getServiceRequest,
  createServiceRequest,
  addRequestComment,
  attachRequestFile,
  getAttachmentContent,
  listSupportCases,
  getSupportCase,
  getInvoices,
  getInvoice,
  getInvoicePdf,
  exportInvoices,
  getPayableInvoices,
  startInvoicePayment,
  payInvoicesWithSavedCard,
  getInvoicePaymentReceipt,
  getInstallBase,
  getKnowledgeConfigurations,
  getKnowledgeDataBySearch,
  getKnowledgeDetail,
  getKnowledgeAttachment,
  checkIfBubbleOrg,
  getCaseCreationActionDetails,
  createSupportCase,
  attachCaseFile,
  getActiveOpenCart,
  retrieveQuoteLines,
  takeThisQuote,
  getCourses,
  getCourseDetail,
  requestEnrolment,
  getEnrolmentRequest,
  checkQuickOrder,
  addQuickOrder,
  getCpqModel,
  priceCpqConfiguration,
  addCpqConfiguration,
  getPartsList,
  getSuperSubRelatedItemsParts,
  getImages,
  loadImageBody,
  getQliQuantity,
  addPartToQuote,
  updateQtyOnQLIs,
  getLinkComponent,
  linkComponent,
  unlinkKitItem,
};
