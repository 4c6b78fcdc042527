import type { OperationsHandlers } from '../core/operations-handler';
import { OperationsRefusal } from '../core/operations-handler';
import { deadDeliveries, findDeadDelivery, reviveDelivery } from './queries/deliveries';
import { addWebhookEndpoint, listWebhookEndpoints, removeWebhookEndpoint } from './queries/endpoints';

/** The operations API's webhook endpoints and dead-letter list (docs/decisions/0058-business-events.md). */
export const EVENT_OPERATIONS: OperationsHandlers<
  'listWebhooks' | 'addWebhook' | 'removeWebhook' | 'listDeadEvents' | 'replayDeadEvent'
> = {
  listWebhooks: async (context) => ({
    endpoints: await listWebhookEndpoints(context.db, context.storefrontId),
  }),

  addWebhook: (context, { body }) => addWebhookEndpoint(context.db, context.storefrontId, body),

  removeWebhook: async (context, { params }) => ({
    removed: await removeWebhookEndpoint(context.db, context.storefrontId, params.endpointId),
  }),

  listDeadEvents: async (context, { query }) => {
    const after = query.after
      ? await findDeadDelivery(context.db, context.storefrontId, query.after)
      : undefined;
    if (query.after && !after)
      throw new OperationsRefusal(
        400,
        'INVALID_REQUEST',
        'after: no dead delivery of this storefront has this id.',
        [{ row: null, column: 'after', message: 'no dead delivery of this storefront has this id' }],
      );
    // One more than asked tells whether another page follows.
    const dead = await deadDeliveries(context.db, context.storefrontId, { limit: query.limit + 1, after });
    const page = dead.slice(0, query.limit);
    return { dead: page, next: dead.length > query.limit ? (page.at(-1)?.deliveryId ?? null) : null };
  },

  replayDeadEvent: async (context, { params }) => {
    const replayed = await reviveDelivery(context.db, context.storefrontId, params.deliveryId);
    if (replayed === undefined)
      throw new OperationsRefusal(404, 'NOT_FOUND', `This storefront has no delivery ${params.deliveryId}.`);
    if (replayed) void context.events.deliver();
    return { replayed };
  },
};
