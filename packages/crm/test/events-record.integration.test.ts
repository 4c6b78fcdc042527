import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessEvents, webhookDeliveries, webhookEndpoints } from '../src/db/schema';
import { recordBusinessEvent } from '../src/events';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';

describe.each(await testEngines())('recording business events on $name', (engine) => {
  let crm: SeededCrm;
  beforeAll(async () => {
    crm = await openSeededCrm(engine);
  });
  afterAll(async () => crm?.close());

  it('numbers a subject’s events and queues one delivery per endpoint taking the type', async () => {
    const { db } = crm.database;
    const storefrontId = crm.ids.storefrontA;
    await db.insert(webhookEndpoints).values([
      { id: 'we_all', storefrontId, url: 'http://127.0.0.1:9/all', secret: 's' },
      {
        id: 'we_cases',
        storefrontId,
        url: 'http://127.0.0.1:9/cases',
        secret: 's',
        eventTypes: ['case.created'],
      },
    ]);
    const first = await db.transaction((tx) =>
      recordBusinessEvent(tx, { storefrontId, type: 'order.placed', subject: 'order:T-1', data: { n: 1 } }),
    );
    const second = await db.transaction((tx) =>
      recordBusinessEvent(tx, { storefrontId, type: 'order.cancelled', subject: 'order:T-1', data: {} }),
    );
    const rows = await db.select().from(businessEvents).where(eq(businessEvents.subject, 'order:T-1'));
    expect(rows.sort((a, b) => a.sequence - b.sequence).map((row) => [row.id, row.sequence])).toEqual([
      [first, 1],
      [second, 2],
    ]);
    const deliveries = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, first));
    expect(deliveries.map((row) => row.endpointId)).toEqual(['we_all']);
    await expect(
      recordBusinessEvent(db, { storefrontId, type: 'order.placed', subject: 'order:T-2', data: {} }),
    ).rejects.toThrow(/transaction/);
  });
});
