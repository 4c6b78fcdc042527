import { Link, useSearchParams } from 'react-router';
import { Pagination } from '../product-list/Pagination';
import { searchHref } from '../product-list/query';
import type { BlockProps, RecordSort } from '../types';

const SORTS: { sort: RecordSort; label: string }[] = [
  { sort: 'desc', label: 'Newest first' },
  { sort: 'asc', label: 'Oldest first' },
];

/** The account's records as a table, newest or oldest first; a row's first cell opens the record. */
export function RecordList({ fields, data }: BlockProps<'recordList'>) {
  const [searchParams] = useSearchParams();
  const sortHref = (sort: RecordSort) => {
    const next = new URLSearchParams(searchParams);
    next.delete('page');
    if (sort === 'desc') next.delete('sort');
    else next.set('sort', sort);
    return searchHref(next);
  };
  const heading = fields.heading || 'Records';
  return (
    <section className="record-list">
      <h1>{heading}</h1>
      <nav aria-label="Sort by date created" className="record-list__sort">
        {SORTS.map(({ sort, label }) => (
          <Link
            key={sort}
            to={sortHref(sort)}
            className="record-list__sort-link"
            aria-current={data.sort === sort ? 'true' : undefined}
          >
            {label}
          </Link>
        ))}
      </nav>
      {data.rows.length === 0 ? (
        <p>There are no records yet.</p>
      ) : (
        // Wide tables scroll sideways on phones; the region takes focus so a keyboard can scroll it too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        <section className="record-list__scroll" aria-label={heading} tabIndex={0}>
          <table className="record-list__table">
            <thead>
              <tr>
                {fields.columns.map((column) => (
                  <th key={column.path} className="record-list__cell" scope="col">
                    {column.aliasName}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={row.id}>
                  {row.cells.map((cell, index) => {
                    const key = fields.columns[index]?.path ?? String(index);
                    if (index === 0 && row.href) {
                      return (
                        <th key={key} className="record-list__cell" scope="row">
                          <Link to={row.href}>{cell}</Link>
                        </th>
                      );
                    }
                    return index === 0 ? (
                      <th key={key} className="record-list__cell" scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={key} className="record-list__cell">
                        {cell}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <Pagination page={data.page} pageCount={data.pageCount} />
    </section>
  );
}
