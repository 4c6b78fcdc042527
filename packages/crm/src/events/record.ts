import { randomUUID } from 'node:crypto';
import type { BusinessEventType } from '@storefront/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { lockEventSubject } from '../db/locks';
import type { CrmDb } from '../db/open';
import { businessEvents, webhookDeliveries, webhookEndpoints } from './tables';

export interface BusinessEventInput {
  storefrontId: string;
  type: BusinessEventType;
  /** What the event is about, e.g. `order:SO-2026-000123`: its events are numbered and delivered in order. */
  subject: string;
  data: Record<string, unknown>;
}

/**
 * Records a business event in the caller's transaction, with one delivery to each of the storefront's endpoints
 * that takes its type: the event exists exactly when the change it tells of committed. The subject's next
 * sequence number is taken under a transaction lock on the subject (the last of the lock order,
 * docs/decisions/0052-lock-order.md), so two changes of one order number theirs one after the other.
 * Answers the event's id.
 */
export async function recordBusinessEvent(tx: CrmDb, event: BusinessEventInput): Promise<string> {
  const id = `evt_${randomUUID().replaceAll('-', '')}`;
  await lockEventSubject(tx, event.storefrontId, event.subject);
  const [last] = await tx
    .select({ sequence: sql<number>`coalesce(max(${businessEvents.sequence}), 0)::int` })
    .from(businessEvents)
    .where(
      and(eq(businessEvents.storefrontId, event.storefrontId), eq(businessEvents.subject, event.subject)),
    );
  await tx.insert(businessEvents).values({ id, ...event, sequence: (last?.sequence ?? 0) + 1 });
  await tx.execute(sql`
    insert into ${webhookDeliveries} (id, event_id, endpoint_id)
    select 'whd_' || replace(gen_random_uuid()::text, '-', ''), ${id}, ${webhookEndpoints.id}
    from ${webhookEndpoints}
    where ${webhookEndpoints.storefrontId} = ${event.storefrontId}
      and (cardinality(${webhookEndpoints.eventTypes}) = 0 or ${event.type} = any(${webhookEndpoints.eventTypes}))`);
  return id;
}
