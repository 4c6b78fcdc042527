import { Link, useSearchParams } from 'react-router';
import { pageHref, pageWindow } from './pagination';

/** Links to the pages of a product list (?page=N). */
export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const [searchParams] = useSearchParams();
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="pagination">
      <ul className="pagination__list">
        {page > 1 && (
          <li>
            <Link to={pageHref(searchParams, page - 1)} className="pagination__link" rel="prev">
              Previous
            </Link>
          </li>
        )}
        {pageWindow(page, pageCount).map((link, index) =>
          link === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place.
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={link}>
              <Link
                to={pageHref(searchParams, link)}
                className="pagination__link"
                aria-current={link === page ? 'page' : undefined}
                aria-label={`Page ${link}`}
              >
                {link}
              </Link>
            </li>
          ),
        )}
        {page < pageCount && (
          <li>
            <Link to={pageHref(searchParams, page + 1)} className="pagination__link" rel="next">
              Next
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
