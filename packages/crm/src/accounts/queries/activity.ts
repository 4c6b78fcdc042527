import { randomUUID } from 'node:crypto';
import type { CrmDb } from '../../db/open';
import { userActivityLog } from '../../db/schema';

export type ActivityEntry = Omit<typeof userActivityLog.$inferInsert, 'id' | 'createdAt'>;

export async function insertActivity(
  db: CrmDb,
  entry: ActivityEntry,
): Promise<{ id: string; createdAt: Date }> {
  const [row] = await db
    .insert(userActivityLog)
    .values({ id: randomUUID(), ...entry })
    .returning({ id: userActivityLog.id, createdAt: userActivityLog.createdAt });
  if (!row) throw new Error('activity not recorded');
  return row;
}
