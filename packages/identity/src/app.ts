import { DEMO_MAIL_FROM } from '@storefront/contracts/mail';
import type { Database } from '@storefront/database';
import { memorySharedState, type SharedState } from '@storefront/shared-state';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type { IdentityContext } from './context';
import { identityDb } from './db/database';
import { DEMO_PROVIDER_PATH, demoProviderRoutes } from './demo-provider/routes';
import { createFederation } from './federation/routes';
import { hostedRoutes } from './hosted/routes';
import { consoleLogger, type Logger, redactingLogger } from './logger';
import { mailboxRoutes } from './mail/mailbox';
import { createMailer } from './mail/outbox';
import { CognitoError } from './protocol/errors';
import { protocolHandler } from './protocol/router';
import type { AdminCredentials } from './protocol/sigv4';
import { databaseCounters } from './security/counters';
import { failedSignIns } from './security/failed-sign-ins';
import { createLockout } from './security/lockout';
import { passwordHasher } from './security/password-hash';
import { DEFAULT_RATE_LIMITS, type RateLimits, requestLimit } from './security/rate-limit';
import { createSigningKeys } from './tokens/keys';
import { wellKnownRoutes } from './well-known';

export interface IdentityAppOptions {
  database: Database;
  /** e.g. 'http://localhost:3000/identity'; token iss = `${issuerBase}/${poolId}`. */
  issuerBase: string;
  /** The SigV4 credentials admin operations must be signed with. */
  adminCredentials: AdminCredentials;
  /** 'test' lowers the argon2 cost; 'development' adds the /mailbox page. */
  mode: 'development' | 'production' | 'test';
  /** Serves the demo identity provider (OIDC and SAML) at /demo-idp, for the demo storefronts' single sign-on. */
  demoProvider?: boolean;
  /** A controllable clock for lockout and expiry tests. */
  now?: () => Date;
  /** Messages are emailed through this nodemailer transport when set; the outbox always records them. */
  smtpUrl?: string;
  /**
   * The sender of a pool without EmailConfiguration.From: `address` or `Name <address>`; the demo's sender
   * unless given (docs/decisions/0055-mail-senders.md).
   */
  mailFrom?: string;
  logger?: Logger;
  /** A signing key older than this is rotated on its next use; default 90 days. */
  signingKeyMaxAgeDays?: number;
  /** Overrides the request limits and the failed sign-in budgets. */
  rateLimits?: Partial<RateLimits>;
  /**
   * Where the request limits count and revocations are recorded: this process by default (on the `now`
   * clock); Redis when several instances run. Share it with the gateway so it honours revocations at once.
   */
  sharedState?: SharedState;
}

const MAX_BODY_BYTES = 64 * 1024;
/**
 * What the AWS SDK v3 and Amplify send with a user-pool call: the operation, their user agent, retry
 * bookkeeping (amz-sdk-*), Amplify's no-store, and a signed call's SigV4 headers.
 */
const AWS_CLIENT_HEADERS = [
  'content-type',
  'x-amz-target',
  'x-amz-user-agent',
  'amz-sdk-invocation-id',
  'amz-sdk-request',
  'cache-control',
  'authorization',
  'x-amz-date',
  'x-amz-security-token',
  'x-amz-content-sha256',
] as const;
const DEFAULT_KEY_MAX_AGE_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The user-pool service; routes are relative to where it is mounted (the server mounts it at /identity). */
export function createIdentityApp(options: IdentityAppOptions): Hono {
  const now = options.now ?? (() => new Date());
  const logger = redactingLogger(options.logger ?? consoleLogger);
  const db = identityDb(options.database);
  const shared = options.sharedState ?? memorySharedState({ now: () => now().getTime() });
  const limits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  const ctx: IdentityContext = {
    db,
    mode: options.mode,
    now,
    region: options.adminCredentials.region,
    issuerBase: options.issuerBase.replace(/\/+$/, ''),
    passwords: passwordHasher(options.mode),
    keys: createSigningKeys(db, now, (options.signingKeyMaxAgeDays ?? DEFAULT_KEY_MAX_AGE_DAYS) * DAY_MS),
    mailer: createMailer({
      db,
      smtpUrl: options.smtpUrl,
      mailFrom: options.mailFrom ?? DEMO_MAIL_FROM,
      logger,
      now,
    }),
    lockout: createLockout(db, now),
    requestCounters: shared.windowCounters('identity:requests'),
    codeBudgets: databaseCounters(db, now),
    failedSignIns: failedSignIns(limits, shared),
    revocations: shared.revocations,
    logger,
  };

  const limit = requestLimit(limits, ctx.requestCounters);

  const app = new Hono();
  app.onError((error, c) => {
    if (error instanceof CognitoError) return c.json(error.body, error.status);
    logger.error({ path: c.req.path, error }, 'identity: unexpected error');
    return c.json({ __type: 'InternalErrorException', message: 'An internal error occurred.' }, 500);
  });
  // Browsers on any storefront origin call the pool directly, as they call Cognito's endpoint.
  app.use(
    '/',
    cors({
      origin: '*',
      allowMethods: ['POST'],
      allowHeaders: [...AWS_CLIENT_HEADERS],
      exposeHeaders: ['x-amzn-requestid', 'x-amzn-errortype'],
      maxAge: 600,
    }),
  );
  app.post(
    '/',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        c.json({ __type: 'SerializationException', message: 'The request body is too large.' }, 413),
    }),
    protocolHandler(ctx, { adminCredentials: options.adminCredentials, limit }),
  );
  app.route('/', wellKnownRoutes(ctx));
  // The pools' calls to the demo provider are answered by this app, without a round trip over the network.
  const basePath = new URL(ctx.issuerBase).pathname.replace(/\/$/, '');
  const demoProvider = options.demoProvider
    ? {
        prefix: `${ctx.issuerBase}${DEMO_PROVIDER_PATH}/`,
        fetch: (request: Request) => {
          const url = new URL(request.url);
          url.pathname = url.pathname.slice(basePath.length);
          return app.fetch(new Request(url, request));
        },
      }
    : undefined;
  app.route('/', hostedRoutes(ctx, limit, createFederation(ctx, demoProvider)));
  if (demoProvider) app.route(DEMO_PROVIDER_PATH, demoProviderRoutes(ctx, shared, limit));
  if (options.mode === 'development') app.route('/', mailboxRoutes(ctx));
  return app;
}
