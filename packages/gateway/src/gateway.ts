import type { AccountChoice, DomainDetails, Envelope } from '@storefront/contracts';
import { type Cache, generations, memorySharedState, type SharedState } from '@storefront/shared-state';
import { createYoga } from 'graphql-yoga';
import {
  ACCOUNT_CHOICE_TTL_MS,
  RELATED_ACCOUNTS_TTL_MS,
  type RelatedAccounts,
  withAccountReach,
} from './account-reach';
import { DEFAULT_CACHE_ENTRIES } from './cache';
import { type CrmClient, type CrmOptions, createCrmClient } from './crm-client';
import { Unauthorized } from './envelope';
import { createRequestGuard, declaredBody, GRAPHQL_PATH, unauthorized, withBody } from './http';
import { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_DEPTH, limitsPlugin } from './limits';
import { type Logger, requestLogger, silentLogger } from './logger';
import { type GatewayObserver, unobserved } from './observer';
import { AnswerSources, type GatewayContext } from './operation';
import { createPoFileQuota } from './po-file-quota';
import {
  createPrincipalResolver,
  type Principal,
  requestStorefront,
  type TokenVerifier,
  withCatalogueGeneration,
} from './principal';
import { PROMO_CODE_LOOKUP_RULE } from './promo-code-lookups';
import { createRememberedAnswers, sameRequestKey } from './remembered-answers';
import { queryResolvers } from './resolvers';
import { schema } from './schema';
import { createDomainResolver, type DomainEntry } from './storefronts';
import { createUserPoolAdmin, type UserPoolAdminOptions } from './user-pool-admin';
import { createUserDirectory, type PoolSnapshot } from './users/directory';
import { type CachedVerification, VERIFIED_USER_TTL_MS, withVerifiedUserCache } from './verified-users';
import { createWriteLimits } from './write-limits';

export interface GatewayOptions {
  /** The x-api-key value every request must carry. */
  apiKey: string;
  /** The CRM REST base, its bearer token and the fetch reaching it (the CRM app's fetch in one process). */
  crm: CrmOptions;
  /**
   * TTL of the cache of cacheable results and of the host → storefront cache; it also bounds how long related
   * accounts and verified users are kept (each has a shorter TTL of its own). 0 caches none of them.
   */
  cacheTtlMs: number;
  /**
   * Where caches, the promo-code and write limits and the user pools' revocation marks live: in this process
   * by default; Redis when several instances run. Share it with the embedded user pools so a revocation there
   * ends the verified users kept here at once.
   */
  sharedState?: SharedState;
  /** Default 64 KiB; a larger body is a 413. */
  maxBodyBytes?: number;
  /** Default 6 levels of selection. */
  maxDepth?: number;
  /** Schema introspection; default off. Turn on outside production only. */
  introspection?: boolean;
  /** Verifies user-pool tokens (the identity issue); without it any token is answered 401 Unauthorized. */
  verifyToken?: TokenVerifier;
  /**
   * The user pools' admin API (managing users, spec P§5-P§7); without it those fields answer 501. The
   * directory of pool users is fresh for `directoryTtlMs` (default 60 s; then read again behind the answers)
   * and kept in the shared state for ten times that.
   */
  userPools?: UserPoolAdminOptions & { directoryTtlMs?: number };
  logger?: Logger;
  /** Told of every root field and CRM call, for the host's metrics. */
  observer?: GatewayObserver;
}

/** Tokens whose verification is kept at once, each for seconds: far more than sign in within that time. */
const VERIFIED_USERS = 10_000;

/** How long a pool's user directory is trusted; writes through this gateway patch it at once. */
export const DEFAULT_DIRECTORY_TTL_MS = 60_000;

/** What a root field is run for: the request, its connection, and what the gateway already resolved of it. */
type FieldRequest = {
  request: Request;
  verified?: Promise<Principal>;
  sources?: AnswerSources;
} & GatewayConnection;

/** What the host established about a request's connection; never read from the request's own headers. */
export interface GatewayConnection {
  /** The client's address (the socket's peer, or the host's own proxy's X-Forwarded-For). */
  clientAddress?: string | undefined;
}

export interface Gateway {
  /** Serves POST /graphql. */
  fetch(request: Request, connection?: GatewayConnection): Promise<Response>;
  /**
   * The typed in-process port of the server's own pages (docs/decisions/0067-page-cache-by-price-context.md):
   * who the caller of `request` is (its Host, its bearer token, its guest cart secret), answered by the
   * getLoginInfo field's own resolver on the same context as a GraphQL request's (the principal resolution,
   * the token's verification and revocation check, the field's log line and metrics), without a GraphQL body,
   * a parse, or an envelope serialised into JSON.
   */
  loginInfo(request: Request, connection?: GatewayConnection): Promise<Envelope>;
  /** Host → storefront; port ignored, case-insensitive; cached with the TTL. */
  resolveDomain(hostname: string): Promise<DomainDetails | null>;
}

export function createGateway(options: GatewayOptions): Gateway {
  const logger = options.logger ?? silentLogger;
  const guard = createRequestGuard(options.apiKey);
  const observer = options.observer ?? unobserved;
  const crm = createCrmClient(options.crm, logger, observer);
  const shared = options.sharedState ?? memorySharedState();
  const cached = <V extends {}>(namespace: string, ttlMs: number) =>
    shared.cache<V>(`gateway:${namespace}`, { ttlMs, maxEntries: DEFAULT_CACHE_ENTRIES });
  const resolveDomain = createDomainResolver(crm, cached<DomainEntry>('storefronts', options.cacheTtlMs));
  const accountChoices = cached<AccountChoice>(
    'account-choices',
    Math.min(options.cacheTtlMs, ACCOUNT_CHOICE_TTL_MS),
  );
  const resolvePrincipal = withCatalogueGeneration(
    createPrincipalResolver(
      resolveDomain,
      options.verifyToken &&
        tokenVerifier(options.verifyToken, shared, options.cacheTtlMs, crm, accountChoices, logger),
    ),
    generations(shared, 'catalogue'),
  );
  const results = cached<Envelope>('results', options.cacheTtlMs);
  const promoCodeLookups = shared.rateLimiter('gateway:promo-code-lookups', PROMO_CODE_LOOKUP_RULE);
  const writeLimits = createWriteLimits(shared);
  const poFileQuota = createPoFileQuota(shared);
  const users = options.userPools && userManagement(options.userPools, shared, logger);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const remembered =
    options.cacheTtlMs > 0 &&
    createRememberedAnswers({ results, ttlMs: options.cacheTtlMs, logger, observer });

  /** The context every root field runs on, through GraphQL or the in-process port. */
  const contextOf = ({ request, verified, clientAddress, sources }: FieldRequest): GatewayContext => {
    let principal = verified;
    return {
      principal: () => {
        principal ??= resolvePrincipal(request);
        return principal;
      },
      storefront: () => requestStorefront(request, resolveDomain),
      crm,
      results,
      accountChoices,
      logger: requestLogger(logger, request),
      observer,
      clientAddress,
      promoCodeLookups,
      writeLimits,
      poFileQuota,
      users,
      sources: sources ?? new AnswerSources(),
    };
  };

  const yoga = createYoga<FieldRequest, GatewayContext>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    batching: false,
    maxRequestBodySize: maxBodyBytes,
    graphiql: false,
    landingPage: false,
    cors: false,
    plugins: [
      limitsPlugin({
        maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH,
        introspection: options.introspection ?? false,
      }),
    ],
    // Yoga logs only what escapes the resolvers (they answer envelopes); keep it in the server's log.
    logging: {
      debug: () => {},
      info: () => {},
      warn: (...detail: unknown[]) => logger.warn({ detail: detail.map(String) }, 'graphql'),
      error: (...detail: unknown[]) => logger.error({ detail: detail.map(String) }, 'graphql'),
    },
    context: contextOf,
  });

  return {
    resolveDomain,
    loginInfo: (request, connection = {}) =>
      queryResolvers.getLoginInfo(undefined, {}, contextOf({ request, ...connection })),
    fetch: async (request, connection = {}) => {
      const refused = guard(request);
      if (refused) return refused;
      const body = remembered ? await declaredBody(request, maxBodyBytes) : null;
      const tokenSent = request.headers.has('authorization');
      if (!tokenSent && !body) return yoga.fetch(request, connection);
      // As AppSync does, a token is verified before any field runs and a refused one fails the request;
      // other failures (unknown host, pool down) stay with the fields, which answer them as envelopes.
      const verified = resolvePrincipal(request);
      const failure = await verified.then(
        () => null,
        (error: unknown) => error,
      );
      if (tokenSent && failure instanceof Unauthorized) return unauthorized(failure.message);
      if (!remembered || !body) return yoga.fetch(request, { ...connection, verified });
      // The caller is resolved (and a token checked for revocation) on every request, remembered or not.
      const key = failure === null ? sameRequestKey(await verified, request, body) : null;
      const answer = key === null ? undefined : await remembered.answer(key, request);
      if (answer) return answer;
      const sources = new AnswerSources();
      const response = await yoga.fetch(withBody(request, body), { ...connection, verified, sources });
      return key === null ? response : remembered.remember(key, sources, response);
    },
  };
}

/**
 * Who a token is comes from the user pool (its verification kept briefly, ended by a revocation); which
 * accounts it may act for, from the CRM (related accounts kept briefly too).
 */
function tokenVerifier(
  verify: TokenVerifier,
  shared: SharedState,
  cacheTtlMs: number,
  crm: CrmClient,
  choices: Cache<AccountChoice>,
  logger: Logger,
): TokenVerifier {
  const verifiedTtlMs = Math.min(cacheTtlMs, VERIFIED_USER_TTL_MS);
  const verified =
    verifiedTtlMs > 0
      ? withVerifiedUserCache(
          verify,
          shared.cache<CachedVerification>('gateway:verified-users', {
            ttlMs: verifiedTtlMs,
            maxEntries: VERIFIED_USERS,
          }),
          shared.revocations,
        )
      : verify;
  const relations = shared.cache<RelatedAccounts>('gateway:related-accounts', {
    ttlMs: Math.min(cacheTtlMs, RELATED_ACCOUNTS_TTL_MS),
    maxEntries: DEFAULT_CACHE_ENTRIES,
  });
  return withAccountReach(verified, crm, { relations, choices }, logger);
}

function userManagement(
  options: NonNullable<GatewayOptions['userPools']>,
  shared: SharedState,
  logger: Logger,
) {
  const admin = createUserPoolAdmin(options);
  const freshMs = options.directoryTtlMs ?? DEFAULT_DIRECTORY_TTL_MS;
  // Kept well beyond fresh, so an idle pool is answered at once and read again behind the answer.
  const cache = shared.cache<PoolSnapshot>('gateway:user-directory', {
    ttlMs: freshMs * 10,
    maxEntries: 100,
  });
  const onBackgroundError = (error: unknown) =>
    logger.warn({ err: String(error) }, 'gateway: reading a user pool again failed');
  return {
    admin,
    directory: createUserDirectory(admin, cache, freshMs, onBackgroundError),
  };
}
