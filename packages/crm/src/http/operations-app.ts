import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_RULE,
  MAX_CATALOGUE_FILE_BYTES,
  MAX_OPERATIONS_BODY_BYTES,
  OPERATIONS_BASE_PATH,
  OPERATIONS_ROUTES,
  type OperationsError,
  type OperationsRoute,
  type OperationsRouteName,
} from '@storefront/contracts';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { EventDelivery, MailDelivery, RefundDelivery, SettleCancelledOrder } from '../core/handler';
import {
  type OperationsContext,
  type OperationsFile,
  type OperationsHandler,
  OperationsRefusal,
} from '../core/operations-handler';
import type { CrmDb } from '../db/open';
import {
  authenticateOperationsKey,
  claimIdempotencyKey,
  type OperationsCaller,
  recordIdempotentAnswer,
  releaseIdempotencyKey,
} from '../operations';
import { OPERATIONS_HANDLERS } from './operations-registry';

export interface OperationsAppOptions {
  db: CrmDb;
  now?: () => Date;
  logError: (error: unknown) => void;
  /** Told after a catalogue import applied changes (caches to clear on every instance). */
  catalogueChanged?: (storefrontId: string) => Promise<void>;
  /** Posts webhook deliveries after a change recorded business events. */
  events: EventDelivery;
  /** Sends the mail a change queued (a buyer told of an order confirmed, shipped or cancelled). */
  mail: MailDelivery;
  refunds: RefundDelivery;
  settleCancelledOrder: SettleCancelledOrder;
}

type Env = { Variables: { caller: OperationsCaller } };

const IDEMPOTENCY_KEY = new RegExp(IDEMPOTENCY_KEY_RULE.pattern);
const NOT_JSON = new OperationsRefusal(400, 'INVALID_JSON', 'The request body is not valid JSON.');

/**
 * The operations API (contracts/operations-api.ts) under OPERATIONS_BASE_PATH: a storefront's operations key
 * authenticates every call and decides its storefront; each route's params, query and body are parsed with its
 * schema before its handler runs; state-changing calls take an Idempotency-Key.
 */
export function createOperationsApp(options: OperationsAppOptions): Hono<Env> {
  const now = options.now ?? (() => new Date());
  const app = new Hono<Env>();
  app.onError((error, c) => {
    if (error instanceof OperationsRefusal) return refusal(c, error);
    options.logError(error);
    return refusal(
      c,
      new OperationsRefusal(500, 'INTERNAL', 'An unexpected error occurred. Please try again later.'),
    );
  });
  app.use(`${OPERATIONS_BASE_PATH}/*`, async (c, next) => {
    const bearer = /^Bearer (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const caller = bearer ? await authenticateOperationsKey(options.db, bearer) : null;
    if (!caller) {
      c.header('WWW-Authenticate', 'Bearer realm="operations"');
      throw new OperationsRefusal(
        401,
        'UNAUTHENTICATED',
        "This API is for a storefront's systems: send Authorization: Bearer <operations key> (opk_…).",
      );
    }
    c.set('caller', caller);
    await next();
  });

  for (const [name, route] of Object.entries(OPERATIONS_ROUTES) as [OperationsRouteName, OperationsRoute][]) {
    const path = `${OPERATIONS_BASE_PATH}${route.path.replace(/\{(\w+)\}/g, ':$1')}`;
    const maxSize = route.file
      ? (route.file.maxBytes ?? MAX_CATALOGUE_FILE_BYTES)
      : MAX_OPERATIONS_BODY_BYTES;
    const limit = bodyLimit({
      maxSize,
      onError: () => {
        throw new OperationsRefusal(
          413,
          'PAYLOAD_TOO_LARGE',
          `The request body is larger than ${maxSize / 1024 / 1024 >= 1 ? `${maxSize / 1024 / 1024} MB` : `${maxSize / 1024} KB`}.`,
        );
      },
    });
    app.on(route.method, path, limit, async (c) => {
      const caller = c.get('caller');
      const key = c.req.header(IDEMPOTENCY_KEY_HEADER) ?? '';
      if (route.idempotent && (!IDEMPOTENCY_KEY.test(key) || key.length > IDEMPOTENCY_KEY_RULE.maxLength))
        throw new OperationsRefusal(
          400,
          'IDEMPOTENCY_KEY_REQUIRED',
          `Send an ${IDEMPOTENCY_KEY_HEADER} header (1 to ${IDEMPOTENCY_KEY_RULE.maxLength} printable characters) with every change, the same for each retry.`,
        );
      const raw = route.method === 'GET' ? new Uint8Array() : new Uint8Array(await c.req.arrayBuffer());
      const input = {
        params: route.params ? parse(route.params, c.req.param(), 'path') : undefined,
        query: route.query ? parse(route.query, c.req.query(), 'query') : undefined,
        body: route.body ? parse(route.body, readJson(raw), 'body') : undefined,
        file: route.file ? readFile(route, c.req.header('content-type'), raw) : undefined,
      };
      const context: OperationsContext = {
        db: options.db,
        storefrontId: caller.storefrontId,
        organisationId: caller.organisationId,
        actor: caller.name,
        now,
        catalogueChanged: options.catalogueChanged ?? (async () => {}),
        events: options.events,
        mail: options.mail,
        refunds: options.refunds,
        settleCancelledOrder: options.settleCancelledOrder,
      };
      // Each handler's input was parsed with its own route's schemas; TypeScript cannot tie the two by name.
      const handler = OPERATIONS_HANDLERS[name] as OperationsHandler<OperationsRouteName>;
      const act = async () => handler(context, input as never);
      if (!route.idempotent) return answer(c, await act());
      const request = `${name} ${c.req.path}${new URL(c.req.url).search}`;
      return idempotently(c, options.db, caller.storefrontId, key, request, raw, now(), act);
    });
  }
  app.all(`${OPERATIONS_BASE_PATH}/*`, (c) => {
    throw new OperationsRefusal(404, 'NOT_FOUND', `No operations endpoint at ${c.req.method} ${c.req.path}.`);
  });
  return app;
}

async function idempotently(
  c: Context,
  db: CrmDb,
  storefrontId: string,
  key: string,
  route: string,
  raw: Uint8Array,
  at: Date,
  act: () => Promise<unknown>,
): Promise<Response> {
  const claim = await claimIdempotencyKey(db, storefrontId, key, route, raw, at);
  if (claim.kind === 'answered') return c.json(claim.answer, claim.status as ContentfulStatusCode);
  if (claim.kind === 'in-progress')
    throw new OperationsRefusal(
      409,
      'IN_PROGRESS',
      'A request with this Idempotency-Key is still being handled; retry shortly.',
    );
  if (claim.kind === 'reused')
    throw new OperationsRefusal(
      422,
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was used for another request: use a new key for a new change.',
    );
  try {
    const result = await act();
    await recordIdempotentAnswer(db, storefrontId, key, 200, result);
    return answer(c, result);
  } catch (error) {
    if (error instanceof OperationsRefusal)
      await recordIdempotentAnswer(db, storefrontId, key, error.status, error.body);
    else await releaseIdempotencyKey(db, storefrontId, key);
    throw error;
  }
}

function answer(c: Context, result: unknown): Response {
  if (result && typeof result === 'object' && 'file' in result) {
    const { file } = result as OperationsFile;
    return new Response(Buffer.from(file.bytes), {
      headers: {
        'content-type': file.contentType,
        'content-disposition': `attachment; filename="${file.fileName}"`,
        'cache-control': 'no-store',
      },
    });
  }
  return c.json(result as object);
}

function refusal(c: Context, error: OperationsRefusal): Response {
  return c.json(error.body satisfies OperationsError, error.status);
}

function parse<S extends z.ZodType>(schema: S, value: unknown, where: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new OperationsRefusal(
    400,
    'INVALID_REQUEST',
    `The request's ${where} is not valid: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || where}: ${issue.message}`).join('; ')}.`,
    parsed.error.issues.map((issue) => ({
      row: null,
      column: issue.path.join('.') || null,
      message: issue.message,
    })),
  );
}

function readJson(raw: Uint8Array): unknown {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
    return text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw NOT_JSON;
  }
}

function readFile(route: OperationsRoute, contentType: string | undefined, bytes: Uint8Array) {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!route.file?.contentTypes.includes(type))
    throw new OperationsRefusal(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      `Send the file with Content-Type ${route.file?.contentTypes.join(', ')}.`,
    );
  if (bytes.length === 0) throw new OperationsRefusal(400, 'EMPTY_FILE', 'The file is empty.');
  return { bytes, contentType: type };
}
