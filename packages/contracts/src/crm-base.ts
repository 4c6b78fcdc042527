import { z } from 'zod';

/**
 * The CRM REST contract: `GET|POST /services/apexrest/<group>?type=<name>[&param=...]`, bearer token,
 * JSON in and out. GET types take their parameters from the query string, POST types from the JSON body.
 */
export const CRM_BASE_PATH = '/services/apexrest';

/** Path groups of spec P§7: ecommerce, guidance, billing portal, payment, elearning, cpq, ib manager, payment-method management. */
export const CRM_GROUPS = [
  'ecommerce',
  'guidance',
  'billingportal',
  'payment',
  'elearning',
  'cpq',
  'ibmanager',
  'paymentmethods',
] as const;
export type CrmGroup = (typeof CRM_GROUPS)[number];

export type CallType = 'GET' | 'POST';

/**
 * One CRM type of the contract: how it is called, whether the gateway may cache its answers, the schema its
 * payload is parsed with (GET types parse their query parameters with it) and the schema of its answer.
 */
export interface CrmTypeRow<P extends z.ZodType = z.ZodType, A extends z.ZodType = z.ZodType> {
  method: CallType;
  /** The group the storefront calls it under. */
  group: CrmGroup;
  /** Further groups that serve it the same (a type both P§7's group and C§7's '/ecommerce' paths name). */
  alsoUnder?: readonly CrmGroup[];
  cacheable: boolean;
  payload: P;
  answer: A;
}

/** A row of the contract table; `answer` is required, so a type without an answer schema does not compile. */
export function crmType<P extends z.ZodType, A extends z.ZodType>(row: CrmTypeRow<P, A>): CrmTypeRow<P, A> {
  return row;
}

/**
 * The answer of a type only the gateway and the CRM read (tenants, templates): checked by the type system on
 * both sides, not parsed again at run time.
 */
export function serverAnswer<T>(): z.ZodType<T> {
  return z.custom<T>();
}
