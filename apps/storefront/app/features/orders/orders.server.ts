import type { OrderDetail, OrderList } from '@storefront/contracts/crm-orders';
import { accountScope, crmCall } from '../../lib/crm.server';
import type { StorefrontSession } from '../../lib/storefront.server';
import type { OrderQuery } from './query';

export function listOrders(session: StorefrontSession, query: OrderQuery): Promise<OrderList> {
  return crmCall(session, 'getOrders', { ...accountScope(session), ...query });
}

export function exportOrders(session: StorefrontSession, query: OrderQuery) {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  return crmCall(session, 'exportOrders', { ...accountScope(session), ...filters });
}

export function loadOrder(session: StorefrontSession, orderNumber: string): Promise<OrderDetail> {
  return crmCall(session, 'getOrder', { ...accountScope(session), orderNumber });
}

/** The buyer cancels the order; the gateway names the buyer (the contact) from the signed-in user. */
export function cancelOrder(
  session: StorefrontSession,
  orderNumber: string,
  reason: string | undefined,
): Promise<OrderDetail> {
  return crmCall(session, 'cancelOrder', { ...accountScope(session), orderNumber, reason });
}
