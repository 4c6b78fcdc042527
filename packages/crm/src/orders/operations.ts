import type { OperationsHandlers } from '../core/operations-handler';
import { OperationsRefusal } from '../core/operations-handler';

// Being built (issue 32): each route answers 501 until its handler lands.
const notBuilt = async (): Promise<never> => {
  throw new OperationsRefusal(501, 'NOT_BUILT', 'This operations endpoint is being built.');
};

export const ORDER_OPERATIONS: OperationsHandlers<
  'listOrders' | 'getOrder' | 'confirmOrder' | 'addShipment' | 'deliverOrder' | 'cancelOrder'
> = {
  listOrders: notBuilt,
  getOrder: notBuilt,
  confirmOrder: notBuilt,
  addShipment: notBuilt,
  deliverOrder: notBuilt,
  cancelOrder: notBuilt,
};
