import { COST_CENTRE_MESSAGES, costCentreRefusal } from '@storefront/contracts';
import { roundMoney } from '@storefront/contracts/money';
import type { QuoteRow } from '../cart';
import { CrmHttpError } from '../core/errors';
import type { CrmDb } from '../db/open';
import { findCostCentre, findCostCentreRequired, spendByCostCentre } from './queries/cost-centres';
import { costCentreState } from './rules/cost-centres';

/** What other capabilities use of cost centres: they import it from here, never from its files. */

/**
 * Place order's check of the quote's code, under the quote's lock: a code that expired, is not valid yet or was
 * deactivated since it was chosen is refused with why; none where the account requires one is refused too.
 */
export async function refuseUnchargeableCostCentre(db: CrmDb, quote: QuoteRow, today: string): Promise<void> {
  if (!quote.costCentreId) {
    if (await findCostCentreRequired(db, quote.accountId)) {
      throw new CrmHttpError(400, 'COST_CENTRE_REQUIRED', COST_CENTRE_MESSAGES.required, 'costCentreId');
    }
    return;
  }
  const code = await findCostCentre(db, quote.costCentreId);
  if (!code || code.accountId !== quote.accountId) {
    throw new Error(`quote ${quote.id} is charged to a code not of its account`);
  }
  const refusal = costCentreRefusal(code, costCentreState(code, today));
  if (refusal) throw new CrmHttpError(400, 'COST_CENTRE_NOT_CHARGEABLE', refusal, 'costCentreId');
}

/**
 * For approvals at Place order: the quote's code when its order would take the code's spend over its budget
 * (the account's placed, not cancelled, orders carrying it, this quote's own order left out); null when the
 * quote has no code, the code has no budget, or the order fits.
 */
export async function costCentreOverBudget(
  db: CrmDb,
  quote: QuoteRow,
): Promise<{
  code: string;
  name: string;
  budget: number;
  spent: number;
  orderTotal: number;
  currency: string;
} | null> {
  if (!quote.costCentreId) return null;
  const code = await findCostCentre(db, quote.costCentreId);
  if (!code || code.budget === null) return null;
  const spent = (await spendByCostCentre(db, quote.accountId, quote.id)).get(code.id) ?? 0;
  if (roundMoney(spent + quote.total) <= code.budget) return null;
  return {
    code: code.code,
    name: code.name,
    budget: code.budget,
    spent,
    orderTotal: quote.total,
    currency: quote.currency,
  };
}
