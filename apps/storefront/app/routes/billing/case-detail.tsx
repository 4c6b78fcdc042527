import { Link } from 'react-router';
import { Attachments, Comments, Fact } from '../../features/requests/RecordParts';
import { ownRecord } from '../../features/requests/requests.server';
import { accountScope, crmCall } from '../../lib/crm.server';
import { formatMoment } from '../../lib/format';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/case-detail';
import styles from './requests.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.record.number}: ${loaderData.record.subject}` : 'Support case' },
];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  const record = await ownRecord(
    () => crmCall(session, 'getSupportCase', { ...accountScope(session), caseId: args.params.caseId }),
    'case',
  );
  return { record };
}

export default function CasePage({ loaderData }: Route.ComponentProps) {
  const { record } = loaderData;
  return (
    <article className="records" aria-labelledby="case-heading">
      <p>
        <Link to="/billing/cases">All support cases</Link>
      </p>
      <h1 id="case-heading">
        {record.number}: {record.subject}
      </h1>
      <dl className="record-facts">
        <Fact term="Status">
          <span className="record-status">{record.status}</span>
        </Fact>
        <Fact term="Priority">{record.priority}</Fact>
        <Fact term="Product">{record.product}</Fact>
        <Fact term="Opened">{formatMoment(record.createdAt)}</Fact>
        <Fact term="Description">{record.description}</Fact>
      </dl>
      <section className="record-section" aria-labelledby="case-comments-heading">
        <h2 id="case-comments-heading">Comments</h2>
        <Comments comments={record.comments} />
      </section>
      <section className="record-section" aria-labelledby="case-attachments-heading">
        <h2 id="case-attachments-heading">Attachments</h2>
        <Attachments attachments={record.attachments} />
      </section>
    </article>
  );
}
