import type { Approval, ApprovalStatus } from '@storefront/contracts';
import { type CartOwner, findQuote, linesWithItems, type QuoteScope } from '../../cart';
import { placeApprovedOrder } from '../../checkout';
import { CrmHttpError, forbidden, notFound } from '../../core/errors';
import type { Handler, HandlerContext } from '../../core/handler';
import { lockOwnerAndQuote } from '../../db/locks';
import { approversOf } from '../hold';
import { tellBuyer } from '../notify';
import { accountLimits } from '../queries/limits';
import { accountRequests, contactsById, findRequest, updateRequest } from '../queries/requests';
import { returnToBuyer } from '../queries/waiting-quotes';
import { approves, isManaging } from '../rules/limits';
import type { ApprovalRequestRow } from '../tables';
import { callerScope } from './limits';

/** The most requests the approvals page lists (newest first). */
const LISTED = 100;

interface Caller {
  contactId?: string | undefined;
  userType?: string | undefined;
}

/** A request as the caller sees it, with names, lines, and whether the caller may decide it. */
async function approvalView(
  ctx: HandlerContext,
  request: ApprovalRequestRow,
  caller: Caller,
): Promise<Approval> {
  const approverIds = await approversOf(ctx.db, request.accountId, request.approverIds);
  const people = await contactsById(ctx.db, [
    request.buyerContactId,
    ...approverIds,
    request.decidedBy ?? '',
  ]);
  const lines = await linesWithItems(ctx.db, request.quoteId);
  const own = request.buyerContactId === caller.contactId;
  const quote = await findQuote(ctx.db, request.quoteId);
  return {
    id: request.id,
    status: request.status,
    quoteId: request.quoteId,
    buyerName: people.get(request.buyerContactId)?.name ?? 'A former user',
    own,
    decidable: !own && request.status === 'Pending' && approves(request.approverIds, caller),
    requestedAt: request.createdAt.toISOString(),
    currency: request.currency,
    total: request.total,
    poNumber: quote?.poNumber ?? null,
    reasons: request.reasons,
    approvers: approverIds.map((id) => people.get(id)?.name ?? id),
    lines: lines.map(({ line, item }) => ({
      sku: item.sku,
      name: item.name,
      qty: line.qty,
      unitPrice: line.unitPrice,
      lineTotal: line.lineTotal,
    })),
    decidedBy: request.decidedBy ? (people.get(request.decidedBy)?.name ?? null) : null,
    decidedAt: request.decidedAt?.toISOString() ?? null,
    comment: request.comment,
    orderNumber: request.orderNumber,
    buyerToFinish: request.status === 'Approved' ? request.buyerToFinish : null,
  };
}

/** The caller approves for the account: a manager, or an approver some limit names. */
async function approvesForAccount(ctx: HandlerContext, accountId: string, caller: Caller): Promise<boolean> {
  if (isManaging(caller.userType)) return true;
  const limits = await accountLimits(ctx.db, accountId);
  return (
    caller.contactId !== undefined &&
    limits.some((limit) => limit.approverIds.includes(caller.contactId ?? ''))
  );
}

/** The requests the caller approves (and has seen decided), and their own. */
export const getApprovals: Handler<'getApprovals'> = async (ctx, payload) => {
  const scope = await callerScope(ctx, payload);
  const requests = await accountRequests(ctx.db, scope.account.id, LISTED);
  const toApprove = requests.filter(
    (request) => request.buyerContactId !== payload.contactId && approves(request.approverIds, payload),
  );
  const mine = requests.filter((request) => request.buyerContactId === payload.contactId);
  return {
    approver: await approvesForAccount(ctx, scope.account.id, payload),
    toApprove: await Promise.all(toApprove.map((request) => approvalView(ctx, request, payload))),
    mine: await Promise.all(mine.map((request) => approvalView(ctx, request, payload))),
  };
};

/** The request of the caller's account that is theirs or theirs to decide: 404 none, 403 anyone else's. */
async function reachableRequest(
  ctx: HandlerContext,
  payload: Caller & { storefrontId: string; accountId: string; approvalId: string },
): Promise<ApprovalRequestRow> {
  await callerScope(ctx, payload);
  const request = await findRequest(ctx.db, payload.approvalId);
  if (!request) throw notFound('there is no approval request with this id.', 'approvalId');
  const ofAccount = request.accountId === payload.accountId && request.storefrontId === payload.storefrontId;
  const involved = request.buyerContactId === payload.contactId || approves(request.approverIds, payload);
  if (!ofAccount || !involved) throw forbidden();
  return request;
}

export const getApproval: Handler<'getApproval'> = async (ctx, payload) =>
  approvalView(ctx, await reachableRequest(ctx, payload), payload);

const DECIDED: Record<ApprovalStatus, string> = {
  Pending: 'waits',
  Approved: 'was already approved',
  Placed: 'was already approved',
  Rejected: 'was already rejected',
};

/**
 * An approver decides a waiting request, under the buyer's and the quote's locks (the ones Place order takes),
 * so two approvers at once make one decision: the second finds it decided (409). Approval places the order as
 * the buyer would have (or hands it back to them to confirm a new total or to pay); rejection makes the quote
 * the buyer's cart again. A buyer never decides their own request, manager or not.
 */
export const decideApproval: Handler<'decideApproval'> = async (ctx, payload) => {
  const before = await reachableRequest(ctx, payload);
  if (before.buyerContactId === payload.contactId) {
    throw new CrmHttpError(
      403,
      'FORBIDDEN',
      'You cannot approve or reject your own order; another approver decides it.',
    );
  }
  if (!approves(before.approverIds, payload)) throw forbidden();
  const scope = await callerScope(ctx, payload);
  const owner: CartOwner = {
    accountId: before.accountId,
    contactId: before.buyerContactId,
    guestSecretHash: null,
  };
  const buyerScope: QuoteScope = { ...scope, storefrontId: before.storefrontId, owner };
  const decided = await ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const quote = await lockOwnerAndQuote(db, owner, before.quoteId);
    const request = await findRequest(db, before.id);
    if (!quote || !request) throw notFound('the order of this request no longer exists.', 'approvalId');
    if (request.status !== 'Pending') {
      throw new CrmHttpError(409, 'APPROVAL_ALREADY_DECIDED', `This order ${DECIDED[request.status]}.`);
    }
    const decision = {
      decidedBy: payload.contactId ?? null,
      decidedAt: new Date(),
      comment: payload.comment || null,
    };
    let updated: ApprovalRequestRow;
    if (payload.decision === 'reject') {
      updated = await updateRequest(db, request.id, { ...decision, status: 'Rejected' });
      await returnToBuyer(db, owner, quote.id);
    } else {
      const approved = await placeApprovedOrder(tx, buyerScope, quote, request);
      if ('placed' in approved) {
        updated = await updateRequest(db, request.id, {
          ...decision,
          status: 'Placed',
          approvedTotal: request.total,
          orderNumber: approved.placed.orderNumber,
        });
      } else {
        updated = await updateRequest(db, request.id, {
          ...decision,
          status: 'Approved',
          approvedTotal: approved.total,
          buyerToFinish: approved.buyerToFinish,
        });
        await returnToBuyer(db, owner, quote.id);
      }
    }
    await tellBuyer(db, updated);
    return updated;
  });
  void ctx.mail.deliver();
  void ctx.refunds.settle();
  void ctx.events.deliver();
  return approvalView(ctx, decided, payload);
};
