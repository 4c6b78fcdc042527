/** The embedded tax service: Avalara AvaTax REST v2's address resolution and transactions, as a Hono app. */
export { createTaxApp, type TaxAppOptions, type TaxCredentials } from './app';
