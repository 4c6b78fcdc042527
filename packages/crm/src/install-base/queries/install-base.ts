import { asc, eq, sql } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import { installBase } from '../../db/schema';

export type InstallBaseRow = typeof installBase.$inferSelect;

/** The account's instruments: active ones first, then by model and serial. */
export function listInstallBase(db: CrmDb, accountId: string): Promise<InstallBaseRow[]> {
  return db
    .select()
    .from(installBase)
    .where(eq(installBase.accountId, accountId))
    .orderBy(
      sql`${installBase.status} = 'Active' desc`,
      asc(installBase.modelName),
      asc(installBase.serialNumber),
    );
}

export async function findInstalledInstrument(db: CrmDb, id: string): Promise<InstallBaseRow | undefined> {
  const [row] = await db.select().from(installBase).where(eq(installBase.id, id)).limit(1);
  return row;
}
