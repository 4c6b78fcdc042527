import {
  type Approval,
  type ApprovalStatus,
  approvalPath,
  approvalReasonText,
  type Spending,
} from '@storefront/contracts/crm-approvals';
import { orderPagePath } from '@storefront/contracts/crm-orders';
import { Form, Link } from 'react-router';
import { formatMoment, formatMoney } from '../../lib/format';
import { CART_PATH } from '../../lib/paths';

const STATUS_LABELS: Record<ApprovalStatus, string> = {
  Pending: 'Awaiting approval',
  Approved: 'Approved',
  Placed: 'Approved and placed',
  Rejected: 'Rejected',
};

export function ApprovalStatusBadge({ status }: { status: ApprovalStatus }) {
  return (
    <span className={`approval-status approval-status--${status.toLowerCase()}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}

/** Why the order waits, each reason with its figures. */
export function ApprovalReasons({ approval }: { approval: Approval }) {
  const money = (amount: number) => formatMoney(amount, approval.currency);
  return (
    <ul className="approval-reasons">
      {approval.reasons.map((reason) => (
        <li key={reason.kind}>{approvalReasonText(reason, money)}</li>
      ))}
    </ul>
  );
}

/** What the buyer does next, once decided. */
function NextStep({ approval }: { approval: Approval }) {
  if (approval.status === 'Placed' && approval.orderNumber) {
    return (
      <p>
        Placed as <Link to={orderPagePath(approval.orderNumber)}>order {approval.orderNumber}</Link>.
      </p>
    );
  }
  if (!approval.own) return null;
  if (approval.status === 'Rejected') {
    return (
      <p>
        The order is your cart again: <Link to={CART_PATH}>go to your cart</Link> to change it or order again.
      </p>
    );
  }
  if (approval.status === 'Approved') {
    const what =
      approval.buyerToFinish === 'pay'
        ? 'Pay for it by card at checkout to place it.'
        : 'Its total changed since you asked: check the new total at checkout and place the order to confirm it.';
    return (
      <p>
        {what} <Link to="/checkout">Go to checkout</Link>.
      </p>
    );
  }
  return null;
}

/** One request: who, what, why, its lines, and its decision (or the form to make one). */
export function ApprovalCard({ approval, headingLevel = 2 }: { approval: Approval; headingLevel?: 2 | 3 }) {
  const money = (amount: number) => formatMoney(amount, approval.currency);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="approval" aria-labelledby={`approval-${approval.id}`}>
      <header className="approval__head">
        <Heading id={`approval-${approval.id}`}>
          <Link to={approvalPath(approval.id)}>
            {approval.own ? 'Your order' : `${approval.buyerName}’s order`} of {money(approval.total)}
          </Link>
        </Heading>
        <ApprovalStatusBadge status={approval.status} />
      </header>
      <dl className="approval__facts">
        <div>
          <dt>Asked</dt>
          <dd>{formatMoment(approval.requestedAt)}</dd>
        </div>
        <div>
          <dt>Buyer</dt>
          <dd>{approval.buyerName}</dd>
        </div>
        <div>
          <dt>PO number</dt>
          <dd>{approval.poNumber ?? '—'}</dd>
        </div>
        <div>
          <dt>Approvers</dt>
          <dd>{approval.approvers.length > 0 ? approval.approvers.join(', ') : 'The account’s managers'}</dd>
        </div>
      </dl>
      <ApprovalReasons approval={approval} />
      <table className="approval__lines">
        <caption className="visually-hidden">Lines of the order</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col" className="approval__amount">
              Qty
            </th>
            <th scope="col" className="approval__amount">
              Unit price
            </th>
            <th scope="col" className="approval__amount">
              Line total
            </th>
          </tr>
        </thead>
        <tbody>
          {approval.lines.map((line) => (
            <tr key={line.sku}>
              <th scope="row" data-label="Product">
                {line.name} <span className="approval__sku">{line.sku}</span>
              </th>
              <td data-label="Qty" className="approval__amount">
                {line.qty}
              </td>
              <td data-label="Unit price" className="approval__amount">
                {money(line.unitPrice)}
              </td>
              <td data-label="Line total" className="approval__amount">
                {money(line.lineTotal)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              Total with shipping and tax
            </th>
            <td className="approval__amount">{money(approval.total)}</td>
          </tr>
        </tfoot>
      </table>
      {approval.decidedBy && (
        <p className="approval__decision">
          {approval.status === 'Rejected' ? 'Rejected' : 'Approved'} by {approval.decidedBy}
          {approval.decidedAt ? ` on ${formatMoment(approval.decidedAt)}` : ''}
          {approval.comment ? `: “${approval.comment}”` : '.'}
        </p>
      )}
      <NextStep approval={approval} />
      {approval.decidable && <DecisionForm approval={approval} />}
    </article>
  );
}

/** Approve or reject, with a comment the buyer reads. */
function DecisionForm({ approval }: { approval: Approval }) {
  const commentId = `comment-${approval.id}`;
  return (
    <Form method="post" action={approvalPath(approval.id)} className="approval__form">
      <label htmlFor={commentId}>Comment for {approval.buyerName} (optional)</label>
      <textarea id={commentId} name="comment" rows={2} maxLength={1000} />
      <div className="approval__actions">
        <button type="submit" name="decision" value="approve" className="button">
          Approve
        </button>
        <button type="submit" name="decision" value="reject" className="button button--secondary">
          Reject
        </button>
      </div>
    </Form>
  );
}

/** The buyer's month against their limit; nothing when no limit applies. */
export function SpendingSummary({ spending }: { spending: Spending | null }) {
  if (!spending || (spending.monthlyLimit === null && spending.orderLimit === null)) return null;
  const money = (amount: number) => formatMoney(amount, spending.currency);
  return (
    <section className="spending-summary" aria-label="Your spending limit">
      {spending.monthlyLimit !== null && (
        <p>
          This month you have spent <strong>{money(spending.spent)}</strong> of your{' '}
          <strong>{money(spending.monthlyLimit)}</strong> monthly limit ({money(spending.remaining ?? 0)}{' '}
          left).
        </p>
      )}
      {spending.orderLimit !== null && <p>Each order may be up to {money(spending.orderLimit)}.</p>}
      <p className="spending-summary__note">
        An order over your limit waits for approval by{' '}
        {spending.approvers.length > 0 ? spending.approvers.join(', ') : 'a manager of your account'} before
        it is placed or paid.
      </p>
    </section>
  );
}
