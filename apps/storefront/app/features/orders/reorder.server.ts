import type { Reorder, ReorderChoice, ReorderResult } from '@storefront/contracts/crm-reorder';
import { accountScope, crmCall } from '../../lib/crm.server';
import type { StorefrontSession } from '../../lib/storefront.server';

/** The order's lines as a reorder takes them today, for the account acted for (another account's: 403). */
export function loadReorder(session: StorefrontSession, orderNumber: string): Promise<Reorder> {
  return crmCall(session, 'getReorder', { ...accountScope(session), orderNumber });
}

/** Puts the chosen lines in the signed-in buyer's active cart; the CRM prices them and says what stayed out. */
export function reorderLines(
  session: StorefrontSession,
  orderNumber: string,
  lines: readonly ReorderChoice[],
): Promise<ReorderResult> {
  return crmCall(session, 'reorderLines', { ...accountScope(session), orderNumber, lines: [...lines] });
}
