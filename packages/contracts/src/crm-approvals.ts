import { z } from 'zod';
import { crmType } from './crm-base';
import { catalogueScope, id, text } from './crm-fields';

/**
 * Spending limits and order approvals (issue 33, docs/decisions/0064-approvals-and-limits.md). A manager sets,
 * per user and per role, a limit per order and per calendar month and who approves; an order over a limit (or
 * over its cost centre's budget) waits at Place order for an approver's decision. Every type acts for one
 * account of one storefront, and the caller's contact and user type are bound by the gateway from the principal.
 */

/** The approvals page, and one request on it: where the approvers' notification and mail lead. */
export const APPROVALS_PATH = '/billing/approvals';
export function approvalPath(approvalId: string): string {
  return `${APPROVALS_PATH}/${encodeURIComponent(approvalId)}`;
}

/** The card payment page refused to an order that first needs approval. */
export const APPROVAL_BEFORE_PAYMENT =
  'ERROR: This order is over your spending limit. Place it to ask for approval; you pay by card once it is approved.';

/** The roles a limit is set for: the spec's user types of an account. */
export const LIMIT_ROLES = ['AWSPortalUser', 'AWSManager'] as const;
export type LimitRole = (typeof LIMIT_ROLES)[number];

export const APPROVAL_STATUSES = ['Pending', 'Approved', 'Rejected', 'Placed'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** Why an order waits: over the order limit, over the month's remaining limit, over its cost centre's budget. */
export const APPROVAL_REASON_KINDS = ['orderLimit', 'monthlyLimit', 'budget'] as const;
export const approvalReasonSchema = z.object({
  kind: z.enum(APPROVAL_REASON_KINDS),
  /** The limit or budget that was exceeded. */
  limit: z.number(),
  /** Spent before this order: this month (monthly limit) or against the budget; 0 for the order limit. */
  spent: z.number(),
  orderTotal: z.number(),
  /** The cost centre of a budget reason ('CC-104 Flow core'); null otherwise. */
  costCentre: z.string().nullable(),
});
export type ApprovalReason = z.infer<typeof approvalReasonSchema>;

/** What a reason says to a person, with its figures ('Over the monthly limit: 4,200.00 spent of 5,000.00'). */
export function approvalReasonText(reason: ApprovalReason, money: (amount: number) => string): string {
  switch (reason.kind) {
    case 'orderLimit':
      return `Over the order limit of ${money(reason.limit)}: the order is ${money(reason.orderTotal)}`;
    case 'monthlyLimit':
      return `Over the monthly limit of ${money(reason.limit)}: ${money(reason.spent)} spent this month, the order is ${money(reason.orderTotal)}`;
    case 'budget':
      return `Over the budget of ${reason.costCentre ?? 'its cost centre'} (${money(reason.limit)}): ${money(reason.spent)} spent, the order is ${money(reason.orderTotal)}`;
  }
}

/** A limit as set: amounts in the account's currency, null for none; approvers empty for the account's managers. */
export const spendingLimitSchema = z.object({
  orderLimit: z.number().nullable(),
  monthlyLimit: z.number().nullable(),
  approverIds: z.array(z.string()),
});
export type SpendingLimit = z.infer<typeof spendingLimitSchema>;

export const spendingLimitsSchema = z.object({
  currency: z.string(),
  roles: z.array(spendingLimitSchema.extend({ role: z.enum(LIMIT_ROLES) })),
  users: z.array(spendingLimitSchema.extend({ contactId: z.string(), name: z.string() })),
  /** The account's contacts, as approvers are chosen from them. */
  contacts: z.array(z.object({ contactId: z.string(), name: z.string(), email: z.string() })),
  /** The manager asking: a limit of theirs is another manager's to set. */
  callerId: z.string().nullable(),
});
export type SpendingLimits = z.infer<typeof spendingLimitsSchema>;

/** A buyer's month so far against the limit that applies to them; null limits: none. */
export const spendingSchema = z.object({
  currency: z.string(),
  orderLimit: z.number().nullable(),
  monthlyLimit: z.number().nullable(),
  /** Placed, not cancelled orders of this calendar month plus those awaiting approval. */
  spent: z.number(),
  /** What is left of the monthly limit; null without one. */
  remaining: z.number().nullable(),
  /** Whom an order over a limit waits for, by name. */
  approvers: z.array(z.string()),
});
export type Spending = z.infer<typeof spendingSchema>;

export const approvalSchema = z.object({
  id: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  quoteId: z.string(),
  buyerName: z.string(),
  /** The caller is the buyer: they see it under their requests and cannot decide it. */
  own: z.boolean(),
  /** The caller may approve or reject it (an approver of it, not its buyer, while it waits). */
  decidable: z.boolean(),
  requestedAt: z.string(),
  currency: z.string(),
  total: z.number(),
  poNumber: z.string().nullable(),
  reasons: z.array(approvalReasonSchema),
  approvers: z.array(z.string()),
  lines: z.array(
    z.object({
      sku: z.string(),
      name: z.string(),
      qty: z.number(),
      unitPrice: z.number(),
      lineTotal: z.number(),
    }),
  ),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  comment: z.string().nullable(),
  /** The order it became. */
  orderNumber: z.string().nullable(),
  /**
   * Approved, but the buyer finishes it at checkout: its total changed since it was requested (they confirm
   * the new one) or its terms take a card payment (they pay first).
   */
  buyerToFinish: z.enum(['confirmTotal', 'pay']).nullable(),
});
export type Approval = z.infer<typeof approvalSchema>;

export const approvalListSchema = z.object({
  /** The caller approves for this account (named approver or a manager where managers approve). */
  approver: z.boolean(),
  /** Requests the caller may decide, or has seen decided, newest first. */
  toApprove: z.array(approvalSchema),
  /** The caller's own requests, newest first. */
  mine: z.array(approvalSchema),
});
export type ApprovalList = z.infer<typeof approvalListSchema>;

/** The signed-in caller: bound by the gateway from the principal, never named by the browser. */
const caller = { ...catalogueScope, contactId: id.optional(), userType: text().max(40).optional() };
const money = z.coerce
  .number({ message: 'must be an amount' })
  .min(0, 'must not be negative')
  .max(9_999_999_999, 'is too large');
const row = { group: 'billingportal', cacheable: false } as const;

export const APPROVAL_CRM_TYPES = {
  /** A manager reads the account's limits per role and per user. */
  getSpendingLimits: crmType({
    ...row,
    method: 'GET',
    payload: z.object(caller),
    answer: spendingLimitsSchema,
  }),
  /**
   * A manager sets one limit: of a user of the account (forContactId) or of a role (forRole); a limit that would
   * apply to the caller is another manager's to set. Answers the account's limits as they now are.
   */
  saveSpendingLimit: crmType({
    ...row,
    method: 'POST',
    payload: z
      .object({
        ...caller,
        forContactId: id.optional(),
        forRole: z.enum(LIMIT_ROLES).optional(),
        orderLimit: money.nullable(),
        monthlyLimit: money.nullable(),
        approverIds: z.array(id).max(20).default([]),
      })
      .refine((limit) => (limit.forContactId === undefined) !== (limit.forRole === undefined), {
        message: 'name either a user (forContactId) or a role (forRole)',
        path: ['forContactId'],
      }),
    answer: spendingLimitsSchema,
  }),
  /** The caller's spend this month against their limit. */
  getMySpending: crmType({ ...row, method: 'GET', payload: z.object(caller), answer: spendingSchema }),
  /** The requests the caller approves, and their own. */
  getApprovals: crmType({ ...row, method: 'GET', payload: z.object(caller), answer: approvalListSchema }),
  /** One request of the account, to its buyer or an approver (403 anyone else). */
  getApproval: crmType({
    ...row,
    method: 'GET',
    payload: z.object({ ...caller, approvalId: id }),
    answer: approvalSchema,
  }),
  /**
   * An approver approves (the order is placed as the buyer would have placed it) or rejects (the cart is the
   * buyer's again); a decided request answers 409.
   */
  decideApproval: crmType({
    ...row,
    method: 'POST',
    payload: z.object({
      ...caller,
      approvalId: id,
      decision: z.enum(['approve', 'reject']),
      comment: text().trim().max(1000).default(''),
    }),
    answer: approvalSchema,
  }),
};
