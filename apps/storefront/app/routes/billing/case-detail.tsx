import { Attachments, Comments, Fact, RecordPage, RecordSection } from '../../features/requests/RecordParts';
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
    <RecordPage
      record={record}
      back={{ to: '/billing/cases', label: 'All support cases' }}
      facts={
        <>
          <Fact term="Product">{record.product}</Fact>
          <Fact term="Opened">{formatMoment(record.createdAt)}</Fact>
          <Fact term="Description" wide>
            {record.description}
          </Fact>
        </>
      }
    >
      <RecordSection id="comments-heading" title="Comments">
        <Comments comments={record.comments} />
      </RecordSection>
      <RecordSection id="attachments-heading" title="Attachments">
        <Attachments attachments={record.attachments} />
      </RecordSection>
    </RecordPage>
  );
}
