import { REQUEST_STATUSES, requestPath } from '@storefront/contracts/crm-service-requests';
import { Link } from 'react-router';
import { z } from 'zod';
import { StatusFilter } from '../../features/requests/RecordParts';
import { accountScope, crmCall } from '../../lib/crm.server';
import { formatMoment } from '../../lib/format';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/requests';
import styles from './requests.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];
export const meta: Route.MetaFunction = () => [{ title: 'Service requests' }];

/** The account's requests, newest first; ?status= narrows them (an unknown status lists all). */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  const status = z.enum(REQUEST_STATUSES).safeParse(session.url.searchParams.get('status')).data;
  const requests = await crmCall(session, 'listServiceRequests', { ...accountScope(session), status });
  return { requests, status: status ?? null };
}

export default function RequestsPage({ loaderData }: Route.ComponentProps) {
  const { requests, status } = loaderData;
  return (
    <section className="records" aria-labelledby="requests-heading">
      <h1 id="requests-heading">Service requests</h1>
      <div className="records__bar">
        <StatusFilter statuses={REQUEST_STATUSES} current={status} label="Status" />
        <Link to="/billing/requests/new" className="button">
          New request
        </Link>
      </div>
      {requests.length === 0 ? (
        <p>
          {status ? `You have no requests with the status ${status}.` : 'You have no service requests yet.'}
        </p>
      ) : (
        <ul className="record-list">
          {requests.map((request) => (
            <li key={request.id}>
              <Link to={requestPath(request.id)} className="record-list__title">
                {request.number}: {request.subject}
              </Link>
              <p className="record-meta">
                <span className="record-status">{request.status}</span>
                <span>{request.category}</span>
                <span>Priority {request.priority}</span>
                <span>Filed {formatMoment(request.createdAt)}</span>
                <span>by {request.createdBy}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
