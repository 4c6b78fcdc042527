/** What other capabilities use of events: they import it from here, never from its files. */

export { createEventPublisher, EVENT_STREAM, type EventPublisher } from './broker';
export { createEventDelivery, DELIVERY_POLICY, type DeliveryPolicy } from './delivery';
export { EVENT_OPERATIONS } from './operations';
export { type BusinessEventInput, recordBusinessEvent } from './record';
