import { randomBytes } from 'node:crypto';
import { createConnection } from 'node:net';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { BusinessEvent, BusinessEventType } from '@storefront/contracts';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessEvents } from '../src/db/schema';
import { createEventPublisher, type EventPublisher, recordBusinessEvent } from '../src/events';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';

const NATS_URL = process.env.TEST_NATS_URL || 'nats://127.0.0.1:4222';

/** Whether NATS answers at NATS_URL. */
async function natsAnswers(): Promise<boolean> {
  const { hostname, port } = new URL(NATS_URL);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 4222) });
    socket.setTimeout(2000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe.skipIf(!(await natsAnswers())).each(await testEngines())(
  'business events published to NATS JetStream on $name',
  (engine) => {
    const tag = randomBytes(4).toString('hex');
    const stream = { name: `STOREFRONT_EVENTS_TEST_${tag}`, subjectPrefix: `storefront_test_${tag}` };
    let crm: SeededCrm;
    let nc: NatsConnection;
    let publisher: EventPublisher;

    /** The stream's messages in the order JetStream stored them. */
    async function stored(): Promise<{ subject: string; msgId: string; event: BusinessEvent }[]> {
      const manager = await jetstreamManager(nc);
      const { state } = await manager.streams.info(stream.name);
      const messages = [];
      for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq++) {
        const message = await manager.streams.getMessage(stream.name, { seq });
        if (message)
          messages.push({
            subject: message.subject,
            msgId: message.header?.get('Nats-Msg-Id') ?? '',
            event: message.json<BusinessEvent>(),
          });
      }
      return messages;
    }
    const record = (subject: string, type: BusinessEventType) =>
      crm.database.db.transaction((tx) =>
        recordBusinessEvent(tx, { storefrontId: crm.ids.storefrontA, type, subject, data: { subject } }),
      );

    beforeAll(async () => {
      crm = await openSeededCrm(engine);
      nc = await connect({ servers: NATS_URL });
      publisher = createEventPublisher({
        db: crm.database.db,
        url: NATS_URL,
        logError: (error) => expect.fail(String(error)),
        stream,
      });
    });
    afterAll(async () => {
      await publisher?.close();
      await (await jetstreamManager(nc)).streams.delete(stream.name).catch(() => false);
      await nc?.close();
      await crm?.close();
    });

    it('publishes each event once, in order per subject, under storefront.<storefront>.<type>, its id the message id', async () => {
      // The other test's events are published too; this one reads its own subjects.
      const first = `order:BROKER-${tag}-${engine.name}-1`;
      const second = `order:BROKER-${tag}-${engine.name}-2`;
      const ids = [
        await record(first, 'order.placed'),
        await record(second, 'order.placed'),
        await record(first, 'order.confirmed'),
        await record(first, 'order.shipped'),
      ];
      await publisher.publish();
      const mine = (await stored()).filter((message) => [first, second].includes(message.event.subject));
      expect(mine.filter((m) => m.event.subject === first).map((m) => m.event.sequence)).toEqual([1, 2, 3]);
      expect(mine.map((m) => m.event.id).sort()).toEqual([...ids].sort());
      for (const message of mine) {
        expect(message.msgId).toBe(message.event.id);
        expect(message.subject).toBe(`${stream.subjectPrefix}.${crm.ids.storefrontA}.${message.event.type}`);
        expect(message.event.storefront).toBe('localhost');
      }
      const unpublished = await crm.database.db
        .select()
        .from(businessEvents)
        .where(isNull(businessEvents.publishedAt));
      expect(unpublished).toEqual([]);
    });

    it('stores an event published again (a process that died before marking it) once', async () => {
      const subject = `order:BROKER-${tag}-${engine.name}-again`;
      const id = await record(subject, 'order.placed');
      await publisher.publish();
      const before = (await stored()).length;
      await crm.database.db
        .update(businessEvents)
        .set({ publishedAt: null })
        .where(eq(businessEvents.id, id));
      await publisher.publish();
      expect((await stored()).length).toBe(before);
      const [row] = await crm.database.db.select().from(businessEvents).where(eq(businessEvents.id, id));
      expect(row?.publishedAt).toBeInstanceOf(Date);
    });
  },
);
