import { logUserActivity } from '../accounts/handlers/activity';
import {
  deleteAccountLocation,
  getAddressBook,
  getShippingPreferences,
  saveAccountLocation,
  saveShippingPreferences,
  setDefaultAccountLocation,
} from '../accounts/handlers/address-book';
import {
  contactInSF,
  updateContactInSF,
  userActivatedInAWS,
  userDeactivatedInAWS,
} from '../accounts/handlers/portal-users';
import {
  getAccountDetails,
  getAccountSelection,
  getPAAccounts,
  saveAccountSelection,
} from '../accounts/handlers/related-accounts';
import { decideApproval, getApproval, getApprovals } from '../approvals/handlers/approvals';
import { getMySpending, getSpendingLimits, saveSpendingLimit } from '../approvals/handlers/limits';
import {
  getAttributesOfItems,
  getGroupedFilteredList,
  getLineItemAttributesNG,
  getRowItems,
  getTranslationHeaders,
} from '../cart/handlers/cart-records';
import {
  applyPromoCodeNG,
  getPromoCodeInfo,
  getQLIsForPromoCode,
  removePromoCodeNG,
} from '../cart/handlers/promo-codes';
import { exportToCSV } from '../cart/handlers/quote-export';
import {
  deleteLineItems,
  saveItemToQuoteBlink,
  updateQLI,
  updateQtyOnQLIs,
} from '../cart/handlers/quote-lines';
import {
  getActiveQuote,
  getActiveQuoteFromUser,
  getQuoteItems,
  makeActiveCart,
  makeActiveCartForGuest,
  startNewCart,
} from '../cart/handlers/quotes';
import { getLookupRecords, getRecord, updateRecord } from '../cart/handlers/records';
import {
  getCatalogGroupCounts,
  getCatalogPicklistGroupCounts,
  getEcatalogDetails,
  retrieveCatalogNG,
} from '../catalogue/handlers/catalogue';
import { getFormattedObjectDetails } from '../catalogue/handlers/objects';
import { getOffers } from '../catalogue/handlers/offers';
import { getSavedFilter, getSavedFilters, saveECatalogFilters } from '../catalogue/handlers/saved-filters';
import { getAddressRecords, saveAddress } from '../checkout/handlers/addresses';
import { blinkCheckout, getOrderConfirmation } from '../checkout/handlers/checkout';
import { getCustomFields, saveCustomFields } from '../checkout/handlers/custom-fields';
import { createGuestBuyer, getGuestBuyer } from '../checkout/handlers/guest-buyers';
import { checkForDuplicatePO, updateQuote } from '../checkout/handlers/purchase-orders';
import { deleteFile, getFile, getFileContent, uploadFile } from '../checkout/handlers/quote-files';
import type { Handlers } from '../core/handler';
import {
  getCostCentres,
  saveCostCentre,
  saveCostCentreSettings,
  setCostCentreActive,
} from '../cost-centres/handlers/cost-centres';
import { getQuoteCostCentre, setQuoteCostCentre } from '../cost-centres/handlers/quote-cost-centre';
import {
  getCourseDetail,
  getCourses,
  getEnrolmentRequest,
  requestEnrolment,
} from '../elearning/handlers/elearning';
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
} from '../install-base/handlers/configurator';
import { getInstallBase } from '../install-base/handlers/install-base';
import {
  getInvoicePaymentReceipt,
  getPayableInvoices,
  invoicePaymentPurpose,
  payInvoicesWithSavedCard,
  startInvoicePayment,
} from '../invoices/handlers/invoice-payments';
import { exportInvoices, getInvoice, getInvoicePdf, getInvoices } from '../invoices/handlers/invoices';
import {
  getNotifications,
  getNotificationsCount,
  updateNotifications,
} from '../notifications/handlers/notifications';
import { cancelOrder, exportOrders, getOrder, getOrders } from '../orders/handlers/orders';
import { paymentRequestHandler } from '../payments/handlers/payment-callback';
import {
  getPaymentMethods,
  removePaymentMethod,
  savePaymentMethodCallback,
  setDefaultPaymentMethod,
  startSavingPaymentMethod,
} from '../payments/handlers/payment-methods';
import { generateSignature, getShuttleCheckoutInfo, getShuttleInfo } from '../payments/handlers/payments';
import { registerInvoicePayments } from '../payments/purposes';
import {
  addRequisitionListToCart,
  addToRequisitionList,
  createRequisitionList,
  deleteRequisitionList,
  duplicateRequisitionList,
  getRequisitionList,
  getRequisitionLists,
  removeRequisitionListLines,
  updateRequisitionList,
  updateRequisitionListLines,
} from '../requisition-lists/handlers/lists';
import { addCpqConfiguration, getCpqModel, priceCpqConfiguration } from '../sales/handlers/cpq';
import { addQuickOrder, checkQuickOrder } from '../sales/handlers/quick-order';
import { getReorder, reorderLines } from '../sales/handlers/reorder';
import { getActiveOpenCart, retrieveQuoteLines, takeThisQuote } from '../sales/handlers/sales-quotes';
import { getSearchSuggestions, recordRecentSearch } from '../search-suggestions/handlers/suggestions';
import {
  calculateShippingCharges,
  getShippingPicklists,
  saveShippingChargesWithBroker,
} from '../shipping/handlers/shipping';
import { retrieveContentBlocks } from '../storefronts/handlers/content';
import { getMergedMetaInfo, getMetaItems } from '../storefronts/handlers/meta';
import { getActiveStorefronts, getGuestAccounts } from '../storefronts/handlers/storefronts';
import {
  checkIfBubbleOrg,
  createSupportCase,
  getCaseCreationActionDetails,
  getKnowledgeAttachment,
  getKnowledgeConfigurations,
  getKnowledgeDataBySearch,
  getKnowledgeDetail,
} from '../support/handlers/knowledge';
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
} from '../support/handlers/service-requests';
import { calculateAvaTax, isAvataxAddressValidation, resolveAvataxAddress } from '../tax/handlers/tax';

// The provider's callback applies a payment of invoices through the purpose invoices registers.
registerInvoicePayments(invoicePaymentPurpose);

/** One handler per CRM type of the contract; the type checker keeps the two lists equal. */
export const HANDLERS: Handlers = {
  getSearchSuggestions,
  recordRecentSearch,
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
  getOrders,
  exportOrders,
  getOrder,
  cancelOrder,
  getSpendingLimits,
  saveSpendingLimit,
  getMySpending,
  getApprovals,
  getApproval,
  decideApproval,
  getReorder,
  reorderLines,
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
  getCostCentres,
  saveCostCentre,
  setCostCentreActive,
  saveCostCentreSettings,
  getQuoteCostCentre,
  setQuoteCostCentre,
  getRequisitionLists,
  getRequisitionList,
  createRequisitionList,
  updateRequisitionList,
  deleteRequisitionList,
  duplicateRequisitionList,
  addToRequisitionList,
  updateRequisitionListLines,
  removeRequisitionListLines,
  addRequisitionListToCart,
};
