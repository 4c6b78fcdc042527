import { type Span, SpanStatusCode, trace } from '@opentelemetry/api';
import type { AccountChoice, CrmType, DomainDetails, Envelope } from '@storefront/contracts';
import type { Cache, RateLimiter } from '@storefront/shared-state';
import { cacheKey } from './cache';
import type { CrmClient, CrmRequest } from './crm-client';
import { errorEnvelope } from './envelope';
import type { Logger } from './logger';
import type { CacheUse, GatewayObserver } from './observer';
import type { PoFileQuota } from './po-file-quota';
import type { Principal } from './principal';
import type { UserPoolAdmin } from './user-pool-admin';
import type { UserDirectory } from './users/directory';
import type { WriteLimits } from './write-limits';

/** Per request: the caller, resolved once and only when a field needs it, and the shared services. */
export interface GatewayContext {
  principal(): Promise<Principal>;
  storefront(): Promise<DomainDetails>;
  crm: CrmClient;
  results: Cache<Envelope>;
  /** Contacts' stored account choices, which the principal is built from; forgotten when a new one is stored. */
  accountChoices: Cache<AccountChoice>;
  logger: Logger;
  observer: GatewayObserver;
  /** The client's address as the host established it; undefined when the host passed none. */
  clientAddress: string | undefined;
  promoCodeLookups: RateLimiter;
  /** The budgets of writes that store a record or send mail (write-limits.ts). */
  writeLimits: WriteLimits;
  /** The budgets of PO files a client uploads (po-file-quota.ts). */
  poFileQuota: PoFileQuota;
  /** The pools' admin API and the directory of their users; undefined when no admin API is configured. */
  users: { admin: UserPoolAdmin; directory: UserDirectory } | undefined;
  /** What this request's root fields answered with, so an answer made only of kept results can be remembered. */
  sources: AnswerSources;
}

/** A results-cache entry a root field answered with as it is: what a remembered answer is checked against. */
export interface KeptResult {
  field: string;
  crmType: CrmType | undefined;
  key: string;
  envelope: Envelope;
}

/** The root fields one request ran, and those that answered a kept result unchanged. */
export class AnswerSources {
  fields = 0;
  readonly kept: KeptResult[] = [];

  /** Every field answered a kept result: the same request is answered the same while those entries stay. */
  get allKept(): boolean {
    return this.fields > 0 && this.kept.length === this.fields;
  }
}

/** One root field being answered: what it called and how the cache took part, for its log line and metrics. */
export class Operation<A> {
  crmType: CrmType | undefined;
  cache: CacheUse = 'none';
  /** The results-cache entry the field answered with, set by `cached`. */
  kept: { key: string; envelope: Envelope } | undefined;
  /** The call counted against a limit: answering it again without running it would skip the count. */
  counted = false;

  constructor(
    readonly field: string,
    readonly args: A,
    readonly ctx: GatewayContext,
  ) {}

  crm(request: CrmRequest): Promise<Envelope> {
    this.crmType = request.type;
    return this.ctx.crm(request);
  }

  /** Read-only answers only: keyed by field, arguments and principal; only successes are kept. */
  async cached(principal: Principal, load: () => Promise<Envelope>): Promise<Envelope> {
    const { userType, accountId, contactId, storefront, catalogueGeneration = '0' } = principal;
    const key = cacheKey(this.field, this.args, {
      userType,
      accountId,
      contactId,
      storefrontId: storefront.storefrontId,
      catalogueGeneration,
    });
    const hit = await this.ctx.results.get(key);
    this.cache = hit ? 'hit' : 'miss';
    if (hit) {
      this.kept = { key, envelope: hit };
      return hit;
    }
    const result = await load();
    if (result.statusCode === 200) {
      await this.ctx.results.set(key, result);
      this.kept = { key, envelope: result };
    }
    return result;
  }
}

/** With tracing on, each root field is a span under the request that asked for it. */
const tracer = trace.getTracer('@storefront/gateway');

/** What one root field's answer was, for its log line, the metrics and its span. */
export interface AnsweredField {
  field: string;
  crmType: CrmType | undefined;
  cache: CacheUse;
  status: number;
  seconds: number;
}

/**
 * Logs, observes and ends the span of one answered root field, whether GraphQL ran it or a remembered answer
 * gave it again. Arguments and answers are neither logged nor traced: they may carry tokens and personal data.
 */
export function reportField(
  span: Span,
  { logger, observer }: Pick<GatewayContext, 'logger' | 'observer'>,
  answered: AnsweredField,
): void {
  const { field, crmType, cache, status, seconds } = answered;
  const ms = Math.round(seconds * 10_000) / 10;
  logger.info({ field, crmType, status, ms, cacheHit: cache === 'hit' }, 'gateway operation');
  observer.operation(answered);
  span.setAttributes({ 'gateway.field': field, 'gateway.cache': cache, 'gateway.status': status });
  if (crmType) span.setAttribute('crm.type', crmType);
  if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

const spanName = (field: string): string => `gateway ${field}`;

/** A root field's span under the request's, for a field answered without GraphQL running it. */
export const startFieldSpan = (field: string): Span => tracer.startSpan(spanName(field));

/**
 * A root field resolver: whatever `body` answers or throws becomes an envelope (spec P§8), and each
 * operation logs one line, is observed and is a span.
 */
export function rootField<A>(field: string, body: (operation: Operation<A>) => Promise<Envelope>) {
  return (_root: unknown, args: A, ctx: GatewayContext): Promise<Envelope> =>
    tracer.startActiveSpan(spanName(field), async (span) => {
      const started = performance.now();
      ctx.sources.fields += 1;
      const operation = new Operation(field, args, ctx);
      const result = await body(operation).catch(errorEnvelope);
      const { crmType, cache, kept } = operation;
      if (kept?.envelope === result && !operation.counted) ctx.sources.kept.push({ field, crmType, ...kept });
      const seconds = (performance.now() - started) / 1000;
      reportField(span, ctx, { field, crmType, cache, status: result.statusCode, seconds });
      return result;
    });
}
