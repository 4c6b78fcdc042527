import {
  type CallType,
  CRM_BASE_PATH,
  CRM_TYPES,
  type CrmType,
  isCrmType,
  servedUnder,
  type UserType,
} from '@storefront/contracts';
import { z } from 'zod';
import { GatewayRefusal } from './envelope';

/**
 * Who may call each CRM type through makeCall. Every type of the contract has a row, so a new type does not
 * compile until someone decides its access:
 * - catalogue: anyone the storefront serves, guests included (catalogue, content, labels);
 * - cart: a guest's own cart, reached by the guest cart secret the gateway adds from the request, and a
 *   signed-in user's cart;
 * - account: signed-in users only (their account's quotes and records, saved filters, taking over the cart
 *   they made as a guest);
 * - manager: signed-in managers (and admins) only;
 * - internal: never through makeCall: getActiveStorefronts lists every tenant (the gateway serves the
 *   caller's own storefront through `theme` and resolveDomain), and the activity log is written through its
 *   own field, with who did what taken from the token; paymentRequestHandler is the payment provider's
 *   callback to the CRM; getAccountSelection is read by the gateway to build the principal.
 */
export type Access = 'catalogue' | 'cart' | 'account' | 'manager' | 'internal';

export const CRM_ACCESS: Readonly<Record<CrmType, Access>> = {
  getActiveStorefronts: 'internal',
  logUserActivity: 'internal',
  retrieveContentBlocks: 'catalogue',
  getMergedMetaInfo: 'catalogue',
  retrieveCatalogNG: 'catalogue',
  getEcatalogDetails: 'catalogue',
  getCatalogGroupCounts: 'catalogue',
  getCatalogPicklistGroupCounts: 'catalogue',
  getFormattedObjectDetails: 'catalogue',
  getOffers: 'catalogue',
  getGuestAccounts: 'catalogue',
  getMetaItems: 'catalogue',
  getTranslationHeaders: 'catalogue',
  getLookupRecords: 'catalogue',
  getActiveQuote: 'cart',
  startNewCart: 'cart',
  saveItemToQuoteBlink: 'cart',
  updateQLI: 'cart',
  deleteLineItems: 'cart',
  getQuoteItems: 'cart',
  getPromoCodeInfo: 'cart',
  getQLIsForPromoCode: 'cart',
  applyPromoCodeNG: 'cart',
  removePromoCodeNG: 'cart',
  exportToCSV: 'cart',
  getLineItemAttributesNG: 'cart',
  getAttributesOfItems: 'cart',
  getRowItems: 'cart',
  // Guests check out too: their addresses are typed in and the CRM keeps no address book for the shared
  // guest account, so the location objects of saveAddress are refused there (docs/decisions/0016).
  getAddressRecords: 'cart',
  saveAddress: 'cart',
  // The account's own address book and shipping preferences (docs/decisions/0032): signed-in users only.
  getAddressBook: 'account',
  saveAccountLocation: 'account',
  deleteAccountLocation: 'account',
  setDefaultAccountLocation: 'account',
  getShippingPreferences: 'account',
  saveShippingPreferences: 'account',
  // Guests check out too; the quote's owner (and a guest's cart secret) is checked by the CRM.
  calculateShippingCharges: 'cart',
  saveShippingChargesWithBroker: 'cart',
  getShippingPicklists: 'cart',
  // Checkout's PO number and PO file: guests check out too, each reaching only their own cart.
  checkForDuplicatePO: 'cart',
  updateQuote: 'cart',
  getFile: 'cart',
  uploadFile: 'cart',
  deleteFile: 'cart',
  getFileContent: 'cart',
  // Placing the order and reading it back: guests check out too; the CRM checks the quote's owner.
  blinkCheckout: 'cart',
  getOrderConfirmation: 'cart',
  // A guest names the buyer of their own cart (by its secret); the CRM refuses signed-in accounts.
  createGuestBuyer: 'cart',
  getGuestBuyer: 'cart',
  // The checkout's custom form: guests check out too; the CRM checks the quote's owner.
  saveCustomFields: 'cart',
  getCustomFields: 'cart',
  getActiveQuoteFromUser: 'account',
  makeActiveCart: 'account',
  makeActiveCartForGuest: 'account',
  getGroupedFilteredList: 'account',
  getRecord: 'account',
  updateRecord: 'account',
  saveECatalogFilters: 'account',
  getSavedFilter: 'account',
  getSavedFilters: 'account',
  // Checkout's tax: guests check out too; the quote's owner (and guest secret) is checked as for the cart.
  isAvataxAddressValidation: 'cart',
  resolveAvataxAddress: 'cart',
  calculateAvaTax: 'cart',
  getShuttleInfo: 'catalogue',
  getShuttleCheckoutInfo: 'cart',
  generateSignature: 'cart',
  // The payment provider's signed result, posted server to server; a browser never reaches it.
  paymentRequestHandler: 'internal',
  // Saved payment methods: the account's own (the CRM checks it); the provider's result is internal like a payment's.
  getPaymentMethods: 'account',
  startSavingPaymentMethod: 'account',
  setDefaultPaymentMethod: 'account',
  removePaymentMethod: 'account',
  savePaymentMethodCallback: 'internal',
  // A manager's user changes reach the CRM through cognitoActions, which binds the account the gateway
  // checked; a browser never names a contact or an account for them.
  contactInSF: 'internal',
  updateContactInSF: 'internal',
  userActivatedInAWS: 'internal',
  userDeactivatedInAWS: 'internal',
  // The caller's own notifications: the gateway binds the contact (cid) and account from the principal.
  getNotificationsCount: 'account',
  getNotifications: 'account',
  updateNotifications: 'account',
  // Related accounts (docs/decisions/0025): the list and the account page are a signed-in user's; the CRM
  // lists only the related accounts of the account the call acts for. The stored choice is read by the
  // gateway itself when it builds the principal; a user changes it with both accounts checked against it.
  getPAAccounts: 'account',
  getAccountDetails: 'account',
  getAccountSelection: 'internal',
  saveAccountSelection: 'account',
  // Service requests and cases (docs/decisions/0031): the account's own; the CRM checks every record's account.
  getRequestForm: 'account',
  listServiceRequests: 'account',
  getServiceRequest: 'account',
  createServiceRequest: 'account',
  addRequestComment: 'account',
  attachRequestFile: 'account',
  getAttachmentContent: 'account',
  listSupportCases: 'account',
  getSupportCase: 'account',
  // Invoices (docs/decisions/0029): the account the principal acts for, bound by the gateway; the CRM
  // refuses another account's invoice.
  getInvoices: 'account',
  getInvoice: 'account',
  getInvoicePdf: 'account',
  exportInvoices: 'account',
  // Paying invoices (docs/decisions/0033): the account's own invoices and cards; the contact who pays is bound
  // from the principal and gets the receipt.
  getPayableInvoices: 'account',
  startInvoicePayment: 'account',
  payInvoicesWithSavedCard: 'account',
  getInvoicePaymentReceipt: 'account',
  // The buyer's orders (docs/decisions/0057-order-life.md): the account the principal acts for, bound by the
  // gateway, and the signed-in contact (who cancels, and whose order PDF is offered); the CRM refuses another
  // account's order.
  getOrders: 'account',
  exportOrders: 'account',
  getOrder: 'account',
  cancelOrder: 'account',
  // Reorder (docs/decisions/0061-reorder.md): the account's own order into the signed-in buyer's own cart.
  getReorder: 'account',
  reorderLines: 'account',
  // Spending limits and approvals (docs/decisions/0064-approvals-and-limits.md): a manager sets the account's
  // limits; the approvals page is a signed-in user's, the CRM checking the caller (contact and user type bound
  // from the principal) approves for that account or is the request's buyer.
  getSpendingLimits: 'manager',
  saveSpendingLimit: 'manager',
  getMySpending: 'account',
  getApprovals: 'account',
  getApproval: 'account',
  decideApproval: 'account',
  // The install base (docs/decisions/0034): the instruments of the account the principal acts for.
  getInstallBase: 'account',
  getKnowledgeConfigurations: 'account',
  getKnowledgeDataBySearch: 'account',
  getKnowledgeDetail: 'account',
  getKnowledgeAttachment: 'account',
  checkIfBubbleOrg: 'account',
  getCaseCreationActionDetails: 'account',
  createSupportCase: 'account',
  attachCaseFile: 'account',
  // Quotes prepared by sales (docs/decisions/0038): the account's prepared quotes, taken as a buyer's cart.
  getActiveOpenCart: 'account',
  retrieveQuoteLines: 'account',
  takeThisQuote: 'account',
  // E-learning (docs/decisions/0038): courses for the account's instruments and its enrolment requests.
  getCourses: 'account',
  getCourseDetail: 'account',
  requestEnrolment: 'account',
  getEnrolmentRequest: 'account',
  // Quick order and configure-price-quote (docs/decisions/0036): the signed-in buyer's own cart and catalogue;
  // a guest orders from the catalogue page by page.
  checkQuickOrder: 'account',
  addQuickOrder: 'account',
  getCpqModel: 'account',
  priceCpqConfiguration: 'account',
  addCpqConfiguration: 'account',
  // The parts configurator (docs/decisions/0035): the account's instruments, catalogue and cart; the user
  // type and contact are bound from the principal.
  getPartsList: 'account',
  getSuperSubRelatedItemsParts: 'account',
  getImages: 'account',
  loadImageBody: 'account',
  getQliQuantity: 'account',
  addPartToQuote: 'account',
  updateQtyOnQLIs: 'account',
  getLinkComponent: 'account',
  linkComponent: 'account',
  unlinkKitItem: 'account',
  // Cost centres and grant codes (docs/decisions/0063-cost-centres.md): the account's buyers read the usable
  // ones and charge their own cart to one; only its managers change them.
  getCostCentres: 'account',
  getQuoteCostCentre: 'account',
  setQuoteCostCentre: 'account',
  saveCostCentre: 'manager',
  setCostCentreActive: 'manager',
  saveCostCentreSettings: 'manager',
  // Requisition lists (docs/decisions/0062-requisition-lists.md): the account and the contact are bound from the
  // principal; the CRM decides who sees and changes each list (owner, sharing, account).
  getRequisitionLists: 'account',
  getRequisitionList: 'account',
  createRequisitionList: 'account',
  updateRequisitionList: 'account',
  deleteRequisitionList: 'account',
  duplicateRequisitionList: 'account',
  addToRequisitionList: 'account',
  updateRequisitionListLines: 'account',
  removeRequisitionListLines: 'account',
  addRequisitionListToCart: 'account',
  // Search suggestions (issue 34): guests get them too; the account (so its catalogue and prices) and the
  // contact whose recent searches they hold are bound from the principal.
  getSearchSuggestions: 'catalogue',
  recordRecentSearch: 'account',
};

/** The access classes a user type holds. */
const SIGNED_IN: readonly Access[] = ['catalogue', 'cart', 'account'];
const MANAGING: readonly Access[] = [...SIGNED_IN, 'manager'];

function typesOf(grants: readonly Access[]): ReadonlySet<CrmType> {
  const types = Object.keys(CRM_ACCESS).filter(isCrmType);
  return new Set(types.filter((type) => grants.includes(CRM_ACCESS[type])));
}

export const ALLOWED_TYPES: Readonly<Record<UserType, ReadonlySet<CrmType>>> = {
  AWSGuest: typesOf(['catalogue', 'cart']),
  AWSPortalUser: typesOf(SIGNED_IN),
  AWSManager: typesOf(MANAGING),
  AWSAdmin: typesOf(MANAGING),
};

/** The keys of a payload schema; a union of object schemas (one per kind of record) takes those of each. */
function fieldNames(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodUnion)
    return schema.options.flatMap((option) => fieldNames(option as z.ZodType));
  return [];
}

const FIELDS = new Map(
  Object.entries(CRM_TYPES).map(([type, row]) => [type, new Set(fieldNames(row.payload))]),
);

/** Whether `type` takes the field `name`: one of its GET parameters or POST body keys. */
export function takesField(type: CrmType, name: string): boolean {
  return FIELDS.get(type)?.has(name) ?? false;
}

/** An endpoint that passed the allow-list: GET types carry their query parameters (without `type`). */
export interface CrmCall {
  type: CrmType;
  method: CallType;
  params: Record<string, string>;
}

/**
 * Lower-case group names only: no dots, slashes, percent-escapes or fragments can reach the CRM path,
 * so traversal (`..`, `%2e%2e`, `//`) and absolute URLs never match.
 */
const ENDPOINT = new RegExp(`^${CRM_BASE_PATH}/([a-z]+)\\?([^#]*)$`);

const refuse = (reason: string): GatewayRefusal => new GatewayRefusal(403, `Endpoint not allowed: ${reason}`);

/** Matches a client-named endpoint against the allow-list of `userType`; anything else is a 403. */
export function authorizeEndpoint(userType: UserType, callType: string, endpoint: string): CrmCall {
  const match = ENDPOINT.exec(endpoint);
  if (!match) throw refuse(`expected ${CRM_BASE_PATH}/<group>?type=<name>.`);
  const [, group = '', query = ''] = match;
  const search = new URLSearchParams(query);
  const types = search.getAll('type');
  const type = types[0];
  if (types.length !== 1 || type === undefined) throw refuse('exactly one type parameter is required.');
  if (!isCrmType(type)) throw refuse(`unknown type '${type}'.`);
  const { method } = CRM_TYPES[type];
  if (!servedUnder(type, group)) throw refuse(`type '${type}' is not served under '${group}'.`);
  if (!ALLOWED_TYPES[userType].has(type)) throw refuse(`type '${type}' is not allowed for ${userType}.`);
  if (callType !== method) throw refuse(`type '${type}' is called with ${method}, not ${callType}.`);
  search.delete('type');
  return { type, method, params: acceptedParams(type, method, search) };
}

/** GET types take the parameters of their schema, each once; POST types take theirs from the payload. */
function acceptedParams(type: CrmType, method: CallType, search: URLSearchParams): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of search) {
    if (method === 'POST') throw refuse(`type '${type}' takes its parameters in the payload.`);
    if (!takesField(type, name)) throw refuse(`parameter '${name}' is not accepted by '${type}'.`);
    if (Object.hasOwn(params, name)) throw refuse(`parameter '${name}' is repeated.`);
    params[name] = value;
  }
  return params;
}
