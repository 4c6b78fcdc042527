import type { Approval, ApprovalList, Spending, SpendingLimits } from '@storefront/contracts/crm-approvals';
import { LIMIT_ROLES } from '@storefront/contracts/crm-approvals';
import { problemOf } from '@storefront/contracts/crm-errors';
import { z } from 'zod';
import { accountScope, crmCall } from '../../lib/crm.server';
import { GatewayCallError } from '../../lib/gateway';
import type { StorefrontSession } from '../../lib/storefront.server';
import type { LimitActionResult } from './SpendingLimits';

/**
 * Spending limits and approvals (docs/decisions/0064-approvals-and-limits.md): the gateway binds the caller's
 * account, contact and user type; the CRM decides who may see, set and decide what.
 */

export function loadApprovals(session: StorefrontSession): Promise<ApprovalList> {
  return crmCall(session, 'getApprovals', accountScope(session));
}

export function loadApproval(session: StorefrontSession, approvalId: string): Promise<Approval> {
  return crmCall(session, 'getApproval', { ...accountScope(session), approvalId });
}

export function loadSpending(session: StorefrontSession): Promise<Spending> {
  return crmCall(session, 'getMySpending', accountScope(session));
}

export function loadLimits(session: StorefrontSession): Promise<SpendingLimits> {
  return crmCall(session, 'getSpendingLimits', accountScope(session));
}

/** An approver's decision as the page's form sends it. */
export const decisionForm = z.object({
  decision: z.enum(['approve', 'reject'], 'Choose Approve or Reject.'),
  comment: z.string().trim().max(1000, 'A comment may be at most 1,000 characters.'),
});

export function decideApproval(
  session: StorefrontSession,
  approvalId: string,
  decision: z.infer<typeof decisionForm>,
): Promise<Approval> {
  return crmCall(session, 'decideApproval', { ...accountScope(session), approvalId, ...decision });
}

/** An amount field: empty for no limit. */
const amount = z
  .string()
  .trim()
  .transform((value) => value.replaceAll(',', ''))
  .refine((value) => value === '' || (/^\d+(\.\d{1,2})?$/.test(value) && Number(value) <= 9_999_999_999), {
    message: 'Enter an amount like 5000 or 5000.00, or leave it empty for no limit.',
  })
  .transform((value) => (value === '' ? null : Number(value)));

/** A limit as the manage-users page's forms send it: of a user (forContactId) or of a role (forRole). */
export const limitForm = z
  .object({
    forContactId: z.string().trim().max(64).optional(),
    forRole: z.enum(LIMIT_ROLES).optional(),
    orderLimit: amount,
    monthlyLimit: amount,
    approverIds: z.array(z.string().trim().min(1).max(64)).max(20),
  })
  .refine((limit) => Boolean(limit.forContactId) !== Boolean(limit.forRole), {
    message: 'Choose the user whose limit this is.',
    path: ['forContactId'],
  });

export function saveLimit(
  session: StorefrontSession,
  limit: z.infer<typeof limitForm>,
): Promise<SpendingLimits> {
  const { forContactId, forRole, ...rest } = limit;
  return crmCall(session, 'saveSpendingLimit', {
    ...accountScope(session),
    ...(forContactId ? { forContactId } : {}),
    ...(forRole ? { forRole } : {}),
    ...rest,
  });
}

/** The manage-users page's limit forms: saved by the CRM, or the problem said beside the form. */
export async function limitAction(session: StorefrontSession, form: FormData): Promise<LimitActionResult> {
  const parsed = limitForm.safeParse({
    forContactId: form.get('forContactId') || undefined,
    forRole: form.get('forRole') || undefined,
    orderLimit: form.get('orderLimit') ?? '',
    monthlyLimit: form.get('monthlyLimit') ?? '',
    approverIds: form.getAll('approverIds').map(String),
  });
  if (!parsed.success) {
    return { intent: 'saveLimit', ok: false, message: parsed.error.issues[0]?.message ?? 'Check the limit.' };
  }
  try {
    const limits = await saveLimit(session, parsed.data);
    return { intent: 'saveLimit', ok: true, message: 'Limit saved.', limits };
  } catch (error) {
    return { intent: 'saveLimit', ok: false, message: approvalRefusal(error) };
  }
}

/**
 * What the CRM refused of a limit or a decision, as a person reads it beside the form: besides a wrong value or
 * a request decided meanwhile, a 403 says why here (their own limit, their own order); other failures throw on.
 */
export function approvalRefusal(error: unknown): string {
  if (error instanceof GatewayCallError && [400, 403, 404, 409].includes(error.status))
    return problemOf(error);
  throw error;
}
