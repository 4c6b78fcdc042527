import { problemOf } from '@storefront/contracts/crm-errors';
import { GatewayCallError } from './gateway';

/** Statuses by which the CRM refuses what was asked, saying why; the page shows why beside the form. */
const REFUSED: readonly number[] = [400, 404, 409];

/** The CRM's refusal as a person reads it (without the field it names); other failures are thrown on. */
export function refusalMessage(error: unknown): string {
  if (error instanceof GatewayCallError && REFUSED.includes(error.status)) return problemOf(error);
  throw error;
}
