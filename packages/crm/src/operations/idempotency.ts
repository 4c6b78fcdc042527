import { createHash } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { CrmDb } from '../db/open';
import { operationsIdempotency } from './tables';

/** How long a key's answer is kept: a retry after this acts again. */
const KEPT_FOR_MS = 24 * 60 * 60 * 1000;

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'answered'; status: number; answer: unknown }
  | { kind: 'in-progress' }
  | { kind: 'reused' };

/**
 * Claims an Idempotency-Key for one request: the first claim acts; a later one with the same route and body
 * gets the stored answer (or waits while the first is still acting); another body under the key is refused.
 */
export async function claimIdempotencyKey(
  db: CrmDb,
  storefrontId: string,
  key: string,
  route: string,
  body: Uint8Array,
  now: Date,
): Promise<Claim> {
  const requestSha256 = createHash('sha256').update(route).update('\n').update(body).digest('hex');
  await db
    .delete(operationsIdempotency)
    .where(lt(operationsIdempotency.createdAt, new Date(now.getTime() - KEPT_FOR_MS)));
  const [inserted] = await db
    .insert(operationsIdempotency)
    .values({ storefrontId, key, route, requestSha256, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: operationsIdempotency.key });
  if (inserted) return { kind: 'claimed' };
  const [row] = await db
    .select()
    .from(operationsIdempotency)
    .where(and(eq(operationsIdempotency.storefrontId, storefrontId), eq(operationsIdempotency.key, key)));
  if (!row) return { kind: 'in-progress' };
  if (row.requestSha256 !== requestSha256) return { kind: 'reused' };
  if (row.status === null) return { kind: 'in-progress' };
  return { kind: 'answered', status: row.status, answer: row.answer };
}

/** Keeps the answer under the key, for the retries that come. */
export async function recordIdempotentAnswer(
  db: CrmDb,
  storefrontId: string,
  key: string,
  status: number,
  answer: unknown,
): Promise<void> {
  await db
    .update(operationsIdempotency)
    .set({ status, answer })
    .where(and(eq(operationsIdempotency.storefrontId, storefrontId), eq(operationsIdempotency.key, key)));
}

/** Frees a key whose request failed unexpectedly, so a retry acts again. */
export async function releaseIdempotencyKey(db: CrmDb, storefrontId: string, key: string): Promise<void> {
  await db
    .delete(operationsIdempotency)
    .where(
      and(
        eq(operationsIdempotency.storefrontId, storefrontId),
        eq(operationsIdempotency.key, key),
        isNull(operationsIdempotency.status),
      ),
    );
}
