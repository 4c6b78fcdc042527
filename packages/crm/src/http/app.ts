import { SpanStatusCode, trace } from '@opentelemetry/api';
import {
  answerSchema,
  CRM_BASE_PATH,
  CRM_GROUPS,
  CRM_TYPES,
  type CrmType,
  isCrmType,
  servedUnder,
} from '@storefront/contracts';
import { DEMO_MAIL_FROM } from '@storefront/contracts/mail';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { isoDay } from '../catalogue/rules/pricing';
import { CrmHttpError, notFound } from '../core/errors';
import type { AvaTaxClient, EventDelivery, Handler, PaymentSettings } from '../core/handler';
import type { CrmDatabase } from '../db/open';
import { createEventDelivery, createEventPublisher } from '../events';
import { createFileSweep } from '../files/sweep';
import { settleCancelledOrder } from '../invoices';
import { createMailDelivery } from '../orders/outbox';
import { createRefundDelivery } from '../payments/refund-delivery';
import { requireServiceToken } from './auth';
import { createOperationsApp } from './operations-app';
import { readPayload } from './payload';
import { HANDLERS } from './registry';

export interface CrmAppOptions {
  db: CrmDatabase;
  serviceToken: string;
  /** The tax service the tax types call (createAvaTaxClient). */
  tax: AvaTaxClient;
  /** Where unexpected errors are reported; the client only ever sees a generic APEX_ERROR. */
  logError?: (error: unknown) => void;
  /** The clock offers are checked against; tests pin it. */
  now?: () => Date;
  /**
   * Parse every answer with its contract row's answer schema, so a handler answering what the contract does
   * not describe fails (as an APEX_ERROR) where it is written: on in tests and development.
   */
  checkAnswers?: boolean;
  /** Online payment through the hosted payment page; without it getShuttleInfo answers not configured. */
  payments?: Omit<PaymentSettings, 'now' | 'fetch'> & {
    now?: () => Date;
    /** How a saved card's charge and a refund reach the provider; the global fetch unless given. */
    fetch?: PaymentSettings['fetch'];
  };
  /** Where the outbox's mail (order confirmations) is sent; without it the mail stays in the outbox. */
  smtpUrl?: string;
  /**
   * The sender of mail whose storefront names none (its mailFrom): `address` or `Name <address>`; the demo's
   * sender unless given (docs/decisions/0055-mail-senders.md).
   */
  mailFrom?: string;
  /**
   * Also sends the waiting mail, refunds and webhook deliveries this often (ms), until `stop` aborts, so a retry
   * is not left for the next order of a quiet store; without it they go out only after the transactions that
   * queue them. From the start and then hourly on these ticks, PO files no buyer can reach any more are deleted
   * (files/sweep.ts).
   */
  maintenance?: { everyMs: number; stop: AbortSignal };
  /** Told after the operations API changed a storefront's catalogue, so caches on every instance drop it. */
  catalogueChanged?: (storefrontId: string) => Promise<void>;
  /** NATS (nats://host:4222) whose JetStream the business events are published to, besides their webhooks. */
  eventsNatsUrl?: string;
}

const MAX_BODY_BYTES = 256 * 1024;
/** With tracing on, each type's handler is a span under the gateway's call; its queries nest below it. */
const tracer = trace.getTracer('@storefront/crm');
const GROUPS: ReadonlySet<string> = new Set(CRM_GROUPS);

/** The CRM REST contract: `GET|POST /services/apexrest/<group>?type=<name>` with a bearer token. */
export function createCrmApp(opts: CrmAppOptions): Hono {
  const logError = opts.logError ?? ((error) => console.error('crm: unexpected error', error));
  const now = opts.now ?? (() => new Date());
  const payments = opts.payments
    ? {
        ...opts.payments,
        now: opts.payments.now ?? (() => new Date()),
        fetch: opts.payments.fetch ?? ((request: Request) => fetch(request)),
      }
    : null;
  const mail = createMailDelivery({
    db: opts.db.db,
    smtpUrl: opts.smtpUrl,
    mailFrom: opts.mailFrom ?? DEMO_MAIL_FROM,
    logError,
  });
  const refunds = createRefundDelivery({ db: opts.db.db, payments, logError });
  const webhooks = createEventDelivery({ db: opts.db.db, logError });
  const broker = opts.eventsNatsUrl
    ? createEventPublisher({ db: opts.db.db, url: opts.eventsNatsUrl, logError })
    : null;
  const events: EventDelivery = {
    deliver: async () => {
      await Promise.all([webhooks.deliver(), broker?.publish()]);
    },
  };
  if (opts.maintenance) {
    const files = createFileSweep({ db: opts.db.db, logError });
    void files.sweep();
    const timer = setInterval(() => {
      void mail.deliver();
      void refunds.settle();
      void events.deliver();
      void files.sweep();
    }, opts.maintenance.everyMs).unref();
    opts.maintenance.stop.addEventListener('abort', () => {
      clearInterval(timer);
      void broker?.close();
    });
  }
  const app = new Hono();

  app.onError((error, c) => {
    if (error instanceof CrmHttpError) return errorAnswer(c, error);
    logError(error);
    return errorAnswer(
      c,
      new CrmHttpError(500, 'APEX_ERROR', 'An unexpected error occurred. Please try again later.'),
    );
  });
  app.notFound((c) => errorAnswer(c, notFound(`No CRM endpoint at ${c.req.path}.`)));

  // The operations API: its own keys per storefront, never the service token (contracts/operations-api.ts).
  app.route(
    '/',
    createOperationsApp({
      db: opts.db.db,
      now,
      logError,
      catalogueChanged: opts.catalogueChanged,
      events,
      mail,
      refunds,
      settleCancelledOrder,
    }),
  );
  app.use(`${CRM_BASE_PATH}/*`, requireServiceToken(opts.serviceToken));
  app.use(
    `${CRM_BASE_PATH}/*`,
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        errorAnswer(c, new CrmHttpError(413, 'PAYLOAD_TOO_LARGE', 'The request body is larger than 256 KB.')),
    }),
  );

  app.on(['GET', 'POST'], `${CRM_BASE_PATH}/:group`, async (c) => {
    const type = resolveType(c.req.param('group'), c.req.query('type'), c.req.method);
    const payload = await readPayload(c, type);
    // The payload was parsed with this type's schema; TypeScript cannot tie the two through a runtime key.
    const handler = HANDLERS[type] as Handler<CrmType>;
    const answer = await tracer.startActiveSpan(`crm ${type}`, async (span) => {
      span.setAttribute('crm.type', type);
      try {
        return await handler(
          {
            db: opts.db.db,
            tax: opts.tax,
            today: isoDay(now()),
            payments,
            mail,
            refunds,
            events,
            settleCancelledOrder,
          },
          payload,
        );
      } catch (error) {
        // A refusal (CrmHttpError) is an answer; anything else failed.
        if (!(error instanceof CrmHttpError)) span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    });
    if (opts.checkAnswers) checkAnswer(type, answer);
    return c.json(answer);
  });
  return app;
}

/** Errors go out as Salesforce's REST API answers them: a list of errors (here always one). */
function errorAnswer(c: Context, error: CrmHttpError): Response {
  return c.json([error.body], error.status);
}

function checkAnswer(type: CrmType, answer: unknown): void {
  const result = answerSchema(type).safeParse(answer);
  if (!result.success) {
    throw new Error(`${type} answered outside its contract: ${JSON.stringify(result.error.issues)}`);
  }
}

/** The type a request names, if its group serves it with this method; anything else is a 404. */
function resolveType(group: string, type: string | undefined, method: string): CrmType {
  if (!GROUPS.has(group)) throw notFound(`Unknown CRM group '${group}'.`);
  if (!type) throw notFound("The 'type' query parameter is required.");
  if (!isCrmType(type) || !servedUnder(type, group)) {
    throw notFound(`Unknown type '${type}' for the ${group} group.`);
  }
  if (CRM_TYPES[type].method !== method) {
    throw new CrmHttpError(
      405,
      'METHOD_NOT_ALLOWED',
      `HTTP Method '${method}' not allowed. Type '${type}' is served with ${CRM_TYPES[type].method} only.`,
    );
  }
  return type;
}
