import { invoicePaging, rangeInOrder } from '@storefront/contracts/crm-invoices';
import { orderFilters } from '@storefront/contracts/crm-orders';
import { z } from 'zod';
import { type QueryProblems, readListQuery } from '../../lib/list-query';

/** The list's query string: filters and page, as getOrders takes them. */
const listQuery = rangeInOrder(z.object({ ...orderFilters, ...invoicePaging }));
export type OrderQuery = z.output<typeof listQuery>;
export const ORDER_QUERY_NAMES = [
  'status',
  'from',
  'to',
  'poNumber',
  'buyerId',
  'costCentre',
  'page',
  'pageSize',
] as const;
export type OrderQueryName = (typeof ORDER_QUERY_NAMES)[number];

/** The query string read as getOrders' filters; a refused field is left out and named with its problem. */
export function readOrderQuery(params: URLSearchParams): {
  query: OrderQuery;
  problems: QueryProblems<OrderQueryName>;
} {
  return readListQuery(listQuery, ORDER_QUERY_NAMES, params);
}
