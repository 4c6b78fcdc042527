import { data } from 'react-router';
import { ErrorPage } from '../components/ErrorPage';
import { ERROR_PAGES, isErrorStatus } from '../components/error-pages';
import type { Route } from './+types/error-page';

/** /401, /404, /500, /503, /509: each answers with its own HTTP status. */
export function loader({ url }: Route.LoaderArgs) {
  const status = Number(url.pathname.slice(1));
  const code = isErrorStatus(status) ? status : 404;
  return data({ status: code }, { status: code });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? ERROR_PAGES[loaderData.status].heading : 'Error' },
  { name: 'robots', content: 'noindex' },
];

export default function ErrorRoute({ loaderData }: Route.ComponentProps) {
  return <ErrorPage status={loaderData.status} />;
}
