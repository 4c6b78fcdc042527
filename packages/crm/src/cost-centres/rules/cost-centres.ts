import {
  COST_CENTRE_CODE_PATTERN,
  COST_CENTRE_MESSAGES,
  type CostCentre,
  type CostCentreField,
  type CostCentreState,
} from '@storefront/contracts';
import { roundMoney } from '@storefront/contracts/money';
import type { CostCentreValues, NamedCostCentre } from '../queries/cost-centres';

/** Whether the code can be charged on `today` (YYYY-MM-DD): active, and today within its dates (inclusive). */
export function costCentreState(
  row: Pick<NamedCostCentre, 'active' | 'validFrom' | 'validUntil'>,
  today: string,
): CostCentreState {
  if (!row.active) return 'inactive';
  if (row.validUntil !== null && row.validUntil < today) return 'expired';
  if (row.validFrom !== null && row.validFrom > today) return 'notYetValid';
  return 'usable';
}

/** The code as the lists show it, with what its account's orders spent of it. */
export function costCentreOf(row: NamedCostCentre, spent: number, today: string): CostCentre {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    ownerContactId: row.ownerContactId,
    ownerName: row.ownerName,
    budget: row.budget,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    active: row.active,
    state: costCentreState(row, today),
    spent,
    remaining: row.budget === null ? null : roundMoney(row.budget - spent),
  };
}

/** The rules a code's fields keep beside their bounds; the first broken one, or null. */
export function costCentreProblem(
  values: CostCentreValues,
): { field: CostCentreField; message: string } | null {
  if (!COST_CENTRE_CODE_PATTERN.test(values.code)) {
    return { field: 'code', message: COST_CENTRE_MESSAGES.codeFormat };
  }
  if (values.validFrom !== null && values.validUntil !== null && values.validUntil < values.validFrom) {
    return { field: 'validUntil', message: COST_CENTRE_MESSAGES.untilBeforeFrom };
  }
  return null;
}
