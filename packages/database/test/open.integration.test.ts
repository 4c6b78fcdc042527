import { fileURLToPath } from 'node:url';
import { count, eq } from 'drizzle-orm';
import { integer, pgSchema, pgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/open';
import { testEngines } from '../src/testing';

const WIDGETS = {
  folder: fileURLToPath(new URL('./fixtures/migrations', import.meta.url)),
  table: '__widget_migrations',
};
const schema = {
  widgets: pgTable('widgets', { id: integer().primaryKey() }),
  applied: pgSchema('drizzle').table('__widget_migrations', { id: integer().primaryKey() }),
};

describe.each(await testEngines())('the shared database on $name', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await engine.open();
  });
  afterAll(() => database.close());

  it('applies a service’s migrations once, in its own table, even when started twice at once', async () => {
    await Promise.all([database.migrate(WIDGETS), database.migrate(WIDGETS)]);
    await database.migrate(WIDGETS);
    const db = database.drizzle(schema);
    expect(await db.select({ n: count() }).from(schema.applied)).toEqual([{ n: 1 }]);
    await db.insert(schema.widgets).values({ id: 1 });
    expect(await db.select().from(schema.widgets)).toEqual([{ id: 1 }]);
  });

  it('lets one start-up at a time check what is missing and add it, so two starting together add it once', async () => {
    await database.migrate(WIDGETS);
    const db = database.drizzle(schema);
    const addWidgetTwoIfMissing = async () => {
      const [found] = await db.select({ n: count() }).from(schema.widgets).where(eq(schema.widgets.id, 2));
      // Another start-up would look in this gap, see nothing yet, and add the same row.
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (found?.n === 0) await db.insert(schema.widgets).values({ id: 2 });
    };
    await Promise.all([
      database.exclusively(addWidgetTwoIfMissing),
      database.exclusively(addWidgetTwoIfMissing),
    ]);
    expect(await db.select({ n: count() }).from(schema.widgets).where(eq(schema.widgets.id, 2))).toEqual([
      { n: 1 },
    ]);
  });
});
