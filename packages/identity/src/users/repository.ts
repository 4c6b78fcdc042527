import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { IdentityContext } from '../context';
import type { IdentityDb } from '../db/database';
import { groups, userGroups, users } from '../db/schema';
import { CognitoError, MESSAGE } from '../protocol/errors';
import type { PasswordHasher } from '../security/password-hash';
import { createVerifier } from '../srp/verifier';

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** Usernames compare case-insensitively. */
export function usernameKey(username: string): string {
  return username.normalize('NFKC').toLowerCase();
}

export async function findUser(db: IdentityDb, poolId: string, username: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.poolId, poolId), eq(users.usernameKey, usernameKey(username))));
  return user;
}

/** For the admin and attribute operations, where Cognito does say the user does not exist. */
export async function requireUser(db: IdentityDb, poolId: string, username: string): Promise<User> {
  const user = await findUser(db, poolId, username);
  if (!user) throw new CognitoError('UserNotFoundException', MESSAGE.userNotFound);
  return user;
}

export async function findUserById(db: IdentityDb, id: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

export async function insertUser(
  db: IdentityDb,
  values: Omit<NewUser, 'id' | 'usernameKey'>,
  now: Date,
): Promise<User> {
  const [user] = await db
    .insert(users)
    .values({
      ...values,
      id: randomUUID(),
      usernameKey: usernameKey(values.username),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!user) throw new CognitoError('UsernameExistsException', 'User already exists');
  return user;
}

export async function updateUser(
  ctx: IdentityContext,
  id: string,
  patch: PgUpdateSetSource<typeof users>,
): Promise<User> {
  const [user] = await ctx.db
    .update(users)
    .set({ ...patch, updatedAt: ctx.now() })
    .where(eq(users.id, id))
    .returning();
  if (!user) throw new CognitoError('UserNotFoundException', MESSAGE.userNotFound);
  return user;
}

/** Merges attribute writes into the stored ones in one statement, so concurrent writes do not lose each other. */
export async function mergeAttributes(
  ctx: IdentityContext,
  id: string,
  writes: Record<string, string>,
  deletes: string[] = [],
): Promise<User> {
  let merged = sql`${users.attributes} || ${JSON.stringify(writes)}::jsonb`;
  for (const name of deletes) merged = sql`(${merged}) - ${name}::text`;
  return updateUser(ctx, id, { attributes: merged });
}

/**
 * The stored forms of a password: an argon2id hash and the SRP salt and verifier. The verifier is made with
 * the username key, which is what USER_ID_FOR_SRP tells every client, whatever spelling it signed in with.
 */
export async function passwordFields(
  passwords: PasswordHasher,
  user: { poolId: string; username: string },
  password: string,
): Promise<Pick<NewUser, 'passwordHash' | 'srpSalt' | 'srpVerifier' | 'passwordExpiresAt'>> {
  const { salt, verifier } = createVerifier(user.poolId, usernameKey(user.username), password);
  return {
    passwordHash: await passwords.hash(password),
    srpSalt: salt,
    srpVerifier: verifier,
    passwordExpiresAt: null,
  };
}

/** Group names by precedence (lowest first), then name: the first one names the user type. */
export async function groupNames(db: IdentityDb, userId: string): Promise<string[]> {
  const rows = await db
    .select({ name: groups.name })
    .from(userGroups)
    .innerJoin(groups, and(eq(groups.poolId, userGroups.poolId), eq(groups.name, userGroups.groupName)))
    .where(eq(userGroups.userId, userId))
    .orderBy(sql`${groups.precedence} asc nulls last`, asc(groups.name));
  return rows.map((row) => row.name);
}
