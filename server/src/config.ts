import { randomBytes, randomInt } from 'node:crypto';
import { resolve } from 'node:path';
import { DEMO_MAIL_FROM, MAILBOX_RULE, parseMailbox } from '@storefront/contracts/mail';
import { PAYMENT_CHARGE_PATH, PAYMENT_REFUND_PATH } from '@storefront/contracts/payment-protocol';
import { z } from 'zod';

const postgresUrl = z
  .string()
  .regex(
    /^postgres(ql)?:\/\/.+/,
    'must be a postgres:// or postgresql:// URL (leave it unset for the embedded database)',
  );

const redisUrl = z
  .string()
  .regex(
    /^rediss?:\/\/.+/,
    'must be a redis:// or rediss:// URL (leave it unset to keep shared state in this process)',
  );

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    /** 'false' starts without the demo (production mode): no demo storefronts, users or secrets. */
    DEMO_DATA: z.enum(['true', 'false'], { message: "must be 'true' or 'false'" }).default('true'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** Where browsers reach this server when a load balancer in front listens on another port; PORT when unset. */
    PUBLIC_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATABASE_URL: postgresUrl.optional(),
    /** How long PostgreSQL may take to answer at start-up (and on each reconnection) before it counts as down. */
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(100, 'must be at least 100 (milliseconds)')
      .max(300_000, 'must be at most 300000 (5 minutes)')
      .default(10_000),
    DATA_DIR: z.string().min(1).default('./data'),
    /** Where the state several instances share lives (caches, limits, revocations); unset means this process. */
    REDIS_URL: redisUrl.optional(),
    /** The gateway's API key; like an AppSync API key it is sent by browsers, so it is not a secret. */
    GATEWAY_API_KEY: z
      .string()
      .min(16, 'must be at least 16 characters')
      .default('da2-bionova-storefront-local'),
    /** Where the CRM is served; unset means the embedded CRM of this process. */
    CRM_URL: z.url({ message: 'must be an http(s) URL' }).optional(),
    CRM_SERVICE_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
    CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    /** How long a guest page is kept for the next visitor without cookies; 0 keeps none. */
    PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    /** The user pools' base URL: token issuers are `${IDENTITY_URL}/<poolId>`; unset means this server's /identity. */
    IDENTITY_URL: z.url({ message: 'must be an http(s) URL' }).optional(),
    /** SigV4 credentials of the user pools' admin API; random per process when unset. */
    IDENTITY_ADMIN_ACCESS_KEY_ID: z.string().min(16, 'must be at least 16 characters').optional(),
    IDENTITY_ADMIN_SECRET_ACCESS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    SMTP_URL: z.url({ message: 'must be an smtp(s):// URL' }).optional(),
    /** The sender of mail whose storefront or user pool names none; the demo's own sender when unset. */
    MAIL_FROM: z
      .string()
      .refine((text) => parseMailbox(text) !== undefined, MAILBOX_RULE)
      .default(DEMO_MAIL_FROM),
    /** NATS whose JetStream the business events are also published to (docs/decisions/0058-business-events.md). */
    EVENTS_NATS_URL: z
      .url({ protocol: /^(nats|tls)$/, message: 'must be a nats:// or tls:// URL' })
      .optional(),
    /** Signing keys of the embedded user pools older than this are rotated on their next use. */
    IDENTITY_KEY_ROTATION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    /** 'true' when a reverse proxy in front sets X-Forwarded-For and X-Forwarded-Proto; anything else ignores them. */
    /** Requests to a host containing this domain get the old site's paths redirected (spec P§2); '' turns that off. */
    COMPANY_DOMAIN: z
      .string()
      .regex(/^$|^[a-z0-9.-]+$/i, 'must be a domain name such as bionova.example, or empty')
      .default('bionova.example'),
    TRUST_PROXY: z.enum(['true', 'false'], { message: "must be 'true' or 'false'" }).default('false'),
    /** An AvaTax REST v2 service (https://rest.avatax.com, the sandbox); unset means this server's /tax. */
    AVATAX_URL: z.url({ message: 'must be an http(s) URL' }).optional(),
    AVATAX_ACCOUNT_ID: z.string().min(1, 'must not be empty').optional(),
    AVATAX_LICENSE_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
    AVATAX_COMPANY_CODE: z.string().min(1).max(25, 'must be at most 25 characters').default('BIONOVA'),
    AVATAX_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(100, 'must be at least 100 (milliseconds)')
      .max(60_000, 'must be at most 60000 (1 minute)')
      .default(5_000),
    /** The hosted payment page of an external provider; unset means this server's /payments/pay. */
    PAYMENTS_URL: z.url({ message: 'must be an http(s) URL' }).optional(),
    /** Where the CRM charges a saved card at that provider; its `charges` beside the page unless set. */
    PAYMENTS_CHARGE_URL: z.url({ message: 'must be an http(s) URL' }).optional(),
    /** Where the CRM refunds a charge at that provider; its `refunds` beside the page unless set. */
    PAYMENTS_REFUND_URL: z.url({ message: 'must be an http(s) URL' }).optional(),
    /** The HMAC-SHA256 secret the CRM and the payment provider sign with; random per process when unset. */
    PAYMENTS_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** The bearer token of the operator's endpoints (metrics, backups); random per start when unset. */
    OPERATIONS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  })
  .refine((env) => !env.CRM_URL || env.CRM_SERVICE_TOKEN, {
    message: 'must be set when CRM_URL names an external CRM',
    path: ['CRM_SERVICE_TOKEN'],
  })
  .refine((env) => !env.AVATAX_URL || (env.AVATAX_ACCOUNT_ID && env.AVATAX_LICENSE_KEY), {
    message: 'AVATAX_ACCOUNT_ID and AVATAX_LICENSE_KEY must be set when AVATAX_URL names a tax service',
    path: ['AVATAX_URL'],
  })
  .refine((env) => !env.PAYMENTS_URL || env.PAYMENTS_SECRET, {
    message: 'must be set when PAYMENTS_URL names an external payment provider',
    path: ['PAYMENTS_SECRET'],
  });

/** Where the embedded payment provider is mounted; its page is served on every storefront host. */
export const PAYMENTS_MOUNT = '/payments';
/** A host the embedded payment provider answers the CRM's charges to inside this process; no socket is opened. */
const EMBEDDED_PAYMENTS_BASE = 'http://payments.embedded';

/**
 * What production mode (DEMO_DATA=false) requires set, each with what it is for: nothing falls back to a random
 * or demo value that would differ between instances or restarts, or that the README publishes.
 */
export const PRODUCTION_SETTINGS = {
  CRM_SERVICE_TOKEN: 'the bearer token the gateway and the CRM share (at least 24 characters)',
  IDENTITY_ADMIN_ACCESS_KEY_ID: "the user pools' admin access key id (at least 16 characters)",
  IDENTITY_ADMIN_SECRET_ACCESS_KEY: "the user pools' admin secret key (at least 32 characters)",
  PAYMENTS_SECRET: 'the secret the CRM and the payment provider sign with (at least 32 characters)',
  OPERATIONS_TOKEN: "the operator's bearer token for /metrics and /operations (at least 24 characters)",
  SMTP_URL: 'the mail server that sends temporary passwords, codes and order mail (smtp:// or smtps://)',
  MAIL_FROM: "the sender of the storefronts' mail, an address of your own domain",
} as const;

export interface ServerConfig {
  env: 'development' | 'production' | 'test';
  /** The demo's storefronts, users and records are seeded (DEMO_DATA, true unless 'false'). */
  demoData: boolean;
  host: string;
  port: number;
  /**
   * The port browsers use: PORT, or the load balancer's in front of several instances. Token issuers and the
   * demo pools' sign-in return addresses name it, so every instance issues and accepts the same tokens.
   */
  publicPort: number;
  logLevel: string;
  databaseUrl: string | undefined;
  databaseConnectTimeoutMs: number;
  dataDir: string;
  /** Shared state in this Redis; undefined keeps it in this process. */
  redisUrl: string | undefined;
  gatewayApiKey: string;
  crmUrl: string | undefined;
  /** Shared by the gateway and the embedded CRM; a fresh random one per process when not configured. */
  crmServiceToken: string;
  cacheTtlMs: number;
  pageCacheTtlMs: number;
  identityUrl: string;
  /** True when this process serves the user pools itself (IDENTITY_URL unset). */
  embeddedIdentity: boolean;
  identityAdmin: { accessKeyId: string; secretAccessKey: string; region: string };
  smtpUrl: string | undefined;
  /** `address` or `Name <address>`: mail goes out from it where its storefront or user pool names no sender. */
  mailFrom: string;
  /** NATS JetStream the business events are published to, besides their webhooks; none when unset. */
  eventsNatsUrl: string | undefined;
  identityKeyRotationDays: number;
  /** Whether X-Forwarded-For / X-Forwarded-Proto come from our own proxy and may be believed. */
  trustProxy: boolean;
  /** The company's own domain: its hosts answer the old site's paths with 301s. */
  companyDomain: string;
  /** The tax service the CRM calls; the embedded one (served at /tax) unless AVATAX_URL names another. */
  tax: {
    url: string;
    embedded: boolean;
    accountId: string;
    licenseKey: string;
    companyCode: string;
    timeoutMs: number;
  };
  /**
   * What the operator's endpoints require; when OPERATIONS_TOKEN is unset, a random one that an embedded server
   * leaves in DATA_DIR/operations-token.
   */
  operationsToken: { value: string; configured: boolean };
  payments: {
    secret: string;
    /** Where browsers post a signed payment request: a path on the storefront's own host when embedded. */
    pageUrl: string;
    /** Where the CRM charges a saved card, server to server. */
    chargeUrl: string;
    /** Where the CRM refunds a charge, server to server. */
    refundUrl: string;
    /** True when this process serves the payment page itself (PAYMENTS_URL unset). */
    embedded: boolean;
  };
}

export class ConfigError extends Error {}

/** A server-to-server endpoint of the provider: beside an external page, or under this host's embedded one. */
const providerUrl = (path: string, pageUrl: string | undefined) =>
  pageUrl ? new URL(path.slice(1), pageUrl).toString() : `${EMBEDDED_PAYMENTS_BASE}${PAYMENTS_MOUNT}${path}`;

/** Reads and validates the environment once at start-up; a bad value names its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = configSchema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  if (env.DEMO_DATA === 'false') {
    for (const [name, purpose] of Object.entries(PRODUCTION_SETTINGS)) {
      if (!env[name])
        problems.push(`  ${name}: must be set in production mode (DEMO_DATA=false): ${purpose}`);
    }
  }
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const values = parsed.data;
  return {
    env: values.NODE_ENV,
    demoData: values.DEMO_DATA === 'true',
    host: values.HOST,
    port: values.PORT,
    publicPort: values.PUBLIC_PORT ?? values.PORT,
    logLevel: values.LOG_LEVEL,
    databaseUrl: values.DATABASE_URL,
    databaseConnectTimeoutMs: values.DATABASE_CONNECT_TIMEOUT_MS,
    dataDir: resolve(values.DATA_DIR),
    redisUrl: values.REDIS_URL,
    gatewayApiKey: values.GATEWAY_API_KEY,
    crmUrl: values.CRM_URL,
    crmServiceToken: values.CRM_SERVICE_TOKEN ?? randomBytes(32).toString('base64url'),
    cacheTtlMs: values.CACHE_TTL_MS,
    pageCacheTtlMs: values.PAGE_CACHE_TTL_MS,
    identityUrl: (
      values.IDENTITY_URL ?? `http://localhost:${values.PUBLIC_PORT ?? values.PORT}/identity`
    ).replace(/\/+$/, ''),
    embeddedIdentity: values.IDENTITY_URL === undefined,
    identityAdmin: {
      accessKeyId:
        values.IDENTITY_ADMIN_ACCESS_KEY_ID ?? `AKIA${randomBytes(8).toString('hex').toUpperCase()}`,
      secretAccessKey: values.IDENTITY_ADMIN_SECRET_ACCESS_KEY ?? randomBytes(32).toString('base64url'),
      region: 'us-east-1',
    },
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    eventsNatsUrl: values.EVENTS_NATS_URL,
    identityKeyRotationDays: values.IDENTITY_KEY_ROTATION_DAYS,
    trustProxy: values.TRUST_PROXY === 'true',
    companyDomain: values.COMPANY_DOMAIN,
    operationsToken: {
      value: values.OPERATIONS_TOKEN ?? randomBytes(32).toString('base64url'),
      configured: values.OPERATIONS_TOKEN !== undefined,
    },
    tax: {
      url: (values.AVATAX_URL ?? `http://localhost:${values.PORT}/tax`).replace(/\/+$/, ''),
      embedded: values.AVATAX_URL === undefined,
      // The embedded service takes whatever account this process makes up; nothing outside needs it.
      accountId: values.AVATAX_ACCOUNT_ID ?? String(randomInt(1_000_000_000, 2_000_000_000)),
      licenseKey: values.AVATAX_LICENSE_KEY ?? randomBytes(16).toString('hex').toUpperCase(),
      companyCode: values.AVATAX_COMPANY_CODE,
      timeoutMs: values.AVATAX_TIMEOUT_MS,
    },
    payments: {
      secret: values.PAYMENTS_SECRET ?? randomBytes(32).toString('base64url'),
      pageUrl: values.PAYMENTS_URL ?? `${PAYMENTS_MOUNT}/pay`,
      chargeUrl: values.PAYMENTS_CHARGE_URL ?? providerUrl(PAYMENT_CHARGE_PATH, values.PAYMENTS_URL),
      refundUrl: values.PAYMENTS_REFUND_URL ?? providerUrl(PAYMENT_REFUND_PATH, values.PAYMENTS_URL),
      embedded: values.PAYMENTS_URL === undefined,
    },
  };
}
