import type { OperationsRouteName } from '@storefront/contracts';
import { CATALOGUE_OPERATIONS, MERCHANDISING_OPERATIONS } from '../catalogue';
import type { OperationsHandlers } from '../core/operations-handler';
import { EVENT_OPERATIONS } from '../events';
import { ORDER_OPERATIONS } from '../orders';

/** Every operations route's handler, from the capability that owns it. */
export const OPERATIONS_HANDLERS: OperationsHandlers<OperationsRouteName> = {
  ...CATALOGUE_OPERATIONS,
  ...MERCHANDISING_OPERATIONS,
  ...ORDER_OPERATIONS,
  ...EVENT_OPERATIONS,
};
