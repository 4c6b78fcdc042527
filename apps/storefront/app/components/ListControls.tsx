import { type ReactNode, useId } from 'react';
import { Form, Link } from 'react-router';
import { formatCount } from '../lib/format';

/**
 * The parts of the account area's lists (invoices, orders): filters, the count with the CSV download, and the
 * pages. Styled by routes/billing/account-lists.css.
 */

/** A list's filters: a labelled GET form, so the filters are the page's URL and work before the script loads. */
export function ListFilters({
  label,
  clearTo,
  children,
}: {
  label: string;
  clearTo: string;
  children: ReactNode;
}) {
  return (
    <Form method="get" className="list-filters" aria-label={label}>
      {children}
      <div className="list-filters__actions">
        <button type="submit" className="button">
          Apply filters
        </button>
        <Link to={clearTo}>Clear</Link>
      </div>
    </Form>
  );
}

/** What ties a filter's control to its label and to the problem shown beside it. */
export interface FilterControlProps {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** One filter: its label, its control (a select or an input given `props`) and, when refused, the problem. */
export function FilterField({
  name,
  label,
  problem,
  control,
}: {
  name: string;
  label: string;
  problem?: string | undefined;
  control: (props: FilterControlProps) => ReactNode;
}) {
  const id = useId();
  const problemId = `${id}-problem`;
  return (
    <div className="list-filters__field">
      <label htmlFor={id}>{label}</label>
      {control({
        id,
        name,
        'aria-invalid': problem ? true : undefined,
        'aria-describedby': problem ? problemId : undefined,
      })}
      {problem && (
        <span id={problemId} className="list-filters__problem">
          {problem}
        </span>
      )}
    </div>
  );
}

interface Paging {
  page: number;
  pageSize: number;
  totalSize: number;
}

/** Which rows the page shows ('Showing 21–40 of 57 orders'), or that none match, and the CSV of them all. */
export function ListSummary({
  paging: { page, pageSize, totalSize },
  noun,
  exportHref,
}: {
  paging: Paging;
  /** What the list holds, in the plural: 'invoices'. */
  noun: string;
  exportHref: string;
}) {
  const first = totalSize === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(totalSize, page * pageSize);
  return (
    <div className="list-summary">
      <p aria-live="polite">
        {totalSize === 0
          ? `No ${noun} match these filters.`
          : `Showing ${formatCount(first)}–${formatCount(last)} of ${formatCount(totalSize)} ${noun}`}
      </p>
      <a className="list-summary__export" href={exportHref} download>
        Download CSV
      </a>
    </div>
  );
}

/** Previous and Next with 'Page 2 of 5' between them; nothing when everything fits on one page. */
export function ListPages({
  paging: { page, pageSize, totalSize },
  label,
  pageHref,
}: {
  paging: Paging;
  label: string;
  pageHref: (page: number) => string;
}) {
  const pages = Math.max(1, Math.ceil(totalSize / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="list-pages" aria-label={label}>
      {page > 1 ? (
        <Link to={pageHref(page - 1)} rel="prev">
          Previous
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={pageHref(page + 1)} rel="next">
          Next
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  );
}
