import type { BusinessEvent } from '@storefront/contracts';
import { eq, sql } from 'drizzle-orm';
import { storefronts } from '../../core/tables';
import type { CrmDb } from '../../db/open';
import { envelope } from '../rules/envelope';
import { businessEvents } from '../tables';
import { executeRows } from './rows';

/** One publisher at a time, on every instance: the key of its transaction lock. */
const PUBLISHER_LOCK = 'business events publisher';

/**
 * Publishes up to `limit` unpublished events, each the first unpublished one of its subject, and marks each
 * published as the broker acknowledges it. The transaction lock keeps publishers of other instances out, so a
 * subject's events reach the broker in order; a failed publish ends the round with the ones before it kept.
 * Answers how many were published (0 also when another publisher runs).
 */
export async function publishDueEvents(
  db: CrmDb,
  limit: number,
  publish: (event: BusinessEvent, storefrontId: string) => Promise<void>,
): Promise<number> {
  let failure: unknown;
  const published = await db.transaction(async (tx) => {
    const [lock] = await executeRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(hashtextextended(${PUBLISHER_LOCK}, 0)) as locked`,
    );
    if (!lock?.locked) return 0;
    const due = await tx
      .select({ event: businessEvents, storefront: storefronts.domain })
      .from(businessEvents)
      .innerJoin(storefronts, eq(storefronts.id, businessEvents.storefrontId))
      .where(
        sql`${businessEvents.publishedAt} is null and not exists (
          select 1 from ${businessEvents} earlier
          where earlier.storefront_id = ${businessEvents.storefrontId} and earlier.subject = ${businessEvents.subject}
            and earlier.published_at is null and earlier.sequence < ${businessEvents.sequence})`,
      )
      .orderBy(businessEvents.occurredAt, businessEvents.id)
      .limit(limit);
    let count = 0;
    for (const { event, storefront } of due) {
      try {
        await publish(envelope(event, storefront), event.storefrontId);
      } catch (error) {
        failure = error;
        break;
      }
      await tx.update(businessEvents).set({ publishedAt: sql`now()` }).where(eq(businessEvents.id, event.id));
      count += 1;
    }
    return count;
  });
  if (failure !== undefined) throw failure;
  return published;
}
