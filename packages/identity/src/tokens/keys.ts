import { randomUUID } from 'node:crypto';
import type { Database } from '@storefront/database';
import { and, desc, eq, isNull, notInArray } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { type IdentityDb, identityDb } from '../db/database';
import { signingKeys } from '../db/schema';
import { findPool } from '../users/pools';

type KeyRow = typeof signingKeys.$inferSelect;

export interface SigningKeys {
  /** The newest key of an existing pool, created on first use. */
  signer(poolId: string): Promise<{ kid: string; key: CryptoKey | Uint8Array }>;
  /** The public keys of an existing pool that are not retired (its first one created on first use). */
  jwks(poolId: string): Promise<{ keys: JWK[] }>;
  /** The public key with this kid, if the pool still publishes it; never creates a key. */
  verifier(poolId: string, kid: string): Promise<CryptoKey | Uint8Array | undefined>;
}

/** Another process may rotate keys: what this one read is trusted for this long (a new kid reloads at once). */
const CACHE_MS = 60_000;

/**
 * A pool's keys, read through a short cache. A signing key older than maxAgeMs is rotated on its next use
 * (by configuration: the server's IDENTITY_KEY_ROTATION_DAYS). Keys are made only for a pool that exists, and
 * only to sign or publish: verifying a token never makes one, so a token naming an unknown pool costs a read.
 */
export function createSigningKeys(db: IdentityDb, now: () => Date, maxAgeMs: number): SigningKeys {
  const cache = new Map<string, { at: number; rows: Promise<KeyRow[]> }>();
  const rotations = new Map<string, Promise<unknown>>();

  /** One rotation per pool at a time in this process; callers wait for it, then read the new key. */
  const rotateOnce = async (poolId: string): Promise<KeyRow[]> => {
    let rotation = rotations.get(poolId);
    if (!rotation) {
      rotation = rotate(db, poolId).finally(() => rotations.delete(poolId));
      rotations.set(poolId, rotation);
    }
    await rotation;
    return load(poolId, true);
  };

  /** The active keys, newest first. Only pools that have keys stay cached, so unknown ids take no memory. */
  const load = async (poolId: string, fresh = false): Promise<KeyRow[]> => {
    const cached = cache.get(poolId);
    if (cached && !fresh && now().getTime() - cached.at < CACHE_MS) return cached.rows;
    const rows = activeKeys(db, poolId);
    cache.set(poolId, { at: now().getTime(), rows });
    const found = await rows.catch((error: unknown) => {
      cache.delete(poolId);
      throw error;
    });
    if (found.length === 0) cache.delete(poolId);
    return found;
  };

  /** The keys of a pool that signs or publishes; its first key is made on first use. */
  const inUse = async (poolId: string): Promise<KeyRow[]> => {
    const rows = await load(poolId);
    return rows.length > 0 ? rows : rotateOnce(poolId);
  };

  return {
    async signer(poolId) {
      let [newest] = await inUse(poolId);
      if (newest && now().getTime() - newest.createdAt.getTime() >= maxAgeMs)
        [newest] = await rotateOnce(poolId);
      if (!newest) throw new Error(`no signing key for ${poolId}`);
      return { kid: newest.kid, key: await importJWK(newest.privateJwk as JWK, 'RS256') };
    },
    async jwks(poolId) {
      return { keys: (await inUse(poolId)).map((row) => row.publicJwk as JWK) };
    },
    async verifier(poolId, kid) {
      let row = (await load(poolId)).find((candidate) => candidate.kid === kid);
      row ??= (await load(poolId, true)).find((candidate) => candidate.kid === kid);
      return row ? importJWK(row.publicJwk as JWK, 'RS256') : undefined;
    },
  };
}

function activeKeys(db: IdentityDb, poolId: string): Promise<KeyRow[]> {
  return db
    .select()
    .from(signingKeys)
    .where(and(eq(signingKeys.poolId, poolId), isNull(signingKeys.retiredAt)))
    .orderBy(desc(signingKeys.createdAt));
}

async function addKey(db: IdentityDb, poolId: string): Promise<KeyRow> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', {
    extractable: true,
    modulusLength: 2048,
  });
  const kid = randomUUID();
  const meta = { kid, alg: 'RS256', use: 'sig' };
  const [row] = await db
    .insert(signingKeys)
    .values({
      kid,
      poolId,
      privateJwk: { ...(await exportJWK(privateKey)), ...meta },
      publicJwk: { ...(await exportJWK(publicKey)), ...meta },
    })
    .returning();
  if (!row) throw new Error('signing key not stored');
  return row;
}

/**
 * Rotation: a new key signs from now on; the one it replaces stays published so tokens it signed keep
 * verifying until they expire, and any older key is retired. Returns the new kid.
 */
export function rotateSigningKey(database: Database, poolId: string): Promise<string> {
  return rotate(identityDb(database), poolId);
}

async function rotate(db: IdentityDb, poolId: string): Promise<string> {
  // Refused before the (costly) key generation, and before a row could name a pool that does not exist.
  await findPool(db, poolId);
  const [previous] = await activeKeys(db, poolId);
  const created = await addKey(db, poolId);
  const keep = previous ? [created.kid, previous.kid] : [created.kid];
  await db
    .update(signingKeys)
    .set({ retiredAt: new Date() })
    .where(
      and(eq(signingKeys.poolId, poolId), isNull(signingKeys.retiredAt), notInArray(signingKeys.kid, keep)),
    );
  return created.kid;
}
