import { USER_TYPES } from '@storefront/contracts';
import type { Database } from '@storefront/database';
import { identityDb } from './db/database';
import { clients, groups, userGroups, userPools } from './db/schema';
import { passwordHasher } from './security/password-hash';
import type { CustomChallenge, MfaConfiguration } from './users/model';
import { findUser, insertUser, passwordFields } from './users/repository';

export interface PoolDefinition {
  poolId: string;
  name: string;
  clientId: string;
  clientName: string;
  callbackUrls: string[];
  logoutUrls: string[];
  /** OPTIONAL unless given. */
  mfaConfiguration?: MfaConfiguration;
  /** Off unless given: sign-ins then register devices (NewDeviceMetadata, ConfirmDevice, ListDevices). */
  deviceTracking?: boolean;
  /** The flow the app client's CUSTOM_AUTH runs; without one CUSTOM_AUTH is refused. */
  customChallenge?: CustomChallenge;
}

/** Lower precedence wins: it decides which group comes first, and the first group is the user type. */
const GROUP_PRECEDENCE: Record<string, number> = {
  AWSAdmin: 1,
  AWSManager: 2,
  AWSPortalUser: 3,
  AWSGuest: 4,
};

/** Creates or updates a pool, its app client and the spec's groups; safe to call on every start. */
export async function ensureUserPool(database: Database, pool: PoolDefinition): Promise<void> {
  const db = identityDb(database);
  await db.transaction(async (tx) => {
    const settings = {
      name: pool.name,
      mfaConfiguration: pool.mfaConfiguration ?? 'OPTIONAL',
      deviceTracking: pool.deviceTracking ?? false,
    };
    await tx
      .insert(userPools)
      .values({ id: pool.poolId, ...settings })
      .onConflictDoUpdate({ target: userPools.id, set: { ...settings, updatedAt: new Date() } });
    const client = {
      name: pool.clientName,
      callbackUrls: pool.callbackUrls,
      logoutUrls: pool.logoutUrls,
      customChallenge: pool.customChallenge ?? null,
    };
    await tx
      .insert(clients)
      .values({ id: pool.clientId, poolId: pool.poolId, ...client })
      .onConflictDoUpdate({ target: clients.id, set: client });
    await tx
      .insert(groups)
      .values(
        USER_TYPES.map((name) => ({ poolId: pool.poolId, name, precedence: GROUP_PRECEDENCE[name] ?? null })),
      )
      .onConflictDoNothing();
  });
}

export interface UserDefinition {
  poolId: string;
  username: string;
  password: string;
  email: string;
  givenName: string;
  familyName: string;
  groups: string[];
  attributes: Record<string, string>;
  status: 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD';
  /** Base32; turns TOTP MFA on as the preferred factor. */
  totpSecret?: string;
}

/** Creates a (demo) user unless one of that name exists; an existing user is left as it is. */
export async function ensureUser(database: Database, user: UserDefinition): Promise<void> {
  const db = identityDb(database);
  if (await findUser(db, user.poolId, user.username)) return;
  const identity = { poolId: user.poolId, username: user.username };
  const created = await insertUser(
    db,
    {
      ...identity,
      ...(await passwordFields(passwordHasher('production'), identity, user.password)),
      status: user.status,
      attributes: {
        ...user.attributes,
        email: user.email,
        email_verified: 'true',
        given_name: user.givenName,
        family_name: user.familyName,
      },
      ...(user.totpSecret
        ? { totpSecret: user.totpSecret, totpMfaEnabled: true, preferredMfa: 'SOFTWARE_TOKEN_MFA' as const }
        : {}),
    },
    new Date(),
  );
  if (user.groups.length === 0) return;
  await db
    .insert(groups)
    .values(user.groups.map((name) => ({ poolId: user.poolId, name })))
    .onConflictDoNothing();
  await db
    .insert(userGroups)
    .values(user.groups.map((groupName) => ({ userId: created.id, poolId: user.poolId, groupName })));
}
