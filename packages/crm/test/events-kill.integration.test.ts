import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CrmDatabase, openCrmDatabase } from '../src/db/open';
import { organisations, storefronts, themes, webhookDeliveries, webhookEndpoints } from '../src/db/schema';
import { createEventDelivery, recordBusinessEvent } from '../src/events';
import { testEngines } from '../src/testing';
import { startReceiver } from './events-receiver';

/** Two processes on one database: PostgreSQL only (an embedded PGlite data dir has one process). */
const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
const hasPostgres = (await testEngines()).some((engine) => engine.name === 'postgres');
const root = fileURLToPath(new URL('../../..', import.meta.url));

describe.skipIf(!hasPostgres)('a delivery whose process is killed (kill -9) mid-post, on postgres', () => {
  const name = `test_events_kill_${randomBytes(6).toString('hex')}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  let crm: CrmDatabase;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    await admin`create database ${admin(name)}`;
    crm = await openCrmDatabase({ databaseUrl: url.toString() });
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await crm?.close();
    await admin`drop database if exists ${admin(name)} with (force)`;
    await admin.end();
  });

  it('is posted again by the next worker once the dead process’s claim expires, with the same event id', async () => {
    const receiver = await startReceiver((_event, received) => (received.length === 0 ? 'hold' : 200));
    try {
      const storefrontId = 'a0Skill00000000AAA';
      await crm.db
        .insert(organisations)
        .values({ id: 'org-kill', name: 'Kill Test', salesforceOrgId: '00Dkill' });
      await crm.db.insert(themes).values({
        key: 'kill',
        values: {
          primaryColor: '#0b5fa5',
          accentColor: '#12a38a',
          textColor: '#1d2733',
          backgroundColor: '#ffffff',
          fontFamily: 'Arial, sans-serif',
          logoUrl: '/favicon.svg',
        },
      });
      await crm.db.insert(storefronts).values({
        id: storefrontId,
        organisationId: 'org-kill',
        name: 'Kill Test Supplies',
        domain: 'kill.test',
        resourcesDomain: 'kill.test',
        awsUserPoolId: 'us-east-1_kill',
        clientId: 'kill',
        clientName: 'kill-web',
        themeKey: 'kill',
      });
      await crm.db
        .insert(webhookEndpoints)
        .values({ id: 'whe_kill', storefrontId, url: receiver.url, secret: 's' });
      const eventId = await crm.db.transaction((tx) =>
        recordBusinessEvent(tx, {
          storefrontId,
          type: 'order.placed',
          subject: 'order:SO-KILL-1',
          data: { orderNumber: 'SO-KILL-1' },
        }),
      );

      child = spawn(
        process.execPath,
        ['--import', 'tsx', 'packages/crm/test/events-worker-child.ts', url.toString()],
        {
          cwd: root,
          stdio: ['ignore', 'inherit', 'inherit'],
        },
      );
      // The child has claimed the delivery and the receiver holds its post open: now it dies.
      await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(1);
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      const [, signal] = await exited;
      expect(signal).toBe('SIGKILL');

      const [claimed] = await crm.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.eventId, eventId));
      expect(claimed).toMatchObject({ attempts: 1, deliveredAt: null, deadAt: null });
      expect(claimed?.claimedUntil?.getTime()).toBeGreaterThan(Date.now());

      const next = createEventDelivery({ db: crm.db, logError: (error) => expect.fail(String(error)) });
      // While the dead process's claim holds, no one posts it a second time at once.
      await next.deliver();
      expect(receiver.received).toHaveLength(1);
      await expect
        .poll(
          async () => {
            await next.deliver();
            return receiver.taken().length;
          },
          { timeout: 15_000, interval: 500 },
        )
        .toBe(1);
      expect(receiver.received.map((r) => r.eventIdHeader)).toEqual([eventId, eventId]);
      expect(receiver.taken()[0]?.event.id).toBe(eventId);
      const [delivered] = await crm.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.eventId, eventId));
      expect(delivered).toMatchObject({ attempts: 2, claimedUntil: null });
      expect(delivered?.deliveredAt).toBeInstanceOf(Date);
    } finally {
      await receiver.close();
    }
  });
});
