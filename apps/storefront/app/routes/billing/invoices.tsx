import {
  INVOICE_SORTS,
  INVOICE_STATUSES,
  type InvoiceListRow,
  type InvoiceSort,
} from '@storefront/contracts/crm-invoices';
import { Link, type MetaDescriptor } from 'react-router';
import { FilterField, ListFilters, ListPages, ListSummary } from '../../components/ListControls';
import { InvoiceOrder } from '../../features/invoices/InvoiceOrder';
import { InvoiceStatusBadge } from '../../features/invoices/InvoiceStatus';
import { listInvoices } from '../../features/invoices/invoices.server';
import { INVOICES_EXPORT_PATH, INVOICES_PATH, invoicePath } from '../../features/invoices/paths';
import {
  INVOICE_QUERY_NAMES,
  type InvoiceQuery,
  type InvoiceQueryName,
  readInvoiceQuery,
} from '../../features/invoices/query';
import { formatDay, formatMoney } from '../../lib/format';
import { listQueryString, type QueryProblems } from '../../lib/list-query';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/invoices';
import listStyles from './account-lists.css?url';
import styles from './invoices.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: listStyles },
  { rel: 'stylesheet', href: styles },
];
export const meta: Route.MetaFunction = (): MetaDescriptor[] => [{ title: 'Invoices' }];

const SORT_LABELS: Record<InvoiceSort, string> = {
  invoiceDate: 'Invoice date',
  dueDate: 'Due date',
  invoiceNumber: 'Invoice number',
  amount: 'Amount',
  balance: 'Balance',
};

/** The account's invoices (spec P§2 /billing/enhancedList), as the query string filters, sorts and pages them. */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  const { query, problems } = readInvoiceQuery(session.url.searchParams);
  return { query, problems, list: await listInvoices(session, query) };
}

export default function InvoicesPage({ loaderData }: Route.ComponentProps) {
  const { query, problems, list } = loaderData;
  const { page: _page, ...filters } = query;
  return (
    <section className="invoices" aria-labelledby="invoices-heading">
      <h1 id="invoices-heading">Invoices</h1>
      <InvoiceFilters query={query} problems={problems} />
      <ListSummary
        paging={list}
        noun="invoices"
        exportHref={`${INVOICES_EXPORT_PATH}?${listQueryString(INVOICE_QUERY_NAMES, filters)}`}
      />
      {list.invoices.length > 0 && <InvoiceTable invoices={list.invoices} />}
      <ListPages
        paging={list}
        label="Invoice pages"
        pageHref={(page) => `${INVOICES_PATH}?${listQueryString(INVOICE_QUERY_NAMES, query, { page })}`}
      />
    </section>
  );
}

function InvoiceFilters({
  query,
  problems,
}: {
  query: InvoiceQuery;
  problems: QueryProblems<InvoiceQueryName>;
}) {
  return (
    <ListFilters label="Filter invoices" clearTo={INVOICES_PATH}>
      <FilterField
        name="status"
        label="Status"
        problem={problems.status}
        control={(props) => (
          <select {...props} defaultValue={query.status ?? ''}>
            <option value="">All</option>
            {INVOICE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        )}
      />
      <FilterField
        name="from"
        label="Invoice date from"
        problem={problems.from}
        control={(props) => <input type="date" {...props} defaultValue={query.from ?? ''} />}
      />
      <FilterField
        name="to"
        label="Invoice date to"
        problem={problems.to}
        control={(props) => <input type="date" {...props} defaultValue={query.to ?? ''} />}
      />
      <FilterField
        name="sort"
        label="Sort by"
        problem={problems.sort}
        control={(props) => (
          <select {...props} defaultValue={query.sort}>
            {INVOICE_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        )}
      />
      <FilterField
        name="direction"
        label="Order"
        problem={problems.direction}
        control={(props) => (
          <select {...props} defaultValue={query.direction}>
            <option value="desc">Newest or largest first</option>
            <option value="asc">Oldest or smallest first</option>
          </select>
        )}
      />
    </ListFilters>
  );
}

function InvoiceTable({ invoices }: { invoices: InvoiceListRow[] }) {
  return (
    <table className="data-table">
      <caption className="visually-hidden">Invoices of the account</caption>
      <thead>
        <tr>
          <th scope="col">Invoice</th>
          <th scope="col">Order</th>
          <th scope="col">Cost centre</th>
          <th scope="col">Invoice date</th>
          <th scope="col">Due date</th>
          <th scope="col" className="data-table__amount">
            Amount
          </th>
          <th scope="col" className="data-table__amount">
            Balance
          </th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {invoices.map((invoice) => (
          <tr key={invoice.id}>
            <th scope="row" data-label="Invoice">
              <Link to={invoicePath(invoice.id)}>{invoice.invoiceNumber}</Link>
            </th>
            <td data-label="Order">
              <InvoiceOrder invoice={invoice} />
            </td>
            <td data-label="Cost centre">{invoice.costCentreCode ?? '—'}</td>
            <td data-label="Invoice date">{formatDay(invoice.invoiceDate)}</td>
            <td data-label="Due date">{formatDay(invoice.dueDate)}</td>
            <td data-label="Amount" className="data-table__amount">
              {formatMoney(invoice.amount, invoice.currency)}
            </td>
            <td data-label="Balance" className="data-table__amount">
              {formatMoney(invoice.balance, invoice.currency)}
            </td>
            <td data-label="Status">
              <InvoiceStatusBadge status={invoice.status} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
