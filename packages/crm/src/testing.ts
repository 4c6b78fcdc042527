import { randomBytes } from 'node:crypto';
import { type CrmAnswer, type CrmError, type CrmType, crmEndpoint } from '@storefront/contracts';
import {
  type PaymentFields,
  type SignedPaymentFields,
  signPaymentFields,
} from '@storefront/contracts/payment-protocol';
import {
  copyToDataDir,
  type TestEngine as DatabaseEngine,
  testEngines as databaseEngines,
  type TestTemplate,
} from '@storefront/database/testing';
import { createTaxApp } from '@storefront/tax';
import type { Hono } from 'hono';
import type { AvaTaxClient } from './core/handler';
import { type CrmDatabase, openCrm, openCrmOn } from './db/open';
import { type CrmAppOptions, createCrmApp } from './http/app';
import { insertInvoice } from './invoices/queries/invoices';
import { describeStorefronts, type SeedResult, seedDemoIfEmpty } from './seed/seed';
import { createAvaTaxClient } from './tax/avatax-client';

/** The shared test engines (`@storefront/database/testing`), each opening a database with the CRM migrated. */
export interface TestEngine {
  name: DatabaseEngine['name'];
  open(): Promise<CrmDatabase>;
  /** A database of its own holding the demo as a first start seeds it: a copy of one seeded per version. */
  openSeeded(): Promise<CrmDatabase>;
}

/** The seeded demo, keyed by the CRM's migrations and sources and what they import. */
const SEEDED_DEMO: TestTemplate = {
  name: 'crm',
  sources: [
    'packages/crm/migrations',
    // The seed, the tables and the rules they use live in every capability's folder.
    'packages/crm/src',
    'packages/contracts/src',
    'packages/database/src',
  ],
  build: async (database) => {
    await seedDemoIfEmpty(await openCrm(database));
  },
};

/**
 * Fills a new PGlite data dir with a copy of the seeded demo, as a first start leaves the CRM's part of it: a
 * server opening the dir then adds only what the other parts seed (users, invoices).
 */
export function seedDataDir(dataDir: string): Promise<void> {
  return copyToDataDir(SEEDED_DEMO, dataDir);
}

export async function testEngines(): Promise<TestEngine[]> {
  return (await databaseEngines()).map((engine) => ({
    name: engine.name,
    open: () => openCrmOn(engine.open()),
    openSeeded: () => openCrmOn(engine.openCopy(SEEDED_DEMO)),
  }));
}

/** The service token the seeded CRM's app accepts. */
export const TEST_SERVICE_TOKEN = 'test-service-token';

/** The embedded tax service's account in tests, and the company the CRM's transactions belong to. */
export const TEST_TAX_ACCOUNT = {
  accountId: '2000000001',
  licenseKey: 'test-license-key',
  companyCode: 'BIONOVA',
};

/** An embedded tax service and the CRM's client of it, answering in process. */
export function embeddedTaxService(): { app: Hono; client: AvaTaxClient } {
  const app = createTaxApp({ credentials: TEST_TAX_ACCOUNT });
  const client = createAvaTaxClient({
    url: 'http://tax.embedded',
    ...TEST_TAX_ACCOUNT,
    fetch: (request) => app.fetch(request),
  });
  return { app, client };
}

/** Pinned so offer validity does not depend on the day the tests run. */
export const TODAY = new Date('2025-06-15T12:00:00Z');

/**
 * A call's status and body, typed from the contract's answer of its type. For an error answer the body is its
 * (first) error, and so is `error`: tests read refusals there, without a cast; a success has no error.
 */
export interface Answer<T = unknown> {
  status: number;
  body: T;
  error: CrmError | null;
}

/** `error` reads the body of a refusal; not an own field, so an answer still equals `{ status, body }`. */
function answerOf<T>(status: number, body: T): Answer<T> {
  const error = status >= 400 ? (body as CrmError) : null;
  return Object.defineProperty({ status, body }, 'error', { value: error, enumerable: false }) as Answer<T>;
}

/** A seeded database on one engine, its CRM app, the demo's ids and typed calls over real HTTP semantics. */
export interface SeededCrm {
  database: CrmDatabase;
  app: Hono;
  /** The embedded tax service the CRM calls (AvaTax's REST v2, TEST_TAX_ACCOUNT's credentials). */
  taxApp: Hono;
  seed: SeedResult;
  ids: {
    storefrontA: string;
    storefrontB: string;
    guest: string;
    halvorsen: string;
    marlowe: string;
    kestrel: string;
  };
  get<T extends CrmType>(type: T, params?: Record<string, string>): Promise<Answer<CrmAnswer<T>>>;
  /** Any body, valid or not: the tests send what a caller might, and read the answer the contract gives. */
  post<T extends CrmType>(type: T, body: unknown): Promise<Answer<CrmAnswer<T>>>;
  /** An answer read as the variant the test expects of its type's union (an item's details, an upload's progress). */
  getAs<R>(type: CrmType, params?: Record<string, string>): Promise<Answer<R>>;
  postAs<R>(type: CrmType, body: unknown): Promise<Answer<R>>;
  /** Closes the database (and drops it on PostgreSQL). */
  close(): Promise<void>;
}

/** Online payment as the seeded CRM takes it: a provider would post to pageUrl and call callbackUrl back. */
export const TEST_PAYMENTS = {
  secret: 'test-payment-secret-shared-with-the-provider',
  pageUrl: 'http://payments.test/pay',
  callbackUrl: `http://crm.test${crmEndpoint('paymentRequestHandler')}`,
  cardCallbackUrl: `http://crm.test${crmEndpoint('savePaymentMethodCallback')}`,
  chargeUrl: 'http://payments.test/charges',
  refundUrl: 'http://payments.test/refunds',
} satisfies CrmAppOptions['payments'];

export interface SeededCrmOptions {
  /** The clock offers are checked against; TODAY unless given. */
  now?: () => Date;
  /** Online payment settings; TEST_PAYMENTS unless given, none with null. */
  payments?: CrmAppOptions['payments'] | null;
}

/**
 * Opens a database of its own with the demo seeded on the engine, and serves it through the CRM app with
 * TEST_SERVICE_TOKEN.
 */
export async function openSeededCrm(engine: TestEngine, options: SeededCrmOptions = {}): Promise<SeededCrm> {
  const database = await engine.openSeeded();
  // What seeding this database from empty answered.
  const seed: SeedResult = { seeded: true, ...(await describeStorefronts(database.db)) };
  const tax = embeddedTaxService();
  const app = createCrmApp({
    db: database,
    serviceToken: TEST_SERVICE_TOKEN,
    tax: tax.client,
    now: options.now ?? (() => TODAY),
    // Every answer a test provokes is also checked against its contract row.
    checkAnswers: true,
    ...(options.payments === null ? {} : { payments: options.payments ?? TEST_PAYMENTS }),
  });
  const call = async <T>(path: string, init: RequestInit = {}): Promise<Answer<T>> => {
    const response = await app.request(path, {
      ...init,
      headers: { authorization: `Bearer ${TEST_SERVICE_TOKEN}`, 'content-type': 'application/json' },
    });
    const body: unknown = await response.json();
    // An error answer is Salesforce's list of errors; like jsforce, callers read its first.
    const read = !response.ok && Array.isArray(body) ? body[0] : body;
    return answerOf(response.status, read as T);
  };
  const get = <T extends CrmType>(type: T, params: Record<string, string> = {}) =>
    call<CrmAnswer<T>>(crmEndpoint(type, params));
  const post = <T extends CrmType>(type: T, body: unknown) =>
    call<CrmAnswer<T>>(crmEndpoint(type), { method: 'POST', body: JSON.stringify(body) });

  const { body: storefronts } = await get('getActiveStorefronts');
  const account = (name: string) => seed.accounts.find((a) => a.name === name)?.id ?? '';
  const storefront = (domain: string) => storefronts.find((s) => s.domain === domain)?.id ?? '';
  return {
    database,
    app,
    taxApp: tax.app,
    seed,
    ids: {
      storefrontA: storefront('localhost'),
      storefrontB: storefront('127.0.0.1'),
      guest: account('BioNova Guest'),
      halvorsen: account('Halvorsen Research Institute'),
      marlowe: account('Marlowe Genomics Core'),
      kestrel: account('Kestrel Diagnostics GmbH'),
    },
    get,
    post,
    getAs: (type, params = {}) => call(crmEndpoint(type, params)),
    postAs: (type, body) => call(crmEndpoint(type), { method: 'POST', body: JSON.stringify(body) }),
    close: () => database.close(),
  };
}

/**
 * A new invoice of one line, still owed in full, so a test of paying reads balances no other test touches.
 * Its id.
 */
export async function billTestInvoice(
  crm: SeededCrm,
  accountId: string,
  amount: number,
  dueDate = TODAY.toISOString().slice(0, 10),
): Promise<string> {
  const invoice = await insertInvoice(
    crm.database.db,
    {
      invoiceNumber: `INV-T-${randomBytes(5).toString('hex').toUpperCase()}`,
      storefrontId: crm.ids.storefrontA,
      accountId,
      quoteId: null,
      orderNumber: null,
      poNumber: null,
      kind: 'Invoice',
      invoiceDate: TODAY.toISOString().slice(0, 10),
      dueDate,
      paymentTerms: 'Net 30',
      currency: 'USD',
      subtotal: amount,
      discount: 0,
      shipping: 0,
      tax: 0,
      amount,
      balance: amount,
    },
    [
      {
        sku: 'FC-500-TUBES',
        name: 'Sample tubes, 5 mL (pack of 500)',
        qty: 1,
        unitPrice: amount,
        lineTotal: amount,
      },
    ],
  );
  return invoice.id;
}

/**
 * The provider's result for a signed payment request, signed as the provider signs it: a succeeded Visa
 * •••• 4242 unless `change` says otherwise.
 */
export function providerResult(
  request: Pick<PaymentFields<'request'>, 'request_id' | 'amount' | 'currency'>,
  change: Partial<PaymentFields<'result'>> = {},
): SignedPaymentFields<'result'> {
  return signPaymentFields(TEST_PAYMENTS.secret, 'result', {
    request_id: request.request_id,
    status: 'succeeded',
    amount: request.amount,
    currency: request.currency,
    token: `tok_${randomBytes(12).toString('base64url')}`,
    brand: 'Visa',
    last4: '4242',
    decline_reason: '',
    timestamp: new Date().toISOString(),
    nonce: randomBytes(16).toString('base64url'),
    ...change,
  });
}
