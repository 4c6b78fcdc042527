import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { clearStoredLogin } from '../lib/stored-login';
import { ERROR_PAGES, type ErrorPageStatus } from './error-pages';
import { describeError } from './route-errors';

interface ErrorPageProps {
  status: ErrorPageStatus;
  /** Replaces the heading, e.g. 'Page Not Found: /no-such-page' or 'Storefront Not Found'. */
  message?: string;
  /** Shown outside production only. */
  detail?: string;
  /** Shown inside a page that has its main landmark already (the account area's): not a second main. */
  inPage?: boolean;
}

/** The error pages (spec C§2): heading, subheading, explanation and RETURN TO HOMEPAGE, opened at the top. */
export function ErrorPage({ status, message, detail, inPage = false }: ErrorPageProps) {
  const content = ERROR_PAGES[status];
  useEffect(() => {
    window.scrollTo(0, 0);
    if (status === 401) clearStoredLogin(window);
  }, [status]);
  const Landmark = inPage ? 'div' : 'main';
  return (
    <Landmark id={inPage ? undefined : 'main'} className="error-page">
      <div className="error-page__content" style={{ maxWidth: content.maxWidth }}>
        <p className="error-page__code">Error {status}</p>
        <h1 className="error-page__heading">{message ?? content.heading}</h1>
        <p className="error-page__subheading">{content.subheading}</p>
        <p className="error-page__explanation">{content.explanation}</p>
        <Link to="/" className="button button--large">
          RETURN TO HOMEPAGE
        </Link>
        {detail && <pre className="error-page__detail">{detail}</pre>}
      </div>
    </Landmark>
  );
}

/** The error page of an error a route threw (a route's ErrorBoundary), never a stack trace in production. */
export function RouteErrorPage({ error, inPage }: { error: unknown; inPage?: boolean }) {
  const { pathname } = useLocation();
  const view = describeError(error, pathname, import.meta.env.DEV);
  return <ErrorPage status={view.status} message={view.message} detail={view.detail} inPage={inPage} />;
}
