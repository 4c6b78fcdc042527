import type { Database } from '@storefront/database';
import { testEngines } from '@storefront/database/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityDb, migrateIdentity } from '../src/db/database';
import { counterWindows } from '../src/db/schema';
import { databaseCounters } from '../src/security/counters';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(await testEngines())('database counters on $name', (engine) => {
  let database: Database;
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  beforeAll(async () => {
    database = await engine.open();
    await migrateIdentity(database);
  });
  afterAll(() => database.close());

  it('counts parallel increments of one key exactly', async () => {
    const counters = databaseCounters(identityDb(database), now);
    const answers = await Promise.all(Array.from({ length: 50 }, () => counters.increment('parallel', HOUR)));
    expect([...answers].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await counters.count('parallel')).toBe(50);
  });

  it('shares the counts between instances on one database', async () => {
    const db = identityDb(database);
    const [first, second] = [databaseCounters(db, now), databaseCounters(db, now)];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? first : second).increment('shared', HOUR)),
    );
    expect([...answers].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await first.count('shared')).toBe(20);
    expect(await second.count('shared')).toBe(20);
  });

  it('starts an ended window again at 1, and counts an unknown key as 0', async () => {
    const counters = databaseCounters(identityDb(database), now);
    expect(await counters.count('windowed')).toBe(0);
    expect(await counters.increment('windowed', HOUR)).toBe(1);
    expect(await counters.increment('windowed', HOUR)).toBe(2);
    offset += HOUR - 1000;
    expect(await counters.increment('windowed', HOUR)).toBe(3);
    offset += 1000;
    expect(await counters.count('windowed')).toBe(0);
    expect(await counters.increment('windowed', HOUR)).toBe(1);
    // The new window runs an hour from its first event, not from the old one's end.
    offset += HOUR - 1000;
    expect(await counters.increment('windowed', HOUR)).toBe(2);
  });

  it('prunes windows that ended a day ago', async () => {
    const db = identityDb(database);
    const counters = databaseCounters(db, now);
    await counters.increment('stale', HOUR);
    offset += HOUR + DAY + 1000;
    // A new instance prunes on its first increment; so does this one after its interval.
    await databaseCounters(db, now).increment('fresh', HOUR);
    expect(await db.select().from(counterWindows).where(eq(counterWindows.key, 'stale'))).toEqual([]);
    expect(await counters.count('fresh')).toBe(1);
  });
});
