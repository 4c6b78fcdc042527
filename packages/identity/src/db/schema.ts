import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  CHALLENGE_NAMES,
  type ChallengeName,
  CUSTOM_CHALLENGES,
  type CustomChallenge,
  MFA_CONFIGURATIONS,
  MFA_TYPES,
  type MfaConfiguration,
  type MfaType,
  USER_STATUSES,
  type UserStatus,
} from '../users/model';

/**
 * The user pools, in a PostgreSQL schema of their own so they never collide with another service's tables
 * in the shared database. Column names are snake_case in SQL (drizzle `casing`).
 */
export const identity = pgSchema('identity');

const stamp = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const instant = () => timestamp({ withTimezone: true });

/** `column in ('a', 'b')` for a check constraint; the values are our own constants, never input. */
function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;
}

export const userPools = identity.table(
  'user_pools',
  {
    /** `<region>_<name>`, as Cognito names them. */
    id: text().primaryKey(),
    name: text().notNull(),
    mfaConfiguration: text().$type<MfaConfiguration>().notNull().default('OPTIONAL'),
    /** Whether sign-ins register the client's device (NewDeviceMetadata, ConfirmDevice and the device list). */
    deviceTracking: boolean().notNull().default(false),
    /**
     * Cognito's EmailConfiguration.From: `address` or `Name <address>` the pool's mail goes out from
     * (EmailSendingAccount DEVELOPER); null: the process's MAIL_FROM (COGNITO_DEFAULT).
     */
    emailFrom: text(),
    /** EmailConfiguration.ReplyToEmailAddress; null: replies go to the sender. */
    emailReplyTo: text(),
    createdAt: stamp(),
    updatedAt: stamp(),
  },
  (t) => [check('user_pools_mfa_configuration', oneOf(t.mfaConfiguration, MFA_CONFIGURATIONS))],
);

export const clients = identity.table(
  'clients',
  {
    id: text().primaryKey(),
    poolId: text()
      .notNull()
      .references(() => userPools.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    callbackUrls: jsonb().$type<string[]>().notNull(),
    logoutUrls: jsonb().$type<string[]>().notNull(),
    /** The flow CUSTOM_AUTH runs for this client (Cognito's auth-challenge triggers); null refuses CUSTOM_AUTH. */
    customChallenge: text().$type<CustomChallenge>(),
    createdAt: stamp(),
  },
  (t) => [
    index().on(t.poolId),
    check('clients_custom_challenge', oneOf(t.customChallenge, CUSTOM_CHALLENGES)),
  ],
);

export const users = identity.table(
  'users',
  {
    /** The `sub`. */
    id: uuid().primaryKey(),
    poolId: text()
      .notNull()
      .references(() => userPools.id, { onDelete: 'cascade' }),
    username: text().notNull(),
    /** Usernames are case-insensitive, as in a Cognito pool created with the default settings. */
    usernameKey: text().notNull(),
    status: text().$type<UserStatus>().notNull(),
    enabled: boolean().notNull().default(true),
    /** argon2id, for USER_PASSWORD_AUTH; null for federated users. */
    passwordHash: text(),
    /** SRP salt and verifier (hex), for USER_SRP_AUTH; derived from the same password. */
    srpSalt: text(),
    srpVerifier: text(),
    /** A temporary password (AdminCreateUser) stops working after this. */
    passwordExpiresAt: instant(),
    /** Standard and custom attributes except `sub`, by their Cognito names. */
    attributes: jsonb().$type<Record<string, string>>().notNull(),
    smsMfaEnabled: boolean().notNull().default(false),
    totpMfaEnabled: boolean().notNull().default(false),
    preferredMfa: text().$type<MfaType>(),
    /** Base32; set once VerifySoftwareToken succeeded. */
    totpSecret: text(),
    /** Base32; from AssociateSoftwareToken until it is verified. */
    totpPendingSecret: text(),
    /** The last TOTP time step accepted, so a code is never accepted twice. */
    totpLastStep: integer(),
    createdAt: stamp(),
    updatedAt: stamp(),
  },
  (t) => [
    uniqueIndex().on(t.poolId, t.usernameKey),
    check('users_status', oneOf(t.status, USER_STATUSES)),
    check('users_preferred_mfa', sql`${t.preferredMfa} is null or ${oneOf(t.preferredMfa, MFA_TYPES)}`),
  ],
);

export const groups = identity.table(
  'groups',
  {
    poolId: text()
      .notNull()
      .references(() => userPools.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    precedence: integer(),
    createdAt: stamp(),
    updatedAt: stamp(),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.name] })],
);

export const userGroups = identity.table(
  'user_groups',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    poolId: text().notNull(),
    groupName: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.groupName] }),
    foreignKey({ columns: [t.poolId, t.groupName], foreignColumns: [groups.poolId, groups.name] }).onDelete(
      'cascade',
    ),
  ],
);

/**
 * One live code per user and purpose (sign-up, password reset, attribute verification); single use. Wrong
 * guesses are counted per user across codes, not here (users/codes.ts).
 */
export const codes = identity.table(
  'codes',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text().notNull(),
    code: text().notNull(),
    expiresAt: instant().notNull(),
    createdAt: stamp(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.purpose] })],
);

/**
 * Sign-in state between InitiateAuth and RespondToAuthChallenge: the SRP secret block or a challenge
 * Session. The row is found by the hash of the opaque token the client holds.
 */
export const challenges = identity.table(
  'challenges',
  {
    tokenHash: text().primaryKey(),
    poolId: text()
      .notNull()
      .references(() => userPools.id, { onDelete: 'cascade' }),
    clientId: text().notNull(),
    /** Null for an SRP challenge answered for an unknown user, which can only fail. */
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    usernameKey: text().notNull(),
    /** The challenge the client must answer with this token. */
    challenge: text().$type<ChallengeName>().notNull(),
    data: jsonb().$type<Record<string, string>>().notNull(),
    expiresAt: instant().notNull(),
    createdAt: stamp(),
  },
  (t) => [check('challenges_challenge', oneOf(t.challenge, CHALLENGE_NAMES)), index().on(t.expiresAt)],
);

/** A sign-in session: its refresh token (stored hashed) and the `origin_jti` of every token it issues. */
export const sessions = identity.table(
  'sessions',
  {
    /** The `origin_jti`. */
    id: uuid().primaryKey(),
    refreshTokenHash: text().notNull().unique(),
    poolId: text().notNull(),
    clientId: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scopes: jsonb().$type<string[]>().notNull(),
    authTime: instant().notNull(),
    expiresAt: instant().notNull(),
    revokedAt: instant(),
    createdAt: stamp(),
  },
  (t) => [index().on(t.userId)],
);

/** RS256 keys per pool; the newest signs, retired ones leave the JWKS. */
export const signingKeys = identity.table(
  'signing_keys',
  {
    kid: text().primaryKey(),
    poolId: text()
      .notNull()
      .references(() => userPools.id, { onDelete: 'cascade' }),
    privateJwk: jsonb().$type<Record<string, unknown>>().notNull(),
    publicJwk: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: stamp(),
    retiredAt: instant(),
  },
  (t) => [index().on(t.poolId)],
);

/** Failed attempts per pool, username and kind (password, MFA code), for unknown usernames too. */
export const lockouts = identity.table(
  'lockouts',
  {
    poolId: text().notNull(),
    usernameKey: text().notNull(),
    kind: text().notNull(),
    failures: integer().notNull(),
    lastFailureAt: instant().notNull(),
    lockedUntil: instant(),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.usernameKey, t.kind] })],
);

/** Every message the pool sends (codes, invitations), whether or not SMTP is configured. */
export const outbox = identity.table(
  'outbox',
  {
    /** Increasing, so messages read back in the order they were sent. */
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    poolId: text().notNull(),
    username: text().notNull(),
    kind: text().notNull(),
    destination: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    code: text().notNull(),
    createdAt: stamp(),
  },
  (t) => [index().on(t.poolId, t.username)],
);

/** A device the pool issued at sign-in; listed once the client confirmed it (ConfirmDevice). */
export const devices = identity.table(
  'devices',
  {
    /** `<region>_<uuid>`, as Cognito forms device keys. */
    key: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupKey: text().notNull(),
    name: text(),
    /** The device's own SRP salt and verifier, from ConfirmDevice. */
    srpSalt: text(),
    srpVerifier: text(),
    confirmed: boolean().notNull().default(false),
    remembered: boolean().notNull().default(false),
    createdAt: stamp(),
    updatedAt: stamp(),
    lastAuthenticatedAt: instant(),
  },
  (t) => [index().on(t.userId)],
);

/** Hosted login's authorization codes (stored hashed): single use, bound to client, redirect and PKCE challenge. */
export const authorizationCodes = identity.table(
  'authorization_codes',
  {
    codeHash: text().primaryKey(),
    clientId: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    redirectUri: text().notNull(),
    codeChallenge: text().notNull(),
    scopes: jsonb().$type<string[]>().notNull(),
    nonce: text(),
    authTime: instant().notNull(),
    expiresAt: instant().notNull(),
    createdAt: stamp(),
  },
  (t) => [index().on(t.expiresAt)],
);

/** External identity providers a pool federates to (OIDC or SAML 2.0), with their settings. */
export const identityProviders = identity.table(
  'identity_providers',
  {
    poolId: text()
      .notNull()
      .references(() => userPools.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    type: text().$type<'OIDC' | 'SAML'>().notNull(),
    settings: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: stamp(),
    updatedAt: stamp(),
  },
  (t) => [
    primaryKey({ columns: [t.poolId, t.name] }),
    check('identity_providers_type', oneOf(t.type, ['OIDC', 'SAML'])),
  ],
);

/** A sign-in sent to an external provider, found again by its state (RelayState) when the answer comes back. */
export const federationRequests = identity.table(
  'federation_requests',
  {
    stateHash: text().primaryKey(),
    poolId: text().notNull(),
    clientId: text().notNull(),
    providerName: text().notNull(),
    /** The client's authorize request, to finish with once the provider vouched for the user. */
    grant: jsonb().$type<Record<string, unknown>>().notNull(),
    /** OIDC only: our own PKCE verifier and nonce towards the provider. */
    codeVerifier: text(),
    nonce: text(),
    /** SAML only: our AuthnRequest's ID, which the signed assertion must answer (InResponseTo). */
    samlRequestId: text(),
    expiresAt: instant().notNull(),
    createdAt: stamp(),
  },
  (t) => [index().on(t.expiresAt)],
);

/** Assertion IDs of accepted SAML answers, kept until the assertion expires so none is accepted twice. */
export const samlAssertions = identity.table(
  'saml_assertions',
  {
    poolId: text().notNull(),
    providerName: text().notNull(),
    assertionId: text().notNull(),
    expiresAt: instant().notNull(),
    createdAt: stamp(),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.providerName, t.assertionId] }), index().on(t.expiresAt)],
);

/**
 * Fixed-window event counts by key (the code budgets), shared by every instance and kept across restarts.
 * A window that has ended counts as empty and is restarted by the next event; ended rows are pruned later.
 */
export const counterWindows = identity.table(
  'counter_windows',
  {
    key: text().primaryKey(),
    endsAt: instant().notNull(),
    count: integer().notNull(),
  },
  (t) => [index().on(t.endsAt)],
);

/**
 * The demo identity provider's signing key and certificate (PEM), made once and read by every instance, so
 * an answer one instance signs verifies wherever it arrives.
 */
export const demoProviderKeys = identity.table('demo_provider_keys', {
  id: text().primaryKey(),
  privateKey: text().notNull(),
  certificate: text().notNull(),
  createdAt: stamp(),
});
