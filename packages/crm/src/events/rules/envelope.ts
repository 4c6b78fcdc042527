import type { BusinessEvent, BusinessEventType } from '@storefront/contracts';
import type { businessEvents } from '../tables';

/** An event as receivers get it (contracts' businessEventSchema): its storefront named by its host. */
export const envelope = (event: typeof businessEvents.$inferSelect, storefront: string): BusinessEvent => ({
  id: event.id,
  // Recorded only through recordBusinessEvent, which takes a BusinessEventType.
  type: event.type as BusinessEventType,
  occurredAt: event.occurredAt.toISOString(),
  storefront,
  subject: event.subject,
  sequence: event.sequence,
  data: event.data,
});
