import type { OPERATIONS_ROUTES, OperationsError, OperationsRouteName } from '@storefront/contracts';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { CrmDb } from '../db/open';
import type { EventDelivery, MailDelivery, RefundDelivery, SettleCancelledOrder } from './handler';

/**
 * What an operations API handler acts with: the storefront the caller's key belongs to, and the key's name
 * (recorded as who made each change). The key, not anything in the request, decides the storefront.
 */
export interface OperationsContext {
  db: CrmDb;
  storefrontId: string;
  organisationId: string;
  /** The operations key's name ('ERP'), recorded as who made a change. */
  actor: string;
  now: () => Date;
  /** Called after the catalogue changed, so pages and caches on every instance show the change at once. */
  catalogueChanged: (storefrontId: string) => Promise<void>;
  /** Posts the waiting webhook deliveries; called after a transaction that recorded business events. */
  events: EventDelivery;
  /** Sends the outbox's waiting mail; called after a transaction that queued some (a buyer told of an order). */
  mail: MailDelivery;
  /** Sends the queued refunds (a cancelled order's card payments) once the change has committed. */
  refunds: RefundDelivery;
  settleCancelledOrder: SettleCancelledOrder;
}

type Route<K extends OperationsRouteName> = (typeof OPERATIONS_ROUTES)[K];
type Parsed<S> = S extends z.ZodType ? z.infer<S> : undefined;

/** A call's input, each part already parsed with its route's schema. */
export interface OperationsInput<K extends OperationsRouteName> {
  params: Route<K> extends { params: infer P } ? Parsed<P> : undefined;
  query: Route<K> extends { query: infer Q } ? Parsed<Q> : undefined;
  body: Route<K> extends { body: infer B } ? Parsed<B> : undefined;
  /** The raw file of a route that takes one, already within its size limit. */
  file: Route<K> extends { file: object } ? { bytes: Uint8Array; contentType: string } : undefined;
}

/** A file answer (the catalogue export); anything else is the route's JSON answer. */
export interface OperationsFile {
  file: { bytes: Uint8Array; contentType: string; fileName: string };
}

export type OperationsHandler<K extends OperationsRouteName> = (
  context: OperationsContext,
  input: OperationsInput<K>,
) => Promise<
  (Route<K> extends { answerFile: object } ? OperationsFile : never) | z.infer<Route<K>['answer']>
>;

export type OperationsHandlers<K extends OperationsRouteName> = { [N in K]: OperationsHandler<N> };

/** An expected refusal: its status and body are what the caller gets (a file's problems by row and column). */
export class OperationsRefusal extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly problems?: OperationsError['problems'],
  ) {
    super(message);
    this.name = 'OperationsRefusal';
  }

  get body(): OperationsError {
    return this.problems
      ? { code: this.code, message: this.message, problems: this.problems }
      : { code: this.code, message: this.message };
  }
}
