import { pageNotFoundMessage } from '@storefront/contracts/page-not-found';
import { isRouteErrorResponse } from 'react-router';
import { ERROR_PAGES, type ErrorPageStatus, isErrorStatus } from './error-pages';

export interface ErrorView {
  status: ErrorPageStatus;
  message?: string;
  detail?: string;
}

/**
 * Which error page a thrown error shows: a 404 keeps its message ('Storefront Not Found', 'Page Not Found:
 * {path}'), and so does a 400 (a request that could not be read); a refusal (401/403) is Authorization
 * Required; anything else is a 500, with the stack only outside production.
 */
export function describeError(error: unknown, pathname: string, showDetail: boolean): ErrorView {
  if (isRouteErrorResponse(error)) {
    const message = messageOf(error.data);
    if (error.status === 404) return { status: 404, message: message ?? pageNotFoundMessage(pathname) };
    if (error.status === 403) return { status: 401 };
    if (error.status === 400) return { status: 400, message };
    return isErrorStatus(error.status) ? { status: error.status } : { status: 500 };
  }
  const detail = showDetail && error instanceof Error ? (error.stack ?? error.message) : undefined;
  return { status: 500, detail };
}

function messageOf(data: unknown): string | undefined {
  if (typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string') {
    return data.message;
  }
  return undefined;
}

/** The head of an error page: its message or heading as title, kept out of search engines. */
export function errorMeta(error: unknown, pathname: string): Record<string, string>[] {
  const view = describeError(error, pathname, false);
  return [
    { title: view.message ?? ERROR_PAGES[view.status].heading },
    { name: 'robots', content: 'noindex' },
  ];
}
