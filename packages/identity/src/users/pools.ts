import { eq } from 'drizzle-orm';
import type { IdentityDb } from '../db/database';
import { clients, userPools } from '../db/schema';
import { CognitoError } from '../protocol/errors';

export type Pool = typeof userPools.$inferSelect;
export type Client = typeof clients.$inferSelect;

export async function findClient(
  db: IdentityDb,
  clientId: string,
): Promise<{ pool: Pool; client: Client } | undefined> {
  const [row] = await db
    .select({ pool: userPools, client: clients })
    .from(clients)
    .innerJoin(userPools, eq(userPools.id, clients.poolId))
    .where(eq(clients.id, clientId));
  return row;
}

/** The pool a public operation addresses through its app client. */
export async function poolOfClient(
  db: IdentityDb,
  clientId: string,
): Promise<{ pool: Pool; client: Client }> {
  const found = await findClient(db, clientId);
  if (!found)
    throw new CognitoError('ResourceNotFoundException', `User pool client ${clientId} does not exist.`);
  return found;
}

export async function findPool(db: IdentityDb, poolId: string): Promise<Pool> {
  const [pool] = await db.select().from(userPools).where(eq(userPools.id, poolId));
  if (!pool) throw new CognitoError('ResourceNotFoundException', `User pool ${poolId} does not exist.`);
  return pool;
}
