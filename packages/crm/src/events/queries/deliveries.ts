import type { BusinessEvent } from '@storefront/contracts';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { storefronts } from '../../core/tables';
import type { CrmDb } from '../../db/open';
import { envelope } from '../rules/envelope';
import { businessEvents, webhookDeliveries, webhookEndpoints } from '../tables';
import { executeRows } from './rows';

/** A claimed delivery: the event as the receiver gets it, where it goes, and which try this is. */
export interface ClaimedDelivery {
  id: string;
  attempt: number;
  url: string;
  secret: string;
  event: BusinessEvent;
}

/**
 * Claims up to `limit` deliveries that are due, each until `claimSeconds` from now, counting the try. A delivery
 * waits while an earlier event of its subject to the same endpoint is neither delivered nor dead, so one
 * subject's events reach an endpoint in order. Rows another run holds are skipped (SKIP LOCKED) and an unexpired
 * claim is never taken, so two runs, here or on another instance, never post one delivery at the same time; a
 * claim left by a process that died expires, and its delivery is tried again.
 */
export async function claimDueDeliveries(
  db: CrmDb,
  limit: number,
  claimSeconds: number,
): Promise<ClaimedDelivery[]> {
  const rows = await executeRows<{ id: string; attempts: number }>(
    db,
    sql`
    update webhook_deliveries d
    set claimed_until = now() + make_interval(secs => ${claimSeconds}), attempts = d.attempts + 1
    from (
      select due.id
      from webhook_deliveries due
      join business_events e on e.id = due.event_id
      where due.delivered_at is null and due.dead_at is null and due.next_attempt_at <= now()
        and (due.claimed_until is null or due.claimed_until < now())
        and not exists (
          select 1
          from webhook_deliveries earlier
          join business_events ee on ee.id = earlier.event_id
          where earlier.endpoint_id = due.endpoint_id
            and earlier.delivered_at is null and earlier.dead_at is null
            and ee.storefront_id = e.storefront_id and ee.subject = e.subject and ee.sequence < e.sequence
        )
      order by due.next_attempt_at
      limit ${limit}
      for update of due skip locked
    ) picked
    where d.id = picked.id and (d.claimed_until is null or d.claimed_until < now())
    returning d.id, d.attempts`,
  );
  if (rows.length === 0) return [];
  const attempts = new Map(rows.map((row) => [row.id, Number(row.attempts)]));
  const details = await db
    .select({
      id: webhookDeliveries.id,
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
      event: businessEvents,
      storefront: storefronts.domain,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(businessEvents, eq(businessEvents.id, webhookDeliveries.eventId))
    .innerJoin(storefronts, eq(storefronts.id, businessEvents.storefrontId))
    .where(sql`${webhookDeliveries.id} in ${[...attempts.keys()]}`);
  return details.map((row) => ({
    id: row.id,
    attempt: attempts.get(row.id) ?? 0,
    url: row.url,
    secret: row.secret,
    event: envelope(row.event, row.storefront),
  }));
}

/** The receiver took it: delivered, whoever's claim it was under. */
export async function markDelivered(db: CrmDb, deliveryId: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ deliveredAt: sql`now()`, claimedUntil: null, lastError: null })
    .where(and(eq(webhookDeliveries.id, deliveryId), isNull(webhookDeliveries.deliveredAt)));
}

/**
 * A try failed: the delivery waits `retryAfterSeconds`, or, when this was its last try, is dead. Only the try's
 * own claim is released (the attempt count names it): a slower run whose claim expired changes nothing.
 */
export async function markFailed(
  db: CrmDb,
  delivery: { id: string; attempt: number },
  problem: string,
  retry: { afterSeconds: number; dead: boolean },
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      claimedUntil: null,
      lastError: problem,
      nextAttemptAt: sql`now() + make_interval(secs => ${retry.afterSeconds})`,
      deadAt: retry.dead ? sql`now()` : null,
    })
    .where(
      and(
        eq(webhookDeliveries.id, delivery.id),
        eq(webhookDeliveries.attempts, delivery.attempt),
        isNull(webhookDeliveries.deliveredAt),
      ),
    );
}

/** A dead delivery of the storefront as the dead-letter list shows it. */
export interface DeadDelivery {
  deliveryId: string;
  endpointId: string;
  event: BusinessEvent;
  attempts: number;
  lastError: string | null;
  deadAt: string;
}

/**
 * The storefront's dead deliveries, newest first, `limit` after the delivery `after` names. The cursor's time is
 * read in SQL: a JavaScript Date keeps milliseconds, PostgreSQL microseconds, and a cursor rounded to the
 * millisecond would skip or repeat deliveries that died within one.
 */
export async function deadDeliveries(
  db: CrmDb,
  storefrontId: string,
  page: { limit: number; after?: { id: string } },
): Promise<DeadDelivery[]> {
  const rows = await db
    .select({ delivery: webhookDeliveries, event: businessEvents, storefront: storefronts.domain })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(businessEvents, eq(businessEvents.id, webhookDeliveries.eventId))
    .innerJoin(storefronts, eq(storefronts.id, businessEvents.storefrontId))
    .where(
      and(
        eq(webhookEndpoints.storefrontId, storefrontId),
        isNotNull(webhookDeliveries.deadAt),
        page.after
          ? sql`(${webhookDeliveries.deadAt}, ${webhookDeliveries.id}) < (select cursor.dead_at, cursor.id from ${webhookDeliveries} cursor where cursor.id = ${page.after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.deadAt), desc(webhookDeliveries.id))
    .limit(page.limit);
  return rows.map(({ delivery, event, storefront }) => ({
    deliveryId: delivery.id,
    endpointId: delivery.endpointId,
    event: envelope(event, storefront),
    attempts: delivery.attempts,
    lastError: delivery.lastError,
    deadAt: (delivery.deadAt as Date).toISOString(),
  }));
}

/** The storefront's dead delivery by id: where a page of dead deliveries goes on from. */
export async function findDeadDelivery(
  db: CrmDb,
  storefrontId: string,
  deliveryId: string,
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookEndpoints.storefrontId, storefrontId),
        isNotNull(webhookDeliveries.deadAt),
      ),
    );
  return row;
}

/**
 * Gives a dead delivery of the storefront its tries again, due now. Answers whether it was dead (false: it is
 * waiting or delivered already), or undefined when the storefront has no such delivery.
 */
export async function reviveDelivery(
  db: CrmDb,
  storefrontId: string,
  deliveryId: string,
): Promise<boolean | undefined> {
  const ofStorefront = sql`${webhookDeliveries.endpointId} in (select ${webhookEndpoints.id} from ${webhookEndpoints} where ${webhookEndpoints.storefrontId} = ${storefrontId})`;
  const revived = await db
    .update(webhookDeliveries)
    .set({ deadAt: null, attempts: 0, nextAttemptAt: sql`now()`, claimedUntil: null })
    .where(and(eq(webhookDeliveries.id, deliveryId), isNotNull(webhookDeliveries.deadAt), ofStorefront))
    .returning({ id: webhookDeliveries.id });
  if (revived.length > 0) return true;
  const [exists] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), ofStorefront));
  return exists ? false : undefined;
}
