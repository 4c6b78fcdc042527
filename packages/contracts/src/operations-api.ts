import { z } from 'zod';
import { ORDER_STATUSES, orderStatusChangeSchema, shipmentSchema } from './order-life';

/**
 * The operations API (issue 32): how a supplier's systems (its ERP, its product information system, its
 * integration platform) feed the storefront's back office and hear from it. For machines only: a storefront's
 * operations key (`Authorization: Bearer opk_…`), never a buyer's session. Every route is a row of
 * OPERATIONS_ROUTES; the server, the CRM and the published OpenAPI document (GET /openapi/operations.json) are
 * all built from these rows.
 */
export const OPERATIONS_BASE_PATH = '/operations/v1';
/** An operations key reads `opk_<key id>_<secret>`; only the secret's SHA-256 is kept. */
export const OPERATIONS_KEY_PREFIX = 'opk_';
/** Every state-changing call names an idempotency key: the same key with the same body answers the same. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** An idempotency key: 1 to 255 printable ASCII characters. */
export const IDEMPOTENCY_KEY_RULE = { pattern: '^[!-~]+$', minLength: 1, maxLength: 255 } as const;
/** Largest JSON body of an operations call (a catalogue file has its own limit). */
export const MAX_OPERATIONS_BODY_BYTES = 256 * 1024;
/** Largest catalogue file an import takes, before it is parsed. */
export const MAX_CATALOGUE_FILE_BYTES = 32 * 1024 * 1024;

/** A refusal: a stable code for programs and a sentence for people; a file's problems by row and column. */
export const operationsErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  problems: z
    .array(
      z.object({
        /** 1-based row of the file (a CSV's header is row 1), or null for the file as a whole. */
        row: z.number().int().nullable(),
        /** The column or field, as written in the file. */
        column: z.string().nullable(),
        message: z.string(),
      }),
    )
    .optional(),
});
export type OperationsError = z.infer<typeof operationsErrorSchema>;

const NUL_FREE = (value: string) => !value.includes('\u0000');
const text = (max: number) =>
  z.string().trim().min(1, 'must not be empty').max(max).refine(NUL_FREE, 'must not contain NUL');
/** Each change names the order version it was made against; another version is refused (409). */
const version = z.number().int().min(1);

export const operationsOrderSummarySchema = z.object({
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  version: z.number().int(),
  erpOrderNumber: z.string().nullable(),
  placedAt: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  poNumber: z.string().nullable(),
  currency: z.string(),
  total: z.number(),
});

export const operationsOrderSchema = operationsOrderSummarySchema.extend({
  buyer: z.object({ name: z.string(), email: z.string().nullable() }),
  shipTo: z.record(z.string(), z.string().nullable()),
  lines: z.array(
    z.object({
      sku: z.string(),
      name: z.string(),
      quantity: z.number(),
      unitPrice: z.number(),
      shippedQuantity: z.number(),
    }),
  ),
  shipments: z.array(shipmentSchema),
  history: z.array(orderStatusChangeSchema),
});
export type OperationsOrder = z.infer<typeof operationsOrderSchema>;

export const catalogueImportReportSchema = z.object({
  /** False when any row was refused: then nothing was applied (all or nothing per file). */
  applied: z.boolean(),
  dryRun: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  problems: operationsErrorSchema.shape.problems.unwrap(),
});
export type CatalogueImportReport = z.infer<typeof catalogueImportReportSchema>;

/** Largest synonyms file an import takes, before it is parsed. */
export const MAX_SYNONYMS_FILE_BYTES = 1024 * 1024;

/** A synonyms import replaces the storefront's groups with the file's; the counts are of groups. */
export const synonymsImportReportSchema = z.object({
  /** False when any row was refused: then nothing was applied (all or nothing per file). */
  applied: z.boolean(),
  dryRun: z.boolean(),
  rows: z.number().int(),
  added: z.number().int(),
  removed: z.number().int(),
  unchanged: z.number().int(),
  problems: operationsErrorSchema.shape.problems.unwrap(),
});
export type SynonymsImportReport = z.infer<typeof synonymsImportReportSchema>;

export const CATALOGUE_FORMATS = ['csv', 'xlsx', 'json'] as const;
export type CatalogueFormat = (typeof CATALOGUE_FORMATS)[number];

/** The business events delivered to webhook endpoints and, when configured, a message broker. */
export const BUSINESS_EVENT_TYPES = [
  'order.placed',
  'order.confirmed',
  'order.shipped',
  'order.delivered',
  'order.cancelled',
  'invoice.paid',
  'payment_method.added',
  'user.created',
  'user.deactivated',
  'case.created',
  'service_request.created',
  'sales_quote.taken',
  'approval.requested',
  'approval.approved',
  'approval.rejected',
] as const;
export type BusinessEventType = (typeof BUSINESS_EVENT_TYPES)[number];

/** What a receiver gets: the event id deduplicates redeliveries; `sequence` orders one subject's events. */
export const businessEventSchema = z.object({
  id: z.string(),
  type: z.enum(BUSINESS_EVENT_TYPES),
  occurredAt: z.string(),
  storefront: z.string(),
  /** What the event is about, e.g. `order:SO-2026-000123`; events of one subject are delivered in order. */
  subject: z.string(),
  sequence: z.number().int(),
  data: z.record(z.string(), z.unknown()),
});
export type BusinessEvent = z.infer<typeof businessEventSchema>;

/**
 * Webhook signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the endpoint's secret>`;
 * a receiver refuses a timestamp older than the replay window.
 */
export const WEBHOOK_SIGNATURE_HEADER = 'Storefront-Signature';
/** The delivered event's id, as in its body: a receiver drops a delivery of an id it has taken already. */
export const WEBHOOK_EVENT_ID_HEADER = 'Storefront-Event-Id';
export const WEBHOOK_REPLAY_WINDOW_SECONDS = 300;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  /** Empty: every event type. */
  eventTypes: z.array(z.enum(BUSINESS_EVENT_TYPES)),
  createdAt: z.string(),
});

export const deadEventSchema = z.object({
  deliveryId: z.string(),
  endpointId: z.string(),
  event: businessEventSchema,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  deadAt: z.string(),
});

type Method = 'GET' | 'POST' | 'DELETE';

/** One route of the operations API; `path` is written as OpenAPI writes it (`/orders/{orderNumber}`). */
export interface OperationsRoute {
  method: Method;
  path: string;
  summary: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON body; `file` takes the catalogue file as the raw body instead. */
  body?: z.ZodType;
  file?: { contentTypes: readonly string[] /** Default MAX_CATALOGUE_FILE_BYTES. */; maxBytes?: number };
  /** State-changing calls that take the Idempotency-Key header. */
  idempotent?: boolean;
  answer: z.ZodType;
  /** An answer that is a file, not JSON (the catalogue export). */
  answerFile?: { contentTypes: readonly string[] };
}

const orderParams = z.object({ orderNumber: text(40) });
const page = {
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** The cursor the previous page answered. */
  after: z.string().max(200).refine(NUL_FREE, 'must not contain NUL').optional(),
};

export const CATALOGUE_CONTENT_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  json: 'application/json',
} as const satisfies Record<CatalogueFormat, string>;

export const OPERATIONS_ROUTES = {
  importCatalogue: {
    method: 'POST',
    path: '/catalogue/import',
    summary:
      'Upserts products, prices, tiers, account catalogues and stock from a CSV, XLSX or JSON file; all or nothing.',
    query: z.object({ dryRun: z.enum(['true', 'false']).default('false') }),
    file: { contentTypes: Object.values(CATALOGUE_CONTENT_TYPES) },
    idempotent: true,
    answer: catalogueImportReportSchema,
  },
  exportCatalogue: {
    method: 'GET',
    path: '/catalogue/export',
    summary: 'The storefront catalogue in the import format; importing it again changes nothing.',
    query: z.object({ format: z.enum(CATALOGUE_FORMATS).default('json') }),
    answer: z.unknown(),
    answerFile: { contentTypes: Object.values(CATALOGUE_CONTENT_TYPES) },
  },
  importSynonyms: {
    method: 'POST',
    path: '/catalogue/synonyms',
    summary:
      "Replaces the storefront's search synonyms (groups of terms searched as one) with a CSV, XLSX or JSON file's; all or nothing.",
    query: z.object({ dryRun: z.enum(['true', 'false']).default('false') }),
    file: { contentTypes: Object.values(CATALOGUE_CONTENT_TYPES), maxBytes: MAX_SYNONYMS_FILE_BYTES },
    idempotent: true,
    answer: synonymsImportReportSchema,
  },
  exportSynonyms: {
    method: 'GET',
    path: '/catalogue/synonyms',
    summary: "The storefront's search synonyms in the import format; importing them again changes nothing.",
    query: z.object({ format: z.enum(CATALOGUE_FORMATS).default('json') }),
    answer: z.unknown(),
    answerFile: { contentTypes: Object.values(CATALOGUE_CONTENT_TYPES) },
  },
  exportZeroResultQueries: {
    method: 'GET',
    path: '/catalogue/zero-result-queries',
    summary:
      'The searches that found nothing, with how often and when first and last, the most searched first (the latest first among equals).',
    query: z.object({ format: z.enum(CATALOGUE_FORMATS).default('json') }),
    answer: z.unknown(),
    answerFile: { contentTypes: Object.values(CATALOGUE_CONTENT_TYPES) },
  },
  listOrders: {
    method: 'GET',
    path: '/orders',
    summary: 'The storefront’s orders, oldest first from a cursor, optionally of one status.',
    query: z.object({ status: z.enum(ORDER_STATUSES).optional(), ...page }),
    answer: z.object({ orders: z.array(operationsOrderSummarySchema), next: z.string().nullable() }),
  },
  getOrder: {
    method: 'GET',
    path: '/orders/{orderNumber}',
    summary: 'One order with its lines, shipments and status history.',
    params: orderParams,
    answer: operationsOrderSchema,
  },
  confirmOrder: {
    method: 'POST',
    path: '/orders/{orderNumber}/confirm',
    summary: 'The ERP took the order: records its own order number.',
    params: orderParams,
    body: z.object({ version, erpOrderNumber: text(64) }),
    idempotent: true,
    answer: operationsOrderSchema,
  },
  addShipment: {
    method: 'POST',
    path: '/orders/{orderNumber}/shipments',
    summary: 'A shipment left: the order is partially shipped or shipped by what its shipments hold.',
    params: orderParams,
    body: z.object({
      version,
      carrier: text(64),
      service: text(64).optional(),
      trackingNumber: text(64),
      trackingUrl: z
        .url({ protocol: /^https?$/ })
        .max(2000)
        .optional(),
      shippedAt: z.iso.datetime({ offset: true }).optional(),
      lines: z
        .array(
          z.object({
            sku: text(64),
            quantity: z.number().int().positive(),
            lotNumber: text(64).optional(),
          }),
        )
        .min(1)
        .max(500),
    }),
    idempotent: true,
    answer: operationsOrderSchema,
  },
  deliverOrder: {
    method: 'POST',
    path: '/orders/{orderNumber}/deliver',
    summary: 'Every shipment of the order was delivered.',
    params: orderParams,
    body: z.object({ version, deliveredAt: z.iso.datetime({ offset: true }).optional() }),
    idempotent: true,
    answer: operationsOrderSchema,
  },
  cancelOrder: {
    method: 'POST',
    path: '/orders/{orderNumber}/cancel',
    summary: 'The supplier cancels an order that has not shipped.',
    params: orderParams,
    body: z.object({ version, reason: text(500) }),
    idempotent: true,
    answer: operationsOrderSchema,
  },
  listWebhooks: {
    method: 'GET',
    path: '/webhooks',
    summary: 'The endpoints business events are delivered to.',
    answer: z.object({ endpoints: z.array(webhookEndpointSchema) }),
  },
  addWebhook: {
    method: 'POST',
    path: '/webhooks',
    summary: 'Adds an endpoint; answers its signing secret, shown this once.',
    body: z.object({
      url: z.url({ protocol: /^https?$/ }).max(2000),
      description: text(200).optional(),
      eventTypes: z.array(z.enum(BUSINESS_EVENT_TYPES)).max(BUSINESS_EVENT_TYPES.length).default([]),
    }),
    idempotent: true,
    answer: webhookEndpointSchema.extend({ secret: z.string() }),
  },
  removeWebhook: {
    method: 'DELETE',
    path: '/webhooks/{endpointId}',
    summary: 'Stops deliveries to an endpoint.',
    params: z.object({ endpointId: text(64) }),
    answer: z.object({ removed: z.boolean() }),
  },
  listDeadEvents: {
    method: 'GET',
    path: '/events/dead',
    summary: 'Deliveries given up after every retry, newest first.',
    query: z.object(page),
    answer: z.object({ dead: z.array(deadEventSchema), next: z.string().nullable() }),
  },
  replayDeadEvent: {
    method: 'POST',
    path: '/events/dead/{deliveryId}/replay',
    summary: 'Delivers a dead delivery again, from now.',
    params: z.object({ deliveryId: text(64) }),
    idempotent: true,
    answer: z.object({ replayed: z.boolean() }),
  },
} as const satisfies Record<string, OperationsRoute>;
export type OperationsRouteName = keyof typeof OPERATIONS_ROUTES;
