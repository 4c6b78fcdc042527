/** The CRM part: database, demo seed, and the CRM REST contract as a Hono app. */

export { type ContactSeed, ensureContacts } from './accounts/queries/portal-contacts';
export { type CheckedFile, catalogueFormatOf, checkCatalogueFile, checkSynonymsFile } from './catalogue';
export {
  applyOffer,
  isOfferValidOn,
  selectTier,
  unitPrice,
  unitPriceForQuantity,
} from './catalogue/rules/pricing';
export type { AvaTaxClient } from './core/handler';
export { type CrmDatabase, type CrmDb, type OpenDatabaseOptions, openCrm, openCrmDatabase } from './db/open';
export { type CrmAppOptions, createCrmApp } from './http/app';
export { createOperationsKey } from './operations';
export { DEMO_SPENDING_LIMIT, ensureDemoSpendingLimit } from './seed/approvals';
export { DEMO_COST_CENTRES, ensureDemoCostCentres } from './seed/cost-centres';
export { ensureDemoInvoices } from './seed/invoices';
export { type DemoRecipient, ensureDemoNotifications } from './seed/notifications';
export { DEMO_REORDER, ensureDemoReorder } from './seed/reorder';
export { describeStorefronts, type SeedResult, seedDemoIfEmpty } from './seed/seed';
export { ensureDemoServiceRequests } from './seed/service-requests';
export {
  type CreatedStorefront,
  createStorefront,
  findStorefrontAt,
  type NewStorefront,
  StorefrontExists,
} from './setup/new-storefront';
export { type AvaTaxClientOptions, createAvaTaxClient } from './tax/avatax-client';
