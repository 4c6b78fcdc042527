import { APPROVALS_PATH } from '@storefront/contracts/crm-approvals';
import { data, Link, type MetaDescriptor } from 'react-router';
import { ApprovalCard } from '../../features/approvals/ApprovalParts';
import {
  approvalRefusal,
  decideApproval,
  decisionForm,
  loadApproval,
} from '../../features/approvals/approvals.server';
import { ownRecord } from '../../features/requests/requests.server';
import { readForm } from '../../lib/form.server';
import type { GatewayCallError } from '../../lib/gateway';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/approval';
import listStyles from './account-lists.css?url';
import styles from './approvals.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: listStyles },
  { rel: 'stylesheet', href: styles },
];
export const meta: Route.MetaFunction = (): MetaDescriptor[] => [{ title: 'Approval request' }];

/**
 * One approval request, /billing/approvals/{id}: where the approvers' mail and notification lead (after
 * sign-in), and the buyer's. Another account's request is the Authorization Required page.
 */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  return {
    approval: await ownRecord(() => loadApproval(session, args.params.approvalId), 'approval request'),
  };
}

/** Approve or reject: the CRM decides once; a request decided meanwhile is said on the page. */
export async function action(args: Route.ActionArgs) {
  const session = await requireAccountSession(args);
  const form = await readForm(args.request);
  const parsed = decisionForm.safeParse({
    decision: form.get('decision'),
    comment: form.get('comment') ?? '',
  });
  if (!parsed.success) {
    return data({ decided: null, problem: parsed.error.issues[0]?.message ?? null }, { status: 400 });
  }
  try {
    const decided = await decideApproval(session, args.params.approvalId, parsed.data);
    return { decided: decided.status, problem: null };
  } catch (error) {
    const problem = approvalRefusal(error);
    return data({ decided: null, problem }, { status: (error as GatewayCallError).status });
  }
}

const DONE = {
  Placed: 'You approved the order; it is placed.',
  Approved: 'You approved the order; its buyer finishes it at checkout.',
  Rejected: 'You rejected the order; it is its buyer’s cart again.',
  Pending: null,
} as const;

export default function ApprovalPage({ loaderData, actionData }: Route.ComponentProps) {
  const { approval } = loaderData;
  const done = actionData?.decided ? DONE[actionData.decided] : null;
  return (
    <section className="approvals" aria-labelledby="approval-page-heading">
      <p>
        <Link to={APPROVALS_PATH}>All approvals</Link>
      </p>
      <h1 id="approval-page-heading">Approval request</h1>
      {done && (
        <p role="status" className="notice">
          {done}
        </p>
      )}
      {actionData?.problem && (
        <p role="alert" className="notice notice--error">
          {actionData.problem}
        </p>
      )}
      <ApprovalCard approval={approval} />
    </section>
  );
}
