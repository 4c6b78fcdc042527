import {
  INVOICE_SORTS,
  INVOICE_STATUSES,
  type InvoiceSort,
  type InvoiceSummary,
} from '@storefront/contracts/crm-invoices';
import { useId } from 'react';
import { Form, Link, type MetaDescriptor } from 'react-router';
import { InvoiceStatusBadge } from '../../features/invoices/InvoiceStatus';
import { listInvoices } from '../../features/invoices/invoices.server';
import { INVOICES_EXPORT_PATH, INVOICES_PATH, invoicePath } from '../../features/invoices/paths';
import { INVOICE_QUERY_NAMES, type InvoiceQuery, readInvoiceQuery } from '../../features/invoices/query';
import { formatCount, formatDay, formatMoney } from '../../lib/format';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/invoices';
import styles from './invoices.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];
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

/** The query string of the list with some fields changed (paging keeps the filters). */
function queryString(query: Partial<InvoiceQuery>, change: Partial<InvoiceQuery> = {}): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  for (const name of INVOICE_QUERY_NAMES) {
    const value = next[name];
    if (value !== undefined) params.set(name, String(value));
  }
  return params.toString();
}

export default function InvoicesPage({ loaderData }: Route.ComponentProps) {
  const { query, problems, list } = loaderData;
  const pages = Math.max(1, Math.ceil(list.totalSize / list.pageSize));
  const first = list.totalSize === 0 ? 0 : (list.page - 1) * list.pageSize + 1;
  const last = Math.min(list.totalSize, list.page * list.pageSize);
  const { page: _page, ...filters } = query;
  return (
    <section className="invoices" aria-labelledby="invoices-heading">
      <h1 id="invoices-heading">Invoices</h1>
      <InvoiceFilters query={query} problems={problems} />
      <div className="invoices__summary">
        <p aria-live="polite">
          {list.totalSize === 0
            ? 'No invoices match these filters.'
            : `Showing ${formatCount(first)}–${formatCount(last)} of ${formatCount(list.totalSize)} invoices`}
        </p>
        <a className="invoices__export" href={`${INVOICES_EXPORT_PATH}?${queryString(filters)}`} download>
          Download CSV
        </a>
      </div>
      {list.invoices.length > 0 && <InvoiceTable invoices={list.invoices} />}
      {pages > 1 && (
        <nav className="invoices__pages" aria-label="Invoice pages">
          {list.page > 1 ? (
            <Link to={`${INVOICES_PATH}?${queryString(query, { page: list.page - 1 })}`} rel="prev">
              Previous
            </Link>
          ) : (
            <span aria-hidden="true" />
          )}
          <span>
            Page {list.page} of {pages}
          </span>
          {list.page < pages ? (
            <Link to={`${INVOICES_PATH}?${queryString(query, { page: list.page + 1 })}`} rel="next">
              Next
            </Link>
          ) : (
            <span aria-hidden="true" />
          )}
        </nav>
      )}
    </section>
  );
}

function InvoiceFilters({
  query,
  problems,
}: {
  query: InvoiceQuery;
  problems: Partial<Record<string, string>>;
}) {
  const id = useId();
  const field = (name: string) => ({
    id: `${id}-${name}`,
    name,
    'aria-invalid': problems[name] ? true : undefined,
    'aria-describedby': problems[name] ? `${id}-${name}-problem` : undefined,
  });
  const problem = (name: string) =>
    problems[name] ? (
      <span id={`${id}-${name}-problem`} className="invoices__problem">
        {problems[name]}
      </span>
    ) : null;
  return (
    <Form method="get" className="invoices__filters" aria-label="Filter invoices">
      <div className="invoices__field">
        <label htmlFor={`${id}-status`}>Status</label>
        <select {...field('status')} defaultValue={query.status ?? ''}>
          <option value="">All</option>
          {INVOICE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
        {problem('status')}
      </div>
      <div className="invoices__field">
        <label htmlFor={`${id}-from`}>Invoice date from</label>
        <input type="date" {...field('from')} defaultValue={query.from ?? ''} />
        {problem('from')}
      </div>
      <div className="invoices__field">
        <label htmlFor={`${id}-to`}>Invoice date to</label>
        <input type="date" {...field('to')} defaultValue={query.to ?? ''} />
        {problem('to')}
      </div>
      <div className="invoices__field">
        <label htmlFor={`${id}-sort`}>Sort by</label>
        <select {...field('sort')} defaultValue={query.sort}>
          {INVOICE_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
      <div className="invoices__field">
        <label htmlFor={`${id}-direction`}>Order</label>
        <select {...field('direction')} defaultValue={query.direction}>
          <option value="desc">Newest or largest first</option>
          <option value="asc">Oldest or smallest first</option>
        </select>
      </div>
      <div className="invoices__actions">
        <button type="submit" className="button">
          Apply filters
        </button>
        <Link to={INVOICES_PATH}>Clear</Link>
      </div>
    </Form>
  );
}

function InvoiceTable({ invoices }: { invoices: InvoiceSummary[] }) {
  return (
    <table className="invoices__table">
      <caption className="visually-hidden">Invoices of the account</caption>
      <thead>
        <tr>
          <th scope="col">Invoice</th>
          <th scope="col">Order</th>
          <th scope="col">Invoice date</th>
          <th scope="col">Due date</th>
          <th scope="col" className="invoices__amount">
            Amount
          </th>
          <th scope="col" className="invoices__amount">
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
            <td data-label="Order">{invoice.orderNumber ?? '—'}</td>
            <td data-label="Invoice date">{formatDay(invoice.invoiceDate)}</td>
            <td data-label="Due date">{formatDay(invoice.dueDate)}</td>
            <td data-label="Amount" className="invoices__amount">
              {formatMoney(invoice.amount, invoice.currency)}
            </td>
            <td data-label="Balance" className="invoices__amount">
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
