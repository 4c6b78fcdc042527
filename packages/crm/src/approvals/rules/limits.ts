import type { ApprovalReason } from '@storefront/contracts';
import { MANAGER_USER_TYPE } from '@storefront/contracts/constants';

/** The rules of spending limits (docs/decisions/0064-approvals-and-limits.md), free of the database. */

export interface Limit {
  orderLimit: number | null;
  monthlyLimit: number | null;
  /** Named approvers; empty: the account's managers. */
  approverIds: string[];
}

/** The first instant of the calendar month (UTC) of `today` (YYYY-MM-DD). */
export function monthStart(today: string): Date {
  return new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
}

/**
 * Why an order of `total` waits: over the order limit, or over what is left of the month's after `spent`.
 * An amount equal to a limit is within it.
 */
export function limitReasons(limit: Limit | null, spent: number, total: number): ApprovalReason[] {
  if (!limit) return [];
  const reasons: ApprovalReason[] = [];
  if (limit.orderLimit !== null && total > limit.orderLimit) {
    reasons.push({
      kind: 'orderLimit',
      limit: limit.orderLimit,
      spent: 0,
      orderTotal: total,
      costCentre: null,
    });
  }
  if (limit.monthlyLimit !== null && spent + total > limit.monthlyLimit) {
    reasons.push({
      kind: 'monthlyLimit',
      limit: limit.monthlyLimit,
      spent,
      orderTotal: total,
      costCentre: null,
    });
  }
  return reasons;
}

/** The user types that approve where a limit names no approvers. */
const MANAGING_TYPES: readonly string[] = [MANAGER_USER_TYPE, 'AWSAdmin'];
export const isManaging = (userType: string | undefined): boolean =>
  userType !== undefined && MANAGING_TYPES.includes(userType);

/** Whether the caller approves a request of these approvers: named, or a manager where none are named. */
export function approves(
  approverIds: readonly string[],
  caller: { contactId?: string; userType?: string },
): boolean {
  if (approverIds.length === 0) return isManaging(caller.userType);
  return caller.contactId !== undefined && approverIds.includes(caller.contactId);
}
