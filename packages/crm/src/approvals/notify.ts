import { type ApprovalReason, approvalPath, approvalReasonText, formatMoney } from '@storefront/contracts';
import { eq } from 'drizzle-orm';
import { storefronts } from '../core/tables';
import type { CrmDb } from '../db/open';
import { recordBusinessEvent } from '../events';
import { insertNotification } from '../notifications';
import { insertOutboxMail } from '../orders';
import { contactsById } from './queries/requests';
import type { ApprovalRequestRow } from './tables';

/**
 * Who hears of each step of an approval (docs/decisions/0064-approvals-and-limits.md): the approvers of a new
 * request, the buyer of a decision; each in the portal's notifications and by mail, and the supplier's systems
 * by a business event. The event's subject is the quote's, which sorts after its order's (the event lock order).
 */

const subjectOf = (request: ApprovalRequestRow) => `quote:${request.quoteId}`;

/** An absolute link on the storefront's domain: mail is read outside the site. */
async function siteLink(db: CrmDb, storefrontId: string, path: string): Promise<string> {
  const [row] = await db
    .select({ domain: storefronts.domain })
    .from(storefronts)
    .where(eq(storefronts.id, storefrontId));
  return `https://${row?.domain ?? 'localhost'}${path}`;
}

function eventData(request: ApprovalRequestRow, extra: Record<string, unknown>): Record<string, unknown> {
  return {
    approvalId: request.id,
    accountId: request.accountId,
    buyerContactId: request.buyerContactId,
    currency: request.currency,
    total: request.total,
    reasons: request.reasons,
    ...extra,
  };
}

const money = (request: ApprovalRequestRow) => (amount: number) => formatMoney(amount, request.currency);
const reasonLines = (request: ApprovalRequestRow, reasons: ApprovalReason[]) =>
  reasons.map((reason) => approvalReasonText(reason, money(request)));

/** A new request (or one asked again): to each approver, and the event approval.requested. */
export async function tellApprovers(
  db: CrmDb,
  request: ApprovalRequestRow,
  approverIds: readonly string[],
): Promise<void> {
  const people = await contactsById(db, [request.buyerContactId, ...approverIds]);
  const buyer = people.get(request.buyerContactId)?.name ?? 'A buyer';
  const total = formatMoney(request.total, request.currency);
  const path = approvalPath(request.id);
  if (approverIds.length > 0) {
    await insertNotification(db, {
      storefrontId: request.storefrontId,
      accountId: request.accountId,
      name: `Order of ${total} awaits your approval`,
      message: `${buyer}'s order of ${total} waits for your approval: ${reasonLines(request, request.reasons).join('; ')}.`,
      createdAt: new Date(),
      recipients: approverIds.map((contactId) => ({
        contactId,
        targetTemplatePage: path,
        recordNumber: null,
      })),
    });
  }
  const link = await siteLink(db, request.storefrontId, path);
  for (const approverId of approverIds) {
    const email = people.get(approverId)?.email;
    if (!email) continue;
    await insertOutboxMail(db, {
      kind: 'ApprovalRequested',
      quoteId: null,
      paymentId: null,
      recipient: email,
      subject: `Approval requested: ${buyer}'s order of ${total}`,
      body: [
        `${buyer} placed an order of ${total} that needs your approval.`,
        reasonLines(request, request.reasons).join('\n'),
        `Approve or reject it (sign in first): ${link}`,
      ].join('\n\n'),
      attachmentFileId: null,
    });
  }
  await recordBusinessEvent(db, {
    storefrontId: request.storefrontId,
    type: 'approval.requested',
    subject: subjectOf(request),
    data: eventData(request, { approverIds }),
  });
}

/** What the buyer reads of a decision. */
function decisionNotice(request: ApprovalRequestRow, decider: string) {
  const total = formatMoney(request.total, request.currency);
  const comment = request.comment ? `Comment: ${request.comment}` : null;
  switch (request.status) {
    case 'Rejected':
      return {
        title: `Order of ${total} rejected`,
        lines: [`${decider} rejected your order of ${total}; it is your cart again.`, comment],
      };
    case 'Placed':
      return {
        title: `Order ${request.orderNumber} approved and placed`,
        lines: [
          `${decider} approved your order of ${total}; it is placed as ${request.orderNumber}.`,
          comment,
        ],
      };
    default: {
      const finish =
        request.buyerToFinish === 'pay'
          ? 'Pay for it by card at checkout to place it.'
          : `Its total is now ${formatMoney(request.approvedTotal ?? request.total, request.currency)}: confirm it at checkout to place it.`;
      return {
        title: `Order of ${total} approved`,
        lines: [`${decider} approved your order of ${total}. ${finish}`, comment],
      };
    }
  }
}

/** A decision: to the buyer, with the approver's comment, and approval.approved or approval.rejected. */
export async function tellBuyer(db: CrmDb, request: ApprovalRequestRow): Promise<void> {
  const people = await contactsById(db, [request.buyerContactId, request.decidedBy ?? '']);
  const decider = people.get(request.decidedBy ?? '')?.name ?? 'An approver';
  const notice = decisionNotice(request, decider);
  // The request's page says what happened and leads on: to the cart, or to the order.
  const path = approvalPath(request.id);
  const lines = notice.lines.filter((line): line is string => line !== null);
  await insertNotification(db, {
    storefrontId: request.storefrontId,
    accountId: request.accountId,
    name: notice.title,
    message: lines.join(' '),
    createdAt: new Date(),
    recipients: [{ contactId: request.buyerContactId, targetTemplatePage: path, recordNumber: null }],
  });
  const email = people.get(request.buyerContactId)?.email;
  if (email) {
    await insertOutboxMail(db, {
      kind: 'ApprovalDecided',
      quoteId: null,
      paymentId: null,
      recipient: email,
      subject: notice.title,
      body: [...lines, await siteLink(db, request.storefrontId, path)].join('\n\n'),
      attachmentFileId: null,
    });
  }
  await recordBusinessEvent(db, {
    storefrontId: request.storefrontId,
    type: request.status === 'Rejected' ? 'approval.rejected' : 'approval.approved',
    subject: subjectOf(request),
    data: eventData(request, {
      status: request.status,
      decidedBy: request.decidedBy,
      decidedAt: request.decidedAt?.toISOString() ?? null,
      comment: request.comment,
      orderNumber: request.orderNumber,
    }),
  });
}
