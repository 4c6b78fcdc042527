import { randomUUID, timingSafeEqual } from 'node:crypto';
import {
  addressValidationInfoSchema,
  createTransactionModelSchema,
  type TransactionModel,
} from '@storefront/contracts';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import { resolveAddress } from './addresses';
import { AvaTaxError, errorAnswer } from './errors';
import { computeTransaction } from './transactions';

/** An AvaTax account: HTTP Basic with the account id as user name and the license key as password. */
export interface TaxCredentials {
  accountId: string;
  licenseKey: string;
}

export interface TaxAppOptions {
  credentials: TaxCredentials;
  /** The clock a transaction without a date is dated by; tests pin it. */
  now?: () => Date;
  /** How many transaction lines the recorded documents may hold together; default KEPT_DOCUMENT_LINES. */
  keptDocumentLines?: number;
}

/**
 * Recorded documents are kept up to this many lines in all (a line with its jurisdictions is about 1 KB), the
 * least recently used forgotten first: the CRM keeps the tax it was told, so only a repeated commit of a
 * forgotten document would record it again. Without a bound the process would grow with every quote taxed.
 */
export const KEPT_DOCUMENT_LINES = 10_000;

/** AvaTax takes a transaction of up to 1,000 lines; 1 MB holds them with room to spare. */
const MAX_BODY_BYTES = 1024 * 1024;
const DEFAULT_COMPANY = 'DEFAULT';

/**
 * The embedded tax service: Avalara AvaTax REST v2's address resolution and transaction creation on the
 * published rate and postal data of rates.ts and regions.ts. Recorded documents (SalesInvoice) live in
 * this process's memory, keyed by company and code, up to KEPT_DOCUMENT_LINES; the CRM keeps the tax it was
 * told on its quotes.
 */
export function createTaxApp(options: TaxAppOptions): Hono {
  const now = options.now ?? (() => new Date());
  const documents = new LRUCache<string, TransactionModel>({
    maxSize: options.keptDocumentLines ?? KEPT_DOCUMENT_LINES,
    sizeCalculation: (document) => Math.max(1, document.lines.length),
  });
  let nextId = 1;
  const app = new Hono();

  app.onError((error, c) => {
    if (error instanceof AvaTaxError) return errorAnswer(c, error);
    console.error('tax: unexpected error', error);
    return errorAnswer(
      c,
      new AvaTaxError(500, 'ServerConfiguration', 'An unexpected error occurred.', 'Unknown'),
    );
  });
  app.notFound((c) =>
    errorAnswer(
      c,
      new AvaTaxError(404, 'EntityNotFoundError', `No AvaTax endpoint at ${c.req.path}.`, 'HttpRequest'),
    ),
  );
  app.use('/api/v2/*', basicAuth(options.credentials));
  app.use(
    '/api/v2/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        errorAnswer(
          c,
          new AvaTaxError(413, 'RequestTooLarge', 'The request body is larger than 1 MB.', 'HttpRequest'),
        ),
    }),
  );

  app.post('/api/v2/addresses/resolve', async (c) => {
    const info = await readModel(c, addressValidationInfoSchema);
    return c.json(resolveAddress(info));
  });

  app.post('/api/v2/transactions/create', async (c) => {
    const model = await readModel(c, createTransactionModelSchema);
    const destination = model.addresses.shipTo ?? model.addresses.singleLocation;
    if (!destination) {
      throw new AvaTaxError(
        400,
        'AddressRequired',
        'A transaction needs a shipTo or singleLocation address.',
        'Addresses',
      );
    }
    const companyCode = model.companyCode ?? DEFAULT_COMPANY;
    const code = model.code ?? randomUUID();
    const key = documentKey(companyCode, code);
    const stored = documents.get(key);
    // A committed document is final: asking again answers it unchanged, so a repeated commit records one.
    if (model.type === 'SalesInvoice' && stored?.status === 'Committed') return c.json(stored);
    const computed = computeTransaction({
      type: model.type,
      companyCode,
      date: model.date ?? now().toISOString().slice(0, 10),
      customerCode: model.customerCode,
      code,
      currencyCode: model.currencyCode,
      destination,
      lines: model.lines,
    });
    if (model.type === 'SalesOrder') return c.json({ ...computed, id: 0, status: 'Temporary' });
    const document: TransactionModel = {
      ...computed,
      id: stored?.id ?? nextId++,
      status: model.commit ? 'Committed' : 'Saved',
      version: (stored?.version ?? 0) + 1,
    };
    documents.set(key, document);
    return c.json(document);
  });

  app.get('/api/v2/companies/:companyCode/transactions/:transactionCode', (c) => {
    const document = documents.get(documentKey(c.req.param('companyCode'), c.req.param('transactionCode')));
    if (!document) {
      throw new AvaTaxError(
        404,
        'EntityNotFoundError',
        'There is no transaction with this code.',
        'transactionCode',
      );
    }
    return c.json(document);
  });
  return app;
}

const documentKey = (companyCode: string, code: string): string => `${companyCode}\u0000${code}`;

/** A request body parsed with its model; what does not fit is AvaTax's 400 naming the field. */
async function readModel<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const body: unknown = await c.req.json().catch(() => {
    throw new AvaTaxError(400, 'JsonFormatError', 'The request body is not valid JSON.', 'HttpRequest');
  });
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  const field = issue?.path.join('.') || 'model';
  const missing = issue?.code === 'invalid_type' && issue.input === undefined;
  throw new AvaTaxError(
    400,
    missing ? 'ValueRequiredError' : 'InvalidParameterValue',
    missing ? `The field ${field} is required.` : `The field ${field} ${issue?.message ?? 'is not valid'}.`,
    field,
  );
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** AvaTax's Basic authentication: `accountId:licenseKey`; anything else is 401 AuthenticationException. */
function basicAuth(credentials: TaxCredentials) {
  return async (c: Context, next: () => Promise<void>) => {
    const header = c.req.header('authorization') ?? '';
    const [scheme, encoded] = header.split(' ');
    const decoded =
      scheme?.toLowerCase() === 'basic' && encoded ? Buffer.from(encoded, 'base64').toString() : '';
    const separator = decoded.indexOf(':');
    const ok =
      separator > 0 &&
      sameSecret(decoded.slice(0, separator), credentials.accountId) &&
      sameSecret(decoded.slice(separator + 1), credentials.licenseKey);
    if (!ok) {
      throw new AvaTaxError(401, 'AuthenticationException', 'Authentication failed.', 'HttpRequestHeaders');
    }
    await next();
  };
}
