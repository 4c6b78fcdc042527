import { CASE_STATUSES, casePath } from '@storefront/contracts/crm-service-requests';
import { Link } from 'react-router';
import { z } from 'zod';
import { StatusFilter } from '../../features/requests/RecordParts';
import { accountScope, crmCall } from '../../lib/crm.server';
import { formatMoment } from '../../lib/format';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/cases';
import styles from './requests.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];
export const meta: Route.MetaFunction = () => [{ title: 'Support cases' }];

/** The account's support cases, newest first (filing one is the support flow's, issue 14). */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  const status = z.enum(CASE_STATUSES).safeParse(session.url.searchParams.get('status')).data;
  const cases = await crmCall(session, 'listSupportCases', { ...accountScope(session), status });
  return { cases, status: status ?? null };
}

export default function CasesPage({ loaderData }: Route.ComponentProps) {
  const { cases, status } = loaderData;
  return (
    <section className="records" aria-labelledby="cases-heading">
      <h1 id="cases-heading">Support cases</h1>
      <div className="records__bar">
        <StatusFilter statuses={CASE_STATUSES} current={status} label="Status" />
      </div>
      {cases.length === 0 ? (
        <p>{status ? `You have no cases with the status ${status}.` : 'You have no support cases.'}</p>
      ) : (
        <ul className="record-list">
          {cases.map((record) => (
            <li key={record.id}>
              <Link to={casePath(record.id)} className="record-list__title">
                {record.number}: {record.subject}
              </Link>
              <p className="record-meta">
                <span className="record-status">{record.status}</span>
                <span>{record.product}</span>
                <span>Priority {record.priority}</span>
                <span>Opened {formatMoment(record.createdAt)}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
