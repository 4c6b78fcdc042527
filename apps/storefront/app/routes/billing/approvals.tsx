import type { MetaDescriptor } from 'react-router';
import { ApprovalCard, SpendingSummary } from '../../features/approvals/ApprovalParts';
import { loadApprovals, loadSpending } from '../../features/approvals/approvals.server';
import { orElse } from '../../lib/crm.server';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/approvals';
import listStyles from './account-lists.css?url';
import styles from './approvals.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: listStyles },
  { rel: 'stylesheet', href: styles },
];
export const meta: Route.MetaFunction = (): MetaDescriptor[] => [{ title: 'Approvals' }];

/** `?awaiting=1`: Place order sent the buyer here, their order waiting for approval. */
export const AWAITING_PARAM = 'awaiting';

/**
 * Approvals, /billing/approvals (docs/decisions/0064-approvals-and-limits.md): the orders of the account that
 * wait for the caller's approval (and those they decided), and the caller's own requests with their spend this
 * month against their limit. The CRM decides who sees and decides what.
 */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  const [list, spending] = await Promise.all([
    loadApprovals(session),
    orElse('Spending', null, () => loadSpending(session)),
  ]);
  return { list, spending, awaiting: session.url.searchParams.get(AWAITING_PARAM) === '1' };
}

export default function Approvals({ loaderData }: Route.ComponentProps) {
  const { list, spending, awaiting } = loaderData;
  const waiting = list.toApprove.filter((approval) => approval.status === 'Pending');
  const decided = list.toApprove.filter((approval) => approval.status !== 'Pending');
  return (
    <section className="approvals" aria-labelledby="approvals-heading">
      <h1 id="approvals-heading">Approvals</h1>
      {awaiting && (
        <p role="status" className="notice">
          Your order was not placed yet: it awaits approval. You will be notified when it is decided.
        </p>
      )}
      {list.approver && (
        <section aria-labelledby="to-approve-heading" className="approvals__group">
          <h2 id="to-approve-heading">To approve</h2>
          {waiting.length === 0 ? (
            <p>No orders wait for your approval.</p>
          ) : (
            waiting.map((approval) => <ApprovalCard key={approval.id} approval={approval} headingLevel={3} />)
          )}
          {decided.length > 0 && (
            <details className="approvals__decided">
              <summary>Decided ({decided.length})</summary>
              {decided.map((approval) => (
                <ApprovalCard key={approval.id} approval={approval} headingLevel={3} />
              ))}
            </details>
          )}
        </section>
      )}
      <section aria-labelledby="my-requests-heading" className="approvals__group">
        <h2 id="my-requests-heading">My requests</h2>
        <SpendingSummary spending={spending} />
        {list.mine.length === 0 ? (
          <p>None of your orders has needed approval.</p>
        ) : (
          list.mine.map((approval) => <ApprovalCard key={approval.id} approval={approval} headingLevel={3} />)
        )}
      </section>
    </section>
  );
}
