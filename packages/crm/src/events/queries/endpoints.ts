import { randomBytes, randomUUID } from 'node:crypto';
import type { BusinessEventType } from '@storefront/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import { webhookEndpoints } from '../tables';

/** An endpoint as the operations API lists it: never its secret. */
export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string | null;
  eventTypes: BusinessEventType[];
  createdAt: string;
}

const listed = (row: typeof webhookEndpoints.$inferSelect): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  eventTypes: row.eventTypes as BusinessEventType[],
  createdAt: row.createdAt.toISOString(),
});

export async function listWebhookEndpoints(db: CrmDb, storefrontId: string): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.storefrontId, storefrontId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return rows.map(listed);
}

/** Adds an endpoint with a new signing secret (32 random bytes), answered this once. */
export async function addWebhookEndpoint(
  db: CrmDb,
  storefrontId: string,
  endpoint: { url: string; description?: string; eventTypes: BusinessEventType[] },
): Promise<WebhookEndpoint & { secret: string }> {
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      id: `whe_${randomUUID().replaceAll('-', '')}`,
      storefrontId,
      url: endpoint.url,
      secret,
      description: endpoint.description ?? null,
      eventTypes: [...new Set(endpoint.eventTypes)],
    })
    .returning();
  if (!row) throw new Error('the endpoint was not added');
  return { ...listed(row), secret };
}

/** Removes the storefront's endpoint with its deliveries, waiting and dead; answers whether it had one. */
export async function removeWebhookEndpoint(
  db: CrmDb,
  storefrontId: string,
  endpointId: string,
): Promise<boolean> {
  const removed = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.storefrontId, storefrontId)))
    .returning({ id: webhookEndpoints.id });
  return removed.length > 0;
}
