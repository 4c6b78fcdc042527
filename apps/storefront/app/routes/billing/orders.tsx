import { type OrderList, type OrderSummary, orderPagePath } from '@storefront/contracts/crm-orders';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '@storefront/contracts/order-life';
import { Link, type MetaDescriptor } from 'react-router';
import { FilterField, ListFilters, ListPages, ListSummary } from '../../components/ListControls';
import { OrderStatusBadge } from '../../features/orders/OrderStatus';
import { listOrders } from '../../features/orders/orders.server';
import { ORDERS_EXPORT_PATH, ORDERS_PATH } from '../../features/orders/paths';
import {
  ORDER_QUERY_NAMES,
  type OrderQuery,
  type OrderQueryName,
  readOrderQuery,
} from '../../features/orders/query';
import { formatDay, formatMoney } from '../../lib/format';
import { listQueryString, type QueryProblems } from '../../lib/list-query';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/orders';
import listStyles from './account-lists.css?url';
import styles from './orders.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: listStyles },
  { rel: 'stylesheet', href: styles },
];
export const meta: Route.MetaFunction = (): MetaDescriptor[] => [{ title: 'Orders' }];

/** The account's orders, newest first, as the query string filters and pages them (issue 32). */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  const { query, problems } = readOrderQuery(session.url.searchParams);
  return { query, problems, list: await listOrders(session, query) };
}

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const { query, problems, list } = loaderData;
  const { page: _page, ...filters } = query;
  return (
    <section className="orders" aria-labelledby="orders-heading">
      <h1 id="orders-heading">Orders</h1>
      <OrderFilters query={query} problems={problems} buyers={list.buyers} />
      <ListSummary
        paging={list}
        noun="orders"
        exportHref={`${ORDERS_EXPORT_PATH}?${listQueryString(ORDER_QUERY_NAMES, filters)}`}
      />
      {list.orders.length > 0 && <OrderTable orders={list.orders} />}
      <ListPages
        paging={list}
        label="Order pages"
        pageHref={(page) => `${ORDERS_PATH}?${listQueryString(ORDER_QUERY_NAMES, query, { page })}`}
      />
    </section>
  );
}

function OrderFilters({
  query,
  problems,
  buyers,
}: {
  query: OrderQuery;
  problems: QueryProblems<OrderQueryName>;
  buyers: OrderList['buyers'];
}) {
  return (
    <ListFilters label="Filter orders" clearTo={ORDERS_PATH}>
      <FilterField
        name="status"
        label="Status"
        problem={problems.status}
        control={(props) => (
          <select {...props} defaultValue={query.status ?? ''}>
            <option value="">All</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {ORDER_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        )}
      />
      <FilterField
        name="from"
        label="Placed from"
        problem={problems.from}
        control={(props) => <input type="date" {...props} defaultValue={query.from ?? ''} />}
      />
      <FilterField
        name="to"
        label="Placed to"
        problem={problems.to}
        control={(props) => <input type="date" {...props} defaultValue={query.to ?? ''} />}
      />
      <FilterField
        name="poNumber"
        label="PO number"
        problem={problems.poNumber}
        control={(props) => (
          <input type="search" {...props} defaultValue={query.poNumber ?? ''} maxLength={80} />
        )}
      />
      <FilterField
        name="buyerId"
        label="Buyer"
        problem={problems.buyerId}
        control={(props) => (
          <select {...props} defaultValue={query.buyerId ?? ''}>
            <option value="">Everyone</option>
            {buyers.map((buyer) => (
              <option key={buyer.contactId} value={buyer.contactId}>
                {buyer.name}
              </option>
            ))}
          </select>
        )}
      />
      <FilterField
        name="costCentre"
        label="Cost centre"
        problem={problems.costCentre}
        control={(props) => (
          <input type="search" {...props} defaultValue={query.costCentre ?? ''} maxLength={40} />
        )}
      />
    </ListFilters>
  );
}

function OrderTable({ orders }: { orders: OrderSummary[] }) {
  return (
    <table className="data-table">
      <caption className="visually-hidden">Orders of the account, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Order</th>
          <th scope="col">Placed</th>
          <th scope="col">PO number</th>
          <th scope="col">Buyer</th>
          <th scope="col">Status</th>
          <th scope="col" className="data-table__amount">
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.orderNumber}>
            <th scope="row" data-label="Order">
              <Link to={orderPagePath(order.orderNumber)}>{order.orderNumber}</Link>
            </th>
            <td data-label="Placed">{formatDay(order.placedAt)}</td>
            <td data-label="PO number" className="data-table__wide">
              {order.poNumber ?? '—'}
            </td>
            <td data-label="Buyer">{order.buyerName}</td>
            <td data-label="Status">
              <OrderStatusBadge status={order.status} />
            </td>
            <td data-label="Total" className="data-table__amount">
              {formatMoney(order.total, order.currency)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
