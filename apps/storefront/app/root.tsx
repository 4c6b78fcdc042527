import type { ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { RouteErrorPage } from './components/ErrorPage';
import { errorMeta } from './components/route-errors';
import { ToastProvider } from './components/toast/Toasts';
import { BARE_PAGE_PATH } from './lib/paths';
import { requireDomain } from './lib/storefront.server';
import { themeStyle } from './lib/theme';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/**
 * The storefront of the host (an unknown host is the 404 'Storefront Not Found') and its theme: the domain
 * details carry the theme the gateway's `theme` field answers, so the root makes no gateway call. The bare
 * page (the benchmarks' reference) reads nothing at all.
 */
export async function loader(args: Route.LoaderArgs) {
  if (args.url.pathname === BARE_PAGE_PATH) return { themeStyle: undefined };
  const storefront = await requireDomain(args);
  return { themeStyle: themeStyle(storefront.theme) };
}

/** The title of an error the root boundary shows (routes below it have their own meta). */
export const meta: Route.MetaFunction = ({ error, location }) =>
  error ? errorMeta(error, location.pathname) : [];

/** The host's storefront and theme do not change while a visitor navigates. */
export function shouldRevalidate() {
  return false;
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/*
          With a precedence React puts the stylesheet, which blocks the first paint, at the top of the head: before
          the scripts' preloads, not behind them. Route and block stylesheets come after it in the cascade.
        */}
        <link rel="stylesheet" href={stylesheet} precedence="storefront" />
        <Meta />
        <Links />
      </head>
      <body style={root?.themeStyle}>
        <ToastProvider>{children}</ToastProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Errors of any route: the error pages, never a stack trace in production. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
