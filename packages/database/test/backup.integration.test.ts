import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDirHolder, openDatabase } from '../src/open';

const WIDGETS = {
  folder: fileURLToPath(new URL('./fixtures/migrations', import.meta.url)),
  table: '__widget_migrations',
};
const schema = { widgets: pgTable('widgets', { id: integer().primaryKey() }) };

describe('a backup of the embedded database', () => {
  let dirs: string;
  beforeAll(async () => {
    dirs = await mkdtemp(join(tmpdir(), 'database-backup-'));
  });
  afterAll(() => rm(dirs, { recursive: true, force: true }));

  it('waits for an open transaction, and opens in a new data dir with every committed row', async () => {
    const source = await openDatabase({ dataDir: join(dirs, 'source') });
    await source.migrate(WIDGETS);
    const db = source.drizzle(schema);
    await db.insert(schema.widgets).values({ id: 1 });
    let backup: Promise<Blob> | undefined;
    await db.transaction(async (tx) => {
      await tx.insert(schema.widgets).values({ id: 2 });
      // Asked for half-way through: it must neither hold row 2 without row 3 nor stop the transaction.
      backup = source.backup?.();
      await new Promise((resolve) => setTimeout(resolve, 100));
      await tx.insert(schema.widgets).values({ id: 3 });
    });
    const tarball = await backup;
    await source.close();
    if (!tarball) throw new Error('PGlite takes backups');

    const copy = await openDatabase({ dataDir: join(dirs, 'copy'), loadDataDir: tarball });
    expect(dataDirHolder(join(dirs, 'copy'))).toBe(process.pid);
    const rows = await copy.drizzle(schema).select().from(schema.widgets).orderBy(schema.widgets.id);
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3]);
    await copy.close();
    expect(dataDirHolder(join(dirs, 'copy'))).toBeNull();
  });
});
