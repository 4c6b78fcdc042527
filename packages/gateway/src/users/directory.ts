import type { Cache } from '@storefront/shared-state';
import type { UserPoolAdmin } from '../user-pool-admin';

/**
 * Who the users of a pool are, by account: the pools cannot filter on custom attributes (nor can Amazon
 * Cognito), so the gateway pages through a pool once (ListUsers, and ListUsersInGroup per role group), keeps
 * the result in a cache with a short TTL, and patches it at once after each write it makes
 * (docs/decisions/0024-managing-users.md).
 */

/** One pool user as the directory keeps it. */
export interface DirectoryUser {
  username: string;
  email: string;
  givenName: string;
  familyName: string;
  locale: string;
  accountId: string | null;
  contactId: string | null;
  /** The manager who invited the user (custom:createdBy); null for users made otherwise. */
  createdBy: string | null;
  enabled: boolean;
  userStatus: string;
  /** Epoch milliseconds. */
  createdAt: number;
  groups: string[];
}

/** A pool's users by account (the cache holds this: one value per pool, so Redis can hold it too). */
export interface PoolSnapshot {
  byAccount: Record<string, DirectoryUser[]>;
  /** When the pool was read (epoch ms); patches keep it. */
  readAt: number;
}

export interface UserDirectory {
  /** Every user of one account of one pool. */
  accountUsers(poolId: string, accountId: string): Promise<DirectoryUser[]>;
  /** One user of the pool as the pool has it now, put in place of the cached one (null: gone). */
  refresh(poolId: string, username: string): Promise<DirectoryUser | null>;
  /**
   * Reads the state of some users of an account again and answers the account's users with it: an invited
   * user changes state by signing in (not through the gateway), so the invited users a page shows are
   * re-read rather than left to the TTL. Their groups change only through the gateway and are kept.
   */
  recheck(poolId: string, accountId: string, usernames: readonly string[]): Promise<DirectoryUser[]>;
}

/** Groups the directory reads memberships of: the roles a user can have. */
export const ROLE_GROUPS = ['AWSManager', 'AWSPortalUser', 'AWSAdmin'] as const;

interface PoolUser {
  Username: string;
  Attributes?: { Name: string; Value?: string }[];
  UserAttributes?: { Name: string; Value?: string }[];
  Enabled: boolean;
  UserStatus: string;
  UserCreateDate: number;
}

function directoryUser(user: PoolUser, groups: string[]): DirectoryUser {
  const attributes = new Map(
    (user.Attributes ?? user.UserAttributes ?? []).map(({ Name, Value }) => [Name, Value ?? '']),
  );
  return {
    username: user.Username,
    email: attributes.get('email') ?? '',
    givenName: attributes.get('given_name') ?? '',
    familyName: attributes.get('family_name') ?? '',
    // The custom local attribute, underscore made hyphen (P§3); en-US by default (P§9).
    locale: (attributes.get('custom:local') || 'en-US').replace('_', '-'),
    accountId: attributes.get('custom:salesforceAccountId') || null,
    contactId: attributes.get('custom:salesforceContactId') || null,
    createdBy: attributes.get('custom:createdBy') || null,
    enabled: user.Enabled,
    userStatus: user.UserStatus,
    // Cognito answers epoch seconds (with a fraction).
    createdAt: Math.round(user.UserCreateDate * 1000),
    groups: [...groups].sort(),
  };
}

async function allPages<T>(
  load: (token: string | undefined) => Promise<{ items: T[]; next: string | undefined }>,
): Promise<T[]> {
  const items: T[] = [];
  let token: string | undefined;
  do {
    const page = await load(token);
    items.push(...page.items);
    token = page.next;
  } while (token);
  return items;
}

/** The whole pool, read with the admin API (60 users a call, Cognito's largest page). */
async function readPool(admin: UserPoolAdmin, poolId: string): Promise<PoolSnapshot> {
  const listUsers = allPages(async (PaginationToken) => {
    const answer = await admin<{ Users: PoolUser[]; PaginationToken?: string }>('ListUsers', {
      UserPoolId: poolId,
      Limit: 60,
      ...(PaginationToken ? { PaginationToken } : {}),
    });
    return { items: answer.Users, next: answer.PaginationToken };
  });
  const memberships = ROLE_GROUPS.map(async (GroupName) => {
    const members = await allPages(async (NextToken) => {
      const answer = await admin<{ Users: PoolUser[]; NextToken?: string }>('ListUsersInGroup', {
        UserPoolId: poolId,
        GroupName,
        Limit: 60,
        ...(NextToken ? { NextToken } : {}),
      });
      return { items: answer.Users.map((user) => user.Username), next: answer.NextToken };
    });
    return { GroupName, members };
  });
  const [users, groups] = await Promise.all([listUsers, Promise.all(memberships)]);
  const groupsOf = new Map<string, string[]>();
  for (const { GroupName, members } of groups) {
    for (const username of members) groupsOf.set(username, [...(groupsOf.get(username) ?? []), GroupName]);
  }
  const byAccount: Record<string, DirectoryUser[]> = {};
  for (const user of users) {
    const entry = directoryUser(user, groupsOf.get(user.Username) ?? []);
    if (!entry.accountId) continue;
    const inAccount = byAccount[entry.accountId];
    if (inAccount) inAccount.push(entry);
    else byAccount[entry.accountId] = [entry];
  }
  return { byAccount, readAt: Date.now() };
}

/** One user as the pool has it now; null when the pool has no such user. */
async function readUser(
  admin: UserPoolAdmin,
  poolId: string,
  username: string,
): Promise<DirectoryUser | null> {
  try {
    const [user, groups] = await Promise.all([
      admin<PoolUser>('AdminGetUser', { UserPoolId: poolId, Username: username }),
      admin<{ Groups: { GroupName: string }[] }>('AdminListGroupsForUser', {
        UserPoolId: poolId,
        Username: username,
        Limit: 60,
      }),
    ]);
    return directoryUser(
      user,
      groups.Groups.map((group) => group.GroupName),
    );
  } catch (error) {
    if ((error as { type?: string }).type === 'UserNotFoundException') return null;
    throw error;
  }
}

/** A user's state as the pool has it now, their groups kept (null when gone). */
async function readState(
  admin: UserPoolAdmin,
  poolId: string,
  user: DirectoryUser,
): Promise<DirectoryUser | null> {
  try {
    const read = await admin<PoolUser>('AdminGetUser', { UserPoolId: poolId, Username: user.username });
    return directoryUser(read, user.groups);
  } catch (error) {
    if ((error as { type?: string }).type === 'UserNotFoundException') return null;
    throw error;
  }
}

function withUser(snapshot: PoolSnapshot, username: string, user: DirectoryUser | null): PoolSnapshot {
  const byAccount: Record<string, DirectoryUser[]> = {};
  for (const [accountId, users] of Object.entries(snapshot.byAccount)) {
    const others = users.filter((candidate) => candidate.username !== username);
    if (others.length > 0) byAccount[accountId] = others;
  }
  if (user?.accountId) byAccount[user.accountId] = [...(byAccount[user.accountId] ?? []), user];
  return { byAccount, readAt: snapshot.readAt };
}

/** The user a snapshot holds under a username, or null. */
function userIn(snapshot: PoolSnapshot, username: string): DirectoryUser | null {
  for (const users of Object.values(snapshot.byAccount)) {
    const found = users.find((user) => user.username === username);
    if (found) return found;
  }
  return null;
}

/**
 * The directory over a cache of pool snapshots (kept by the cache for its own, longer TTL). A snapshot older
 * than `freshMs` is still answered while the pool is read again in the background, so only the first page
 * after a start waits for a read. Concurrent readers share one read; a user written while a read is under
 * way keeps the written state rather than what the read saw before the write.
 */
export function createUserDirectory(
  admin: UserPoolAdmin,
  cache: Cache<PoolSnapshot>,
  freshMs: number,
  onBackgroundError: (error: unknown) => void = () => {},
): UserDirectory {
  const reading = new Map<string, { read: Promise<PoolSnapshot>; written: Set<string> }>();
  const read = (poolId: string): Promise<PoolSnapshot> => {
    const pending = reading.get(poolId);
    if (pending) return pending.read;
    const written = new Set<string>();
    const started = readPool(admin, poolId)
      .then(async (fresh) => {
        let snapshot = fresh;
        const current = written.size > 0 ? await cache.get(poolId) : undefined;
        for (const username of written) {
          snapshot = withUser(snapshot, username, current ? userIn(current, username) : null);
        }
        await cache.set(poolId, snapshot);
        return snapshot;
      })
      .finally(() => reading.delete(poolId));
    reading.set(poolId, { read: started, written });
    return started;
  };
  const snapshot = async (poolId: string): Promise<PoolSnapshot> => {
    const cached = await cache.get(poolId);
    if (!cached) return read(poolId);
    if (Date.now() - cached.readAt > freshMs) read(poolId).catch(onBackgroundError);
    return cached;
  };
  /** Puts users as the pool now has them in place of the cached ones. */
  const patch = async (poolId: string, users: ReadonlyMap<string, DirectoryUser | null>) => {
    const pending = reading.get(poolId);
    for (const username of users.keys()) pending?.written.add(username);
    const cached = await cache.get(poolId);
    if (!cached) return undefined;
    let patched = cached;
    for (const [username, user] of users) patched = withUser(patched, username, user);
    await cache.set(poolId, patched);
    return patched;
  };
  return {
    accountUsers: async (poolId, accountId) => (await snapshot(poolId)).byAccount[accountId] ?? [],
    recheck: async (poolId, accountId, usernames) => {
      const users = (await snapshot(poolId)).byAccount[accountId] ?? [];
      const wanted = new Set(usernames);
      const fresh = new Map<string, DirectoryUser | null>();
      await Promise.all(
        users
          .filter((user) => wanted.has(user.username))
          .map(async (user) => {
            fresh.set(user.username, await readState(admin, poolId, user));
          }),
      );
      if (fresh.size === 0) return users;
      const patched = await patch(poolId, fresh);
      return (patched ?? (await snapshot(poolId))).byAccount[accountId] ?? [];
    },
    refresh: async (poolId, username) => {
      const user = await readUser(admin, poolId, username);
      await patch(poolId, new Map([[username, user]]));
      return user;
    },
  };
}
