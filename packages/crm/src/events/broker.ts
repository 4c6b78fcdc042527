import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection, nanos } from '@nats-io/transport-node';
import type { BusinessEvent } from '@storefront/contracts';
import type { CrmDb } from '../db/open';
import { publishDueEvents } from './queries/publishing';
import { coalesced } from './rules/coalesce';

/** The stream the storefront's events go to, and the subjects it holds: `storefront.<storefront id>.<type>`. */
export const EVENT_STREAM = { name: 'STOREFRONT_EVENTS', subjectPrefix: 'storefront' };
/** JetStream drops a message whose id (the event's) it stored within this window: a republished event is one. */
const DUPLICATE_WINDOW_MS = 60 * 60 * 1000;
/** A broker that has not acknowledged a publish within this is down for this round. */
const PUBLISH_TIMEOUT_MS = 2000;
const BATCH = 20;

export interface EventPublisher {
  /** Publishes what is unpublished; never throws: what fails waits for the next call. */
  publish(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Publishes each business event, besides its webhooks, to NATS JetStream (EVENTS_NATS_URL): at least once, in
 * order per subject, the event's id as the message id so JetStream drops a republished one. The stream is made
 * when missing. The connection is opened at the first publish and opened again after it failed.
 */
export function createEventPublisher(options: {
  db: CrmDb;
  url: string;
  logError: (error: unknown) => void;
  stream?: typeof EVENT_STREAM;
}): EventPublisher {
  const stream = options.stream ?? EVENT_STREAM;
  let connection: Promise<NatsConnection> | null = null;

  async function connected(): Promise<NatsConnection> {
    connection ??= (async () => {
      const nc = await connect({ servers: options.url, timeout: PUBLISH_TIMEOUT_MS });
      const manager = await jetstreamManager(nc);
      const exists = await manager.streams.info(stream.name).then(
        () => true,
        () => false,
      );
      if (!exists)
        await manager.streams.add({
          name: stream.name,
          subjects: [`${stream.subjectPrefix}.>`],
          duplicate_window: nanos(DUPLICATE_WINDOW_MS),
        });
      return nc;
    })();
    try {
      return await connection;
    } catch (error) {
      connection = null;
      throw error;
    }
  }

  const rounds = coalesced(async () => {
    const js = jetstream(await connected(), { timeout: PUBLISH_TIMEOUT_MS });
    const publish = async (event: BusinessEvent, storefrontId: string) => {
      await js.publish(`${stream.subjectPrefix}.${storefrontId}.${event.type}`, JSON.stringify(event), {
        msgID: event.id,
      });
    };
    while ((await publishDueEvents(options.db, BATCH, publish)) > 0);
  }, options.logError);

  return {
    publish: rounds.run,
    async close() {
      await rounds.idle();
      const open = connection;
      connection = null;
      if (open) await (await open.catch(() => null))?.close();
    },
  };
}
