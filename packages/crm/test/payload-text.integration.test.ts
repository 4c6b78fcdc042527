import { CRM_TYPES, type CrmType, failureOf, TEXT_PROBLEM } from '@storefront/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';

type Samples = { [T in CrmType]: z.input<(typeof CRM_TYPES)[T]['payload']> };

const catalogue = { storefrontId: 'stf-1', accountId: 'acc-1' };
const quote = { ...catalogue, contactId: '003-ana', guestCartSecret: 's'.repeat(43) };
const catalogueQuery = {
  ...catalogue,
  categoryId: 'cat-1',
  searchText: 'anti',
  filters: { Application: ['ELISA'] },
};

/**
 * A payload each type's schema takes, naming every string parameter it has; a new type is a compile error
 * here until it has one.
 */
const SAMPLES: Samples = {
  getActiveStorefronts: {},
  retrieveContentBlocks: { storefrontId: 'stf-1', templateIds: ['tpl-1'] },
  getMergedMetaInfo: { accId: 'acc-1', stfId: 'stf-1', url: '/catalog' },
  retrieveCatalogNG: catalogueQuery,
  getEcatalogDetails: catalogue,
  getCatalogGroupCounts: catalogueQuery,
  getCatalogPicklistGroupCounts: { ...catalogueQuery, field: 'Brand' },
  getFormattedObjectDetails: {
    objectapi: 'CatalogItem',
    objectid: 'item-1',
    slug: 'anti-cd3',
    accId: 'acc-1',
    stfId: 'stf-1',
  },
  getOffers: catalogue,
  getGuestAccounts: { accId: 'acc-1' },
  getMetaItems: { ...catalogue, templateId: 'tpl-1', key: 'title' },
  logUserActivity: { ...catalogue, username: 'ana@example.com', activity: 'login' },
  getActiveQuote: quote,
  getActiveQuoteFromUser: { ...quote, userType: 'AWSPortalUser', shipToAccountId: 'acc-2' },
  startNewCart: quote,
  makeActiveCart: { ...quote, quoteId: 'q-1' },
  makeActiveCartForGuest: quote,
  saveItemToQuoteBlink: { ...quote, catalogItemId: 'item-1', qty: 1 },
  updateQLI: { ...quote, quoteId: 'q-1', lines: [{ id: 'qli-1', qty: 2 }] },
  deleteLineItems: { ...quote, quoteId: 'q-1', qliIds: ['qli-1'] },
  getQuoteItems: { ...quote, quoteid: 'q-1' },
  getPromoCodeInfo: { storefrontId: 'stf-1', promoCode: 'SPRING24' },
  getQLIsForPromoCode: { ...quote, quoteId: 'q-1', promoCode: 'SPRING24' },
  applyPromoCodeNG: {
    ...quote,
    promoCode: 'SPRING24',
    quoteId: 'q-1',
    qliIds: ['qli-1'],
    isLastBatch: true,
    originalTotalSalesPrice: 10,
  },
  removePromoCodeNG: { ...quote, quoteId: 'q-1', promoCode: 'SPRING24' },
  getTranslationHeaders: { locale: 'de-DE' },
  getLineItemAttributesNG: { ...quote, quoteId: 'q-1', qliIds: ['qli-1'] },
  getAttributesOfItems: { ...quote, itemIds: ['item-1'], objectId: 'q-1' },
  getGroupedFilteredList: { ...quote, searchText: 'PO-1' },
  getRowItems: { ...quote, quoteId: 'q-1' },
  updateRecord: {
    ...quote,
    objectApiName: 'Quote',
    recordId: 'q-1',
    fields: { name: 'Lab order', notes: 'for ana' },
  },
  getRecord: { ...quote, objectName: 'Quote', objectId: 'q-1', displayFields: ['name'] },
  getLookupRecords: { ...catalogue, objectApiName: 'CatalogItem', searchText: 'anti' },
  saveECatalogFilters: { ...catalogueQuery, name: 'My ELISA kits' },
  getSavedFilter: { ...catalogue, ecfr: 'ecf-1' },
  getSavedFilters: catalogue,
  exportToCSV: { ...quote, quoteId: 'q-1' },
  isAvataxAddressValidation: { storefrontId: 'stf-1' },
  resolveAvataxAddress: {
    storefrontId: 'stf-1',
    line1: '1 Main St',
    line2: 'Suite 2',
    city: 'Portland',
    region: 'OR',
    country: 'US',
    postalCode: '97201',
  },
  calculateAvaTax: { ...quote, recordId: 'q-1', isCommit: true },
  getShuttleInfo: {},
  getShuttleCheckoutInfo: { ...quote, quoteId: 'q-1' },
  generateSignature: { ...quote, quoteId: 'q-1', returnUrl: 'http://localhost/checkout' },
  paymentRequestHandler: {
    request_id: 'req-1',
    status: 'succeeded',
    amount: '10.00',
    currency: 'USD',
    token: 'tok_1',
    brand: 'Visa',
    last4: '4242',
    decline_reason: '',
    timestamp: '2026-11-22T10:00:00.000Z',
    nonce: 'n'.repeat(22),
    signature: 's'.repeat(43),
  },
  getPaymentMethods: { ...catalogue, contactId: '003-ana' },
  startSavingPaymentMethod: {
    ...catalogue,
    contactId: '003-ana',
    returnUrl: 'http://localhost/billing/paymentmethods',
  },
  setDefaultPaymentMethod: { ...catalogue, paymentMethodId: 'pm-1' },
  removePaymentMethod: { ...catalogue, paymentMethodId: 'pm-1' },
  savePaymentMethodCallback: {
    request_id: 'req-1',
    status: 'succeeded',
    token: 'tok_1',
    brand: 'Visa',
    last4: '4242',
    exp_month: '12',
    exp_year: '2030',
    decline_reason: '',
    timestamp: '2026-11-22T10:00:00.000Z',
    nonce: 'n'.repeat(22),
    signature: 's'.repeat(43),
  },
  getAddressRecords: {
    ...quote,
    addressType: 'Shipping',
    accountSelection: 'HIERARCHY',
    addressObject: 'Location',
    quoteId: 'q-1',
  },
  saveAddress: {
    ...quote,
    quoteId: 'q-1',
    address: '1210 Longwood Avenue',
    address2: 'Loading Dock B',
    city: 'Boston',
    state: 'MA',
    zip: '02115',
    country: 'US',
    parentAccount: 'acc-2',
    addressObject: 'UpdateLocation',
    addressType: 'Shipping',
    locationId: 'loc-1',
    locName: 'Main Receiving',
    contactName: 'Ana Lima',
    contactEmail: 'ana@example.com',
    contactPhone: '+1 617 555 0100',
  },
  calculateShippingCharges: { ...quote, objid: 'q-1', objtype: 'Quote' },
  saveShippingChargesWithBroker: {
    ...quote,
    objid: 'q-1',
    objtype: 'Quote',
    shippingdata: {
      ShippingCarrier: 'UPS',
      ShippingMethod: 'Ground',
      labelToShow: 'UPS Ground',
      customerShippingAccount: 'A1B2C3',
    },
  },
  getShippingPicklists: {},
  checkForDuplicatePO: { ...quote, poNumber: 'PO-1001', quoteId: 'q-1' },
  updateQuote: { ...quote, quotes: [{ id: 'q-1', poNumber: 'PO-1001' }] },
  getFile: { ...quote, fileRelatedTo: 'QPO', parentId: 'q-1', filePublicLinkRequired: true },
  uploadFile: {
    ...quote,
    fileRelatedTo: 'QPO',
    parentId: 'q-1',
    fileName: 'po-1001.pdf',
    fileContent: 'JVBERi0xLjQK',
    fileSize: 9,
    uploadId: 'upl-1',
  },
  deleteFile: { ...quote, fileName: 'po-1001.pdf', contentVersionId: 'cv-1' },
  getFileContent: { ...quote, contentVersionId: 'cv-1' },
  blinkCheckout: { ...quote, quoteId: 'q-1', templateId: 'tpl-checkout' },
  getOrderConfirmation: { ...quote, orderNumber: 'SO-2026-000001' },
  createGuestBuyer: {
    ...quote,
    quoteId: 'q-1',
    companyName: 'Lumen Cell Labs',
    firstName: 'Ana',
    lastName: 'Lima',
    email: 'ana@example.com',
    phone: '+1 617 555 0100',
  },
  getGuestBuyer: { ...quote, quoteId: 'q-1' },
  saveCustomFields: {
    ...quote,
    quoteId: 'q-1',
    templateId: 'tpl-checkout',
    values: { Cost_Centre: 'LAB-7' },
  },
  getCustomFields: { ...quote, quoteId: 'q-1' },
  contactInSF: { accId: 'acc-1', fn: 'Ana', ln: 'Lima', email: 'ana@example.com' },
  updateContactInSF: { accId: 'acc-1', cid: 'c-1', awsUserId: 'ana@example.com-sf-1' },
  userActivatedInAWS: { accId: 'acc-1', cid: 'c-1' },
  userDeactivatedInAWS: { accId: 'acc-1', cid: 'c-1' },
  getNotificationsCount: { storefrontId: 'stf-1', accId: 'acc-1', cid: '003-ana' },
  getNotifications: { storefrontId: 'stf-1', accId: 'acc-1', cid: '003-ana' },
  updateNotifications: {
    storefrontId: 'stf-1',
    accId: 'acc-1',
    cid: '003-ana',
    payload: { action: 'read', ids: ['ntf-1'] },
  },
  getPAAccounts: {
    storefrontId: 'sf-1',
    accountId: 'acc-1',
    displayFields: ['BillingCity'],
    obj: 'Portal_Accessible_Account__c',
    searchText: 'campus',
    queryFilters: { Master_Account: 'acc-1' },
    isPortalContext: false,
  },
  getAccountDetails: { storefrontId: 'sf-1', accountId: 'acc-1' },
  getAccountSelection: { storefrontId: 'sf-1', contactId: 'c-1' },
  saveAccountSelection: {
    storefrontId: 'sf-1',
    contactId: 'c-1',
    selectedAccountId: 'acc-2',
    shipToAccountId: 'acc-3',
  },
  getAddressBook: catalogue,
  saveAccountLocation: {
    ...catalogue,
    locationId: 'loc-1',
    locName: 'Cold room',
    address: '1210 Longwood Avenue',
    address2: 'Loading Dock B',
    city: 'Boston',
    state: 'MA',
    zip: '02115',
    country: 'US',
    firstName: 'Ana',
    lastName: 'Silva',
    phone: '+1 617 555 0100',
    email: 'ana@example.com',
  },
  deleteAccountLocation: { ...catalogue, locationId: 'loc-1' },
  setDefaultAccountLocation: { ...catalogue, locationId: 'loc-1' },
  getShippingPreferences: catalogue,
  saveShippingPreferences: {
    ...catalogue,
    carrier: 'UPS',
    service: 'Ground',
    carrierAccountNumber: 'A1B2C3',
  },
  getRequestForm: { storefrontId: 'sf-1', accountId: 'acc-1' },
  listServiceRequests: { storefrontId: 'sf-1', accountId: 'acc-1', status: 'New' },
  getServiceRequest: { storefrontId: 'sf-1', accountId: 'acc-1', requestId: 'req-1' },
  createServiceRequest: {
    storefrontId: 'sf-1',
    accountId: 'acc-1',
    contactId: 'c-1',
    subject: 'Centrifuge rotor imbalance',
    priority: 'High',
    authorName: 'Ana Buyer',
    fields: { category: 'Instrument service', description: 'It shakes at 4000 rpm.' },
  },
  addRequestComment: {
    storefrontId: 'sf-1',
    accountId: 'acc-1',
    requestId: 'req-1',
    authorName: 'Ana Buyer',
    body: 'Any news?',
  },
  attachRequestFile: {
    storefrontId: 'sf-1',
    accountId: 'acc-1',
    requestId: 'req-1',
    fileName: 'photo.png',
    fileContent: 'iVBORw0KGgo=',
    fileSize: 8,
  },
  getAttachmentContent: { storefrontId: 'sf-1', accountId: 'acc-1', attachmentId: 'att-1' },
  listSupportCases: { storefrontId: 'sf-1', accountId: 'acc-1', status: 'Working' },
  getSupportCase: { storefrontId: 'sf-1', accountId: 'acc-1', caseId: 'case-1' },
  getInvoices: {
    storefrontId: 'sf-1',
    accountId: 'acc-1',
    status: 'Open',
    from: '2026-01-01',
    to: '2026-12-31',
    sort: 'dueDate',
    direction: 'asc',
  },
  getInvoice: { storefrontId: 'sf-1', accountId: 'acc-1', invoiceId: 'inv-1' },
  getInvoicePdf: { storefrontId: 'sf-1', accountId: 'acc-1', invoiceId: 'inv-1' },
  exportInvoices: { storefrontId: 'sf-1', accountId: 'acc-1', status: 'Paid', from: '2026-01-01' },
  getPayableInvoices: { storefrontId: 'sf-1', accountId: 'acc-1' },
  startInvoicePayment: {
    storefrontId: 'sf-1',
    accountId: 'acc-1',
    contactId: '003-ana',
    invoices: [{ invoiceId: 'inv-1', amount: 10 }],
    returnUrl: 'http://localhost/billing/payment',
  },
  payInvoicesWithSavedCard: {
    storefrontId: 'sf-1',
    accountId: 'acc-1',
    contactId: '003-ana',
    invoices: [{ invoiceId: 'inv-1', amount: 10 }],
    paymentMethodId: 'pm-1',
  },
  getInvoicePaymentReceipt: { storefrontId: 'sf-1', accountId: 'acc-1', requestId: 'req-1' },
  getOrders: {
    storefrontId: 'sf-1',
    accountId: 'acc-1',
    status: 'placed',
    from: '2026-01-01',
    to: '2026-12-31',
    poNumber: 'PO-1',
    buyerId: '003-ana',
  },
  exportOrders: { storefrontId: 'sf-1', accountId: 'acc-1', poNumber: 'PO-1', buyerId: '003-ana' },
  getOrder: { storefrontId: 'sf-1', accountId: 'acc-1', orderNumber: 'SO-2026-000001', contactId: '003-ana' },
  cancelOrder: {
    storefrontId: 'sf-1',
    accountId: 'acc-1',
    orderNumber: 'SO-2026-000001',
    contactId: '003-ana',
    reason: 'Ordered twice',
  },
  getReorder: {
    storefrontId: 'sf-1',
    accountId: 'acc-1',
    orderNumber: 'SO-2026-000001',
    contactId: '003-ana',
  },
  reorderLines: {
    storefrontId: 'sf-1',
    accountId: 'acc-1',
    orderNumber: 'SO-2026-000001',
    contactId: '003-ana',
    lines: [{ sku: 'FCA-1', qty: 2, replacement: true }],
  },
  getSpendingLimits: {
    storefrontId: 'sf-1',
    accountId: 'acc-1',
    contactId: '003-ana',
    userType: 'AWSManager',
  },
  saveSpendingLimit: {
    storefrontId: 'sf-1',
    accountId: 'acc-1',
    contactId: '003-ana',
    userType: 'AWSManager',
    forContactId: '003-ben',
    orderLimit: 1000,
    monthlyLimit: null,
    approverIds: ['003-ana'],
  },
  getMySpending: {
    storefrontId: 'sf-1',
    accountId: 'acc-1',
    contactId: '003-ana',
    userType: 'AWSPortalUser',
  },
  getApprovals: { storefrontId: 'sf-1', accountId: 'acc-1', contactId: '003-ana', userType: 'AWSPortalUser' },
  getApproval: { storefrontId: 'sf-1', accountId: 'acc-1', contactId: '003-ana', approvalId: 'apr-1' },
  decideApproval: {
    storefrontId: 'sf-1',
    accountId: 'acc-1',
    contactId: '003-ana',
    approvalId: 'apr-1',
    decision: 'reject',
    comment: 'Over the grant',
  },
  getInstallBase: { storefrontId: 'sf-1', accountId: 'acc-1' },
  getKnowledgeConfigurations: { storefrontId: 'sf-1', accountId: 'acc-1' },
  getKnowledgeDataBySearch: {
    storefrontId: 'sf-1',
    accountId: 'acc-1',
    symptoms: 'clogged flow cell',
    modelSku: 'INS-CS4',
    category: 'Fluidics',
  },
  getKnowledgeDetail: { storefrontId: 'sf-1', accountId: 'acc-1', articleId: 'ka-1' },
  getKnowledgeAttachment: {
    storefrontId: 'sf-1',
    accountId: 'acc-1',
    articleId: 'ka-1',
    attachmentId: 'kf-1',
  },
  checkIfBubbleOrg: { storefrontId: 'sf-1', accountId: 'acc-1' },
  getCaseCreationActionDetails: { stfId: 'sf-1', accountId: 'acc-1' },
  createSupportCase: {
    storefrontId: 'sf-1',
    accountId: 'acc-1',
    contactId: '003-ana',
    instrumentId: 'ib-1',
    subject: 'Sorter clogs',
    symptoms: 'High event rate',
    priority: 'High',
    contactName: 'Ana Berg',
    contactPhone: '+47 22 00 00 00',
  },
  attachCaseFile: {
    storefrontId: 'sf-1',
    accountId: 'acc-1',
    contactId: '003-ana',
    caseId: 'case-1',
    fileName: 'photo.png',
    fileContent: 'iVBO',
    fileSize: 3,
    uploadId: 'up-1',
  },
  getActiveOpenCart: {
    storefrontId: 'sf-1',
    accountId: 'acc-1',
    userTypeAWS: 'AWSPortalUser',
    contactIdAWS: 'con-1',
  },
  retrieveQuoteLines: { storefrontId: 'sf-1', accountId: 'acc-1', quoteId: 'pq-1' },
  takeThisQuote: {
    storefrontId: 'sf-1',
    accountId: 'acc-1',
    userTypeAWS: 'AWSPortalUser',
    contactIdAWS: 'con-1',
    quoteId: 'pq-1',
  },
  getCourses: { storefrontId: 'sf-1', accountId: 'acc-1', modelSku: 'INS-1' },
  getCourseDetail: { storefrontId: 'sf-1', accountId: 'acc-1', courseId: 'course-1' },
  requestEnrolment: {
    storefrontId: 'sf-1',
    accountId: 'acc-1',
    contactId: 'con-1',
    courseId: 'course-1',
    sessionId: 'session-1',
    attendees: 2,
    message: 'Two new operators',
  },
  getEnrolmentRequest: { storefrontId: 'sf-1', accountId: 'acc-1', enrolmentId: 'enr-1' },
  checkQuickOrder: { storefrontId: 'sf-1', accountId: 'acc-1', rows: [{ line: 1, sku: 'FCA-1', qty: 2 }] },
  addQuickOrder: { storefrontId: 'sf-1', accountId: 'acc-1', rows: [{ line: 1, sku: 'FCA-1', qty: 2 }] },
  getCpqModel: { storefrontId: 'sf-1', accountId: 'acc-1', itemId: 'item-1' },
  priceCpqConfiguration: {
    storefrontId: 'sf-1',
    accountId: 'acc-1',
    itemId: 'item-1',
    optionItemIds: ['item-2'],
    qty: 1,
  },
  addCpqConfiguration: {
    storefrontId: 'sf-1',
    accountId: 'acc-1',
    itemId: 'item-1',
    optionItemIds: ['item-2'],
    qty: 1,
  },
  getPartsList: { storefrontId: 'sf-1', accountId: 'acc-1', installBaseId: 'ib-1' },
  getSuperSubRelatedItemsParts: { storefrontId: 'sf-1', accountId: 'acc-1', partNumber: 'NZ-70-B' },
  getImages: { storefrontId: 'sf-1', accountId: 'acc-1', itemId: 'item-1' },
  loadImageBody: { storefrontId: 'sf-1', accountId: 'acc-1', itemId: 'item-1', imageId: '1' },
  getQliQuantity: {
    storefrontId: 'sf-1',
    accountId: 'acc-1',
    contactId: '003-ana',
    awsUserType: 'AWSManager',
    itemIds: ['item-1'],
  },
  addPartToQuote: {
    storefrontId: 'sf-1',
    accountId: 'acc-1',
    contactId: '003-ana',
    awsUserType: 'AWSManager',
    parts: [{ partNumber: 'NZ-70-B', qty: 1 }],
  },
  updateQtyOnQLIs: {
    storefrontId: 'sf-1',
    accountId: 'acc-1',
    contactId: '003-ana',
    quoteId: 'q-1',
    lines: [{ id: 'line-1', qty: 2 }],
  },
  getLinkComponent: { storefrontId: 'sf-1', accountId: 'acc-1', installBaseId: 'ib-1' },
  linkComponent: {
    storefrontId: 'sf-1',
    accountId: 'acc-1',
    installBaseId: 'ib-1',
    itemId: 'item-1',
    quantity: 1,
    serialNumber: 'NZ70-24-00001',
  },
  unlinkKitItem: { storefrontId: 'sf-1', accountId: 'acc-1', installBaseId: 'ib-1', componentId: 'c-1' },
  getRequisitionLists: { ...catalogue, contactId: '003-ana' },
  getRequisitionList: { ...catalogue, contactId: '003-ana', listId: 'rql-1' },
  createRequisitionList: { ...catalogue, contactId: '003-ana', name: 'CD4 panel' },
  updateRequisitionList: {
    ...catalogue,
    contactId: '003-ana',
    listId: 'rql-1',
    name: 'CD4',
    sharing: 'read',
  },
  deleteRequisitionList: { ...catalogue, contactId: '003-ana', listId: 'rql-1' },
  duplicateRequisitionList: { ...catalogue, contactId: '003-ana', listId: 'rql-1', name: 'Mine' },
  addToRequisitionList: {
    ...catalogue,
    contactId: '003-ana',
    listId: 'rql-1',
    entries: [{ sku: 'FCA-1', qty: 2 }],
  },
  updateRequisitionListLines: {
    ...catalogue,
    contactId: '003-ana',
    listId: 'rql-1',
    lines: [{ lineId: 'rqi-1', qty: 2 }],
  },
  removeRequisitionListLines: { ...catalogue, contactId: '003-ana', listId: 'rql-1', lineIds: ['rqi-1'] },
  addRequisitionListToCart: { ...catalogue, contactId: '003-ana', listId: 'rql-1', lineIds: ['rqi-1'] },
  getSearchSuggestions: { ...catalogue, contactId: '003-ana', text: 'cd4' },
  recordRecentSearch: { ...catalogue, contactId: '003-ana', text: 'cd4 apc' },
  getCostCentres: catalogue,
  saveCostCentre: {
    ...catalogue,
    costCentreId: 'cc-1',
    code: 'G-1',
    name: 'Grant',
    ownerContactId: '003-ana',
  },
  setCostCentreActive: { ...catalogue, costCentreId: 'cc-1', active: false },
  saveCostCentreSettings: { ...catalogue, required: true },
  getQuoteCostCentre: { ...quote, quoteId: 'q-1' },
  setQuoteCostCentre: { ...quote, quoteId: 'q-1', costCentreId: 'cc-1' },
};

/** The path of every string in a payload ('lines.0.id'), free text and picklist values alike. */
function stringPaths(value: unknown, path: string[] = []): string[][] {
  if (typeof value === 'string') return [path];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => stringPaths(child, [...path, key]));
}

/** The payload with `bad` put into the string at `path`. */
function spoil(payload: object, path: string[], bad: string): Record<string, unknown> {
  const copy = structuredClone(payload) as Record<string, unknown>;
  let parent: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
  const last = path.at(-1) ?? '';
  parent[last] = `${String(parent[last]).slice(0, 2)}${bad}${String(parent[last]).slice(2)}`;
  return copy;
}

const types = Object.keys(CRM_TYPES) as CrmType[];

describe.each(await testEngines())('strings PostgreSQL cannot store, on $name', (engine) => {
  let crm: SeededCrm;
  beforeAll(async () => {
    crm = await openSeededCrm(engine);
  });
  afterAll(() => crm.close());

  it('takes every sample as it is (so each refusal below is about the spoiled string alone)', () => {
    for (const type of types)
      expect(CRM_TYPES[type].payload.safeParse(SAMPLES[type]).success, type).toBe(true);
  });

  // A lone surrogate cannot travel in a query string (it is not UTF-8), so GET types get the NUL only.
  it.each(types)(
    '%s refuses a NUL (and a lone surrogate) in each string parameter with 400 naming it',
    async (type) => {
      const bads = CRM_TYPES[type].method === 'GET' ? ['\u0000'] : ['\u0000', '\uD800'];
      for (const path of stringPaths(SAMPLES[type])) {
        for (const bad of bads) {
          const payload = spoil(SAMPLES[type], path, bad);
          const answer =
            CRM_TYPES[type].method === 'GET'
              ? await crm.get(type, payload as Record<string, string>)
              : await crm.post(type, payload);
          const field = path.join('.');
          expect(answer.status, `${type} ${field}`).toBe(400);
          const failure = failureOf(answer.body);
          expect(failure).toMatchObject({ errorCode: 'INVALID_PAYLOAD', field });
          expect(failure.message.startsWith(`${field}: `), failure.message).toBe(true);
        }
      }
    },
  );

  it('tells a person what is wrong with a free-text field', async () => {
    const answer = await crm.post('retrieveCatalogNG', { ...catalogueQuery, searchText: 'anti\u0000cd3' });
    expect(answer.status).toBe(400);
    expect(failureOf(answer.body)).toEqual({
      errorCode: 'INVALID_PAYLOAD',
      field: 'searchText',
      message: `searchText: ${TEXT_PROBLEM}`,
    });
  });
});
