import { useEffect } from 'react';
import { Link } from 'react-router';
import { clearStoredLogin } from '../lib/stored-login';
import { ERROR_PAGES, type ErrorStatus } from './error-pages';

interface ErrorPageProps {
  status: ErrorStatus;
  /** Replaces the heading, e.g. 'Page Not Found: /no-such-page' or 'Storefront Not Found'. */
  message?: string;
  /** Shown outside production only. */
  detail?: string;
}

/** The error pages (spec C§2): heading, subheading, explanation and RETURN TO HOMEPAGE, opened at the top. */
export function ErrorPage({ status, message, detail }: ErrorPageProps) {
  const content = ERROR_PAGES[status];
  useEffect(() => {
    window.scrollTo(0, 0);
    if (status === 401) clearStoredLogin(window);
  }, [status]);
  return (
    <main id="main" className="error-page">
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
    </main>
  );
}
