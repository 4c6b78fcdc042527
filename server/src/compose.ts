import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { crmEndpoint, type DomainDetails } from '@storefront/contracts';
import {
  type CrmDatabase,
  createAvaTaxClient,
  createCrmApp,
  describeStorefronts,
  ensureContacts,
  ensureDemoCostCentres,
  ensureDemoInvoices,
  ensureDemoNotifications,
  ensureDemoReorder,
  ensureDemoServiceRequests,
  ensureDemoSpendingLimit,
  openCrm,
  seedDemoIfEmpty,
} from '@storefront/crm';
import { type Database, DatabaseConnectError, openDatabase, redactDatabaseUrl } from '@storefront/database';
import { createCognitoTokenVerifier, createGateway } from '@storefront/gateway';
import { createIdentityApp, migrateIdentity } from '@storefront/identity';
import { createPaymentProvider } from '@storefront/payments';
import { createSharedState, generations, redactRedisUrl, type SharedState } from '@storefront/shared-state';
import { createTaxApp } from '@storefront/tax';
import { Hono } from 'hono';
import type { ServerBuild } from 'react-router';
import { createServerApp } from './app';
import { catalogueChanges } from './catalogue-changes';
import { PAYMENTS_MOUNT, type ServerConfig } from './config';
import { type DemoUser, demoContacts, demoRecipients, ensureDemoUsers } from './demo-users';
import type { Logger } from './logger';
import { createServerMetrics } from './metrics';
import { publishOperationsToken } from './operations-access';
import { forwardTo, OPERATIONS_RATE_RULE } from './operations-api';
import { operationsRoutes } from './operations-routes';
import type { CachedPage } from './page-cache';
import { crmCallbackFetch } from './payments';
import { Readiness, type ReadinessCheck } from './readiness';

const buildDir = fileURLToPath(new URL('../../apps/storefront/build/', import.meta.url));

/** A host the embedded CRM answers to inside this process; no socket is opened for it. */
const EMBEDDED_CRM_BASE = 'http://crm.embedded';
/** Where this server mounts the embedded user pools. */
export const IDENTITY_MOUNT = '/identity';
/**
 * How often the CRM's maintenance runs: the mail and refunds still waiting go out (besides after each transaction
 * that queues some), and, hourly, the PO files no buyer can reach are deleted.
 */
const DELIVERY_SWEEP_MS = 60_000;
/** Pages kept at once, for guests and by price context (decisions 0044, 0067): about 20 KB each compressed twice. */
const PAGE_CACHE_ENTRIES = 1000;
/** Where this server mounts the embedded tax service (AVATAX_URL's default). */
export const TAX_MOUNT = '/tax';

export interface ServedStorefront {
  domain: string;
  name: string;
  guest: boolean;
}

export interface Storefront {
  app: ReturnType<typeof createServerApp>;
  /** The storefronts this server serves, for the start-up summary. */
  storefronts: ServedStorefront[];
  demoUsers: DemoUser[];
  /** Shutdown begins: readiness answers 503 and every answer closes its connection. */
  stopping(): void;
  /** Requests taken and not yet answered. */
  requestsInFlight(): number;
  close(): Promise<void>;
}

type FetchHandler = (request: Request) => Response | Promise<Response>;

async function loadBuild(): Promise<ServerBuild> {
  const entry = `${buildDir}server/index.js`;
  if (!existsSync(entry)) throw new Error(`No storefront build at ${entry}: run "npm run build" first.`);
  return (await import(pathToFileURL(entry).href)) as ServerBuild;
}

/** The user pools of this process, mounted where IDENTITY_URL points by default. */
function embeddedIdentity(
  config: ServerConfig,
  database: Database,
  sharedState: SharedState,
  logger: Logger,
): FetchHandler {
  const identity = createIdentityApp({
    database,
    sharedState,
    issuerBase: config.identityUrl,
    adminCredentials: config.identityAdmin,
    mode: config.env,
    // The demo identity provider the single sign-on demo storefronts federate to (demo-users.ts).
    demoProvider: config.demoData,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    signingKeyMaxAgeDays: config.identityKeyRotationDays,
    logger: logger.child({ part: 'identity' }),
  });
  // Not strict: the AWS SDK posts to `/identity/` where boto3 and Amplify post to `/identity`.
  return new Hono({ strict: false }).route(IDENTITY_MOUNT, identity).fetch;
}

/** The tax service of this process, mounted where AVATAX_URL points by default. */
function embeddedTax(config: ServerConfig): FetchHandler {
  const { accountId, licenseKey } = config.tax;
  return new Hono().route(TAX_MOUNT, createTaxApp({ credentials: { accountId, licenseKey } })).fetch;
}

/** The payment provider of this process, under /payments, calling the CRM back server to server. */
function embeddedPayments(config: ServerConfig, crmFetch: FetchHandler, logger: Logger): FetchHandler {
  const provider = createPaymentProvider({
    secret: config.payments.secret,
    fetch: crmCallbackFetch(config.crmUrl ?? EMBEDDED_CRM_BASE, config.crmServiceToken, crmFetch),
    logger: logger.child({ part: 'payments' }),
  });
  return new Hono().route(PAYMENTS_MOUNT, provider).fetch;
}

/**
 * The shared database. PostgreSQL is announced first and has DATABASE_CONNECT_TIMEOUT_MS to answer, so a
 * host that does not answer stops the start-up with a message naming the variable, instead of a silent hang.
 */
async function openConfiguredDatabase(config: ServerConfig, logger: Logger): Promise<Database> {
  const { databaseUrl, dataDir, databaseConnectTimeoutMs: connectTimeoutMs } = config;
  if (databaseUrl) {
    const where = redactDatabaseUrl(databaseUrl);
    logger.info({ database: where }, `connecting to ${where} …`);
  }
  try {
    return await openDatabase({ databaseUrl, dataDir, connectTimeoutMs });
  } catch (error) {
    if (!(error instanceof DatabaseConnectError)) throw error;
    throw new Error(
      `DATABASE_URL: ${error.message}. Check DATABASE_URL, or raise DATABASE_CONNECT_TIMEOUT_MS (now ${connectTimeoutMs} ms) for a slow network.`,
    );
  }
}

/**
 * Opens the database, seeds the demo on first start, and composes CRM, identity, gateway and web. Parts
 * configured as external (CRM_URL, IDENTITY_URL) are reached over the network instead.
 */
export async function startStorefront(config: ServerConfig, logger: Logger): Promise<Storefront> {
  const build = await loadBuild();
  const sharedState = await openSharedState(config, logger);
  const needsDatabase = !config.crmUrl || config.embeddedIdentity;
  const database = needsDatabase
    ? await openConfiguredDatabase(config, logger).catch(async (error: unknown) => {
        await sharedState.close();
        throw error;
      })
    : undefined;
  const stopDeliveries = new AbortController();
  try {
    const crmDatabase: CrmDatabase | undefined =
      database && !config.crmUrl ? await openCrm(database) : undefined;
    if (database && config.embeddedIdentity) await migrateIdentity(database);
    // Production mode (DEMO_DATA=false) seeds nothing: its storefronts are made by `npm run storefront -- create`.
    const seed = !crmDatabase
      ? { seeded: false, storefronts: [], accounts: [] }
      : config.demoData
        ? await seedDemoIfEmpty(crmDatabase)
        : { seeded: false, ...(await describeStorefronts(crmDatabase.db)) };
    if (seed.seeded) logger.info({ storefronts: seed.storefronts.length }, 'demo data seeded');

    const tax = config.tax.embedded ? embeddedTax(config) : undefined;
    const catalogue = catalogueChanges(sharedState);
    const crm = crmDatabase
      ? createCrmApp({
          maintenance: { everyMs: DELIVERY_SWEEP_MS, stop: stopDeliveries.signal },
          db: crmDatabase,
          serviceToken: config.crmServiceToken,
          tax: createAvaTaxClient({ ...config.tax, fetch: tax ?? globalThis.fetch }),
          checkAnswers: config.env !== 'production',
          smtpUrl: config.smtpUrl,
          mailFrom: config.mailFrom,
          eventsNatsUrl: config.eventsNatsUrl,
          // Through the redacting logger: a failed query's parameters (customer data) stay out of the log.
          logError: (error) => logger.error({ part: 'crm', err: error }, 'crm: unexpected error'),
          catalogueChanged: catalogue.changed,
          payments: {
            secret: config.payments.secret,
            pageUrl: config.payments.pageUrl,
            callbackUrl: `${EMBEDDED_CRM_BASE}${crmEndpoint('paymentRequestHandler')}`,
            cardCallbackUrl: `${EMBEDDED_CRM_BASE}${crmEndpoint('savePaymentMethodCallback')}`,
            chargeUrl: config.payments.chargeUrl,
            refundUrl: config.payments.refundUrl,
            // The embedded provider is composed after the CRM (it calls the CRM back): reached once it exists.
            fetch: async (request) =>
              config.payments.embedded ? embeddedProvider(request) : globalThis.fetch(request),
          },
        })
      : undefined;
    const crmFetch: FetchHandler = crm ? (request) => crm.fetch(request) : globalThis.fetch;
    const payments = config.payments.embedded ? embeddedPayments(config, crmFetch, logger) : undefined;
    const embeddedProvider: FetchHandler = async (request) => {
      if (!payments) throw new Error('no embedded payment provider');
      return payments(request);
    };
    const identity =
      database && config.embeddedIdentity
        ? embeddedIdentity(config, database, sharedState, logger)
        : undefined;
    const metrics = createServerMetrics();
    if (database) metrics.watchDatabase(database.engine, () => database.activity());
    const gateway = createGateway({
      apiKey: config.gatewayApiKey,
      crm: {
        baseUrl: config.crmUrl ?? EMBEDDED_CRM_BASE,
        token: config.crmServiceToken,
        fetch: crmFetch,
      },
      verifyToken: createCognitoTokenVerifier({
        issuerBase: config.identityUrl,
        fetch: identity ?? globalThis.fetch,
      }),
      userPools: {
        endpoint: config.identityUrl,
        ...config.identityAdmin,
        fetch: identity ?? globalThis.fetch,
      },
      cacheTtlMs: config.cacheTtlMs,
      sharedState,
      logger: logger.child({ part: 'gateway' }),
      observer: metrics.gateway,
    });

    let demoUsers: DemoUser[] = [];
    if (database && identity && config.demoData) {
      const storefronts = await Promise.all(
        seed.storefronts.map(({ domain }) => gateway.resolveDomain(domain)),
      );
      const known = storefronts.filter((storefront): storefront is DomainDetails => storefront !== null);
      // Each step adds what it finds missing: instances starting together on one database take turns.
      demoUsers = await database.exclusively(async () => {
        const users = await ensureDemoUsers(database, known, seed.accounts, config.publicPort);
        if (crmDatabase) await ensureContacts(crmDatabase, demoContacts(known, seed.accounts));
        if (crmDatabase) await ensureDemoNotifications(crmDatabase.db, demoRecipients(seed.accounts));
        if (crmDatabase) await ensureDemoServiceRequests(crmDatabase.db, demoRecipients(seed.accounts));
        // A past order with a discontinued line, to reorder (docs/decisions/0061-reorder.md).
        if (crmDatabase) await ensureDemoReorder(crmDatabase.db, new Date().toISOString().slice(0, 10));
        // Cost centres and grant codes in each state, owned by the demo manager (decision 0063).
        if (crmDatabase) await ensureDemoCostCentres(crmDatabase.db, new Date().toISOString().slice(0, 10));
        // A buyer with a monthly spending limit the demo manager approves over (decision 0064).
        if (crmDatabase) await ensureDemoSpendingLimit(crmDatabase.db);
        // A year of invoices dated back from today (docs/decisions/0029), so the billing pages have history.
        if (crmDatabase) {
          const ids = seed.accounts.filter((account) => !account.isGuest).map((account) => account.id);
          await ensureDemoInvoices(crmDatabase.db, ids, new Date().toISOString().slice(0, 10));
        }
        return users;
      });
    }

    // Start-up (migrations, seed, demo records) is done once we are here; from now on the parts decide.
    const checks: Record<string, ReadinessCheck> = {};
    if (database) checks.database = () => database.ping();
    if (sharedState.store === 'redis') checks.redis = () => sharedState.ping();
    const readiness = new Readiness(checks);
    const app = createServerApp({
      gateway,
      gatewayApiKey: config.gatewayApiKey,
      crm,
      identity,
      tax,
      payments,
      build,
      clientDir: `${buildDir}client`,
      mode: config.env,
      trustProxy: config.trustProxy,
      companyDomain: config.companyDomain,
      pageCache: {
        store: sharedState.cache<CachedPage>('page', {
          ttlMs: config.pageCacheTtlMs,
          maxEntries: PAGE_CACHE_ENTRIES,
        }),
        ttlMs: config.pageCacheTtlMs,
        generation: catalogue.ofPage(gateway.resolveDomain),
      },
      accountPages: generations(sharedState, 'account-pages'),
      operationsToken: config.operationsToken.value,
      metrics,
      readiness,
      operations: operationsRoutes(database, crmDatabase),
      operationsApi: {
        crm: crm ? (request) => crm.fetch(request) : forwardTo(config.crmUrl),
        limiter: sharedState.rateLimiter('operations-api', OPERATIONS_RATE_RULE),
      },
      logger,
    });
    // The operator of an embedded server finds its token beside the data; a configured one is theirs already.
    if (!config.databaseUrl && !config.operationsToken.configured) {
      await publishOperationsToken(config.dataDir, config.operationsToken.value);
    }
    const close = async () => {
      stopDeliveries.abort();
      await database?.close();
      await sharedState.close();
    };
    return {
      app,
      storefronts: seed.storefronts,
      demoUsers,
      stopping: () => readiness.stop(),
      requestsInFlight: () => metrics.requestsInFlight(),
      close,
    };
  } catch (error) {
    stopDeliveries.abort();
    await database?.close();
    await sharedState.close();
    throw error;
  }
}

/** Caches, limits and revocations: in this process, or in the Redis at REDIS_URL shared by every instance. */
async function openSharedState(config: ServerConfig, logger: Logger): Promise<SharedState> {
  if (config.redisUrl) {
    const where = redactRedisUrl(config.redisUrl);
    logger.info({ redis: where }, `connecting to ${where} …`);
  }
  return createSharedState({ redisUrl: config.redisUrl, logger: logger.child({ part: 'shared-state' }) });
}
