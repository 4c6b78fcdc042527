/** The CRM part: database, demo seed, and the CRM REST contract as a Hono app. */

export { type ContactSeed, ensureContacts } from './accounts/queries/portal-contacts';
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
export { ensureDemoInvoices } from './seed/invoices';
export { type DemoRecipient, ensureDemoNotifications } from './seed/notifications';
export { type SeedResult, seedDemoIfEmpty } from './seed/seed';
export { ensureDemoServiceRequests } from './seed/service-requests';
export { type AvaTaxClientOptions, createAvaTaxClient } from './tax/avatax-client';
