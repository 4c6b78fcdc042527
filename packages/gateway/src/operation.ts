import type { CrmType, DomainDetails, Envelope } from '@storefront/contracts';
import type { Cache, RateLimiter } from '@storefront/shared-state';
import { cacheKey } from './cache';
import type { CrmClient, CrmRequest } from './crm-client';
import { errorEnvelope } from './envelope';
import type { Logger } from './logger';
import type { Principal } from './principal';
import type { UserPoolAdmin } from './user-pool-admin';
import type { UserDirectory } from './users/directory';

/** Per request: the caller, resolved once and only when a field needs it, and the shared services. */
export interface GatewayContext {
  principal(): Promise<Principal>;
  storefront(): Promise<DomainDetails>;
  crm: CrmClient;
  results: Cache<Envelope>;
  logger: Logger;
  /** The client's address as the host established it; undefined when the host passed none. */
  clientAddress: string | undefined;
  promoCodeLookups: RateLimiter;
  /** The pools' admin API and the directory of their users; undefined when no admin API is configured. */
  users: { admin: UserPoolAdmin; directory: UserDirectory } | undefined;
}

/** One root field being answered: what it called and whether the cache served it, for its log line. */
export class Operation<A> {
  crmType: CrmType | undefined;
  cacheHit = false;

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
    const { userType, accountId, contactId, storefront } = principal;
    const key = cacheKey(this.field, this.args, {
      userType,
      accountId,
      contactId,
      storefrontId: storefront.storefrontId,
    });
    const hit = await this.ctx.results.get(key);
    if (hit) {
      this.cacheHit = true;
      return hit;
    }
    const result = await load();
    if (result.statusCode === 200) await this.ctx.results.set(key, result);
    return result;
  }
}

/**
 * A root field resolver: whatever `body` answers or throws becomes an envelope (spec P§8), and each
 * operation logs one line. Arguments and answers are not logged: they may carry tokens and personal data.
 */
export function rootField<A>(field: string, body: (operation: Operation<A>) => Promise<Envelope>) {
  return async (_root: unknown, args: A, ctx: GatewayContext): Promise<Envelope> => {
    const started = performance.now();
    const operation = new Operation(field, args, ctx);
    const result = await body(operation).catch(errorEnvelope);
    const { crmType, cacheHit } = operation;
    const ms = Math.round((performance.now() - started) * 10) / 10;
    ctx.logger.info({ field, crmType, status: result.statusCode, ms, cacheHit }, 'gateway operation');
    return result;
  };
}
