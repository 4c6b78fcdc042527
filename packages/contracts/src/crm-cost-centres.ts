import { z } from 'zod';
import { USER_TYPES } from './constants';
import { crmType } from './crm-base';
import { catalogueScope, id, quoteScope, text } from './crm-fields';
import { isoDate } from './crm-invoices';

/**
 * Cost centres and grant codes (issue 33; docs/decisions/0063-cost-centres.md): an account's manager keeps them
 * at /billing/costcentres, a buyer picks one per order in checkout, and the account's placed orders carrying a
 * code are its spend against the code's budget. The gateway binds the account and the caller's user type.
 */

export const COST_CENTRES_PATH = '/billing/costcentres';

export const COST_CENTRE_CODE_MAX = 40;
export const COST_CENTRE_NAME_MAX = 120;
/** The largest budget numeric(12,2) holds. */
export const COST_CENTRE_BUDGET_MAX = 9_999_999_999.99;
/** A code is written as institutions write them: letters, digits and . _ / - (no spaces). */
export const COST_CENTRE_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/** Whether a code can be charged today: active, and today within its validity. */
export const COST_CENTRE_STATES = ['usable', 'inactive', 'expired', 'notYetValid'] as const;
export type CostCentreState = (typeof COST_CENTRE_STATES)[number];

export const COST_CENTRE_STATE_LABELS: Record<CostCentreState, string> = {
  usable: 'Active',
  inactive: 'Inactive',
  expired: 'Expired',
  notYetValid: 'Not yet valid',
};

export const COST_CENTRE_MESSAGES = {
  codeTaken: 'This account already has a cost centre or grant code with this code.',
  codeFormat: 'Use letters, digits and . _ / - only, starting with a letter or digit.',
  untilBeforeFrom: 'The end of validity must not be before its start.',
  owner: 'Choose a contact of this account as the owner.',
  required: 'Choose a cost centre or grant code for this order.',
} as const;

/** A code's name as a buyer reads it in a message: its code and name. */
function named(code: { code: string; name: string }): string {
  return `${code.code} (${code.name})`;
}

/** Why a code cannot be charged, as the buyer reads it at choosing and at Place order; null: it can. */
export function costCentreRefusal(
  code: { code: string; name: string; validFrom: string | null; validUntil: string | null },
  state: CostCentreState,
): string | null {
  switch (state) {
    case 'usable':
      return null;
    case 'inactive':
      return `${named(code)} is no longer active. Choose another code.`;
    case 'expired':
      return `${named(code)} expired on ${code.validUntil}. Choose another code.`;
    case 'notYetValid':
      return `${named(code)} is valid from ${code.validFrom}. Choose another code.`;
  }
}

/** One cost centre or grant code as /billing/costcentres lists it. */
export const costCentreSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  ownerContactId: z.string().nullable(),
  ownerName: z.string().nullable(),
  /** In the account's currency; null: no budget (unlimited). */
  budget: z.number().nullable(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  active: z.boolean(),
  state: z.enum(COST_CENTRE_STATES),
  /** The account's placed, not cancelled, orders carrying the code. */
  spent: z.number(),
  /** Budget less spent (negative when overspent); null without a budget. */
  remaining: z.number().nullable(),
});
export type CostCentre = z.infer<typeof costCentreSchema>;

/** What an order or invoice shows of the code it carries. */
export const chosenCostCentreSchema = z.object({ id: z.string(), code: z.string(), name: z.string() });
export type ChosenCostCentre = z.infer<typeof chosenCostCentreSchema>;

const costCentreFields = {
  code: text()
    .trim()
    .min(1, 'Enter a code.')
    .max(COST_CENTRE_CODE_MAX, `A code has at most ${COST_CENTRE_CODE_MAX} characters.`),
  name: text()
    .trim()
    .min(1, 'Enter a name.')
    .max(COST_CENTRE_NAME_MAX, `A name has at most ${COST_CENTRE_NAME_MAX} characters.`),
  ownerContactId: id.nullable().default(null),
  budget: z
    .number()
    .min(0, 'A budget cannot be negative.')
    .max(COST_CENTRE_BUDGET_MAX, 'This budget is too large.')
    .nullable()
    .default(null),
  validFrom: isoDate.nullable().default(null),
  validUntil: isoDate.nullable().default(null),
  active: z.boolean().default(true),
};
export const costCentreFormSchema = z.object(costCentreFields);
export type CostCentreForm = z.output<typeof costCentreFormSchema>;
export const COST_CENTRE_FIELDS = Object.keys(costCentreFields) as (keyof typeof costCentreFields)[];
export type CostCentreField = (typeof COST_CENTRE_FIELDS)[number];

/** Bound by the gateway: the manager sees every code and may change them, a buyer reads the usable ones. */
const caller = { userType: z.enum(USER_TYPES).optional() };
const row = { group: 'billingportal', cacheable: false } as const;

export const COST_CENTRE_CRM_TYPES = {
  /** The account's codes with their spend; a buyer gets the usable ones only (canManage false). */
  getCostCentres: crmType({
    ...row,
    method: 'POST',
    payload: z.object({ ...catalogueScope, ...caller }),
    answer: z.object({
      canManage: z.boolean(),
      currency: z.string(),
      /** Whether checkout requires a code on every order of the account. */
      required: z.boolean(),
      costCentres: z.array(costCentreSchema),
      /** The account's contacts a code may name as owner (the manager's form only). */
      owners: z.array(z.object({ contactId: z.string(), name: z.string() })),
    }),
  }),
  /** Adds (no costCentreId) or changes one of the account's codes; a broken rule names its field. */
  saveCostCentre: crmType({
    ...row,
    method: 'POST',
    payload: z.object({ ...catalogueScope, costCentreId: id.optional(), ...costCentreFields }),
    answer: z.discriminatedUnion('saveStatus', [
      z.object({ saveStatus: z.literal('SUCCESS'), costCentre: costCentreSchema }),
      z.object({ saveStatus: z.literal('ERROR'), message: z.string(), field: z.enum(COST_CENTRE_FIELDS) }),
    ]),
  }),
  /** Deactivates (or activates again) one of the account's codes. */
  setCostCentreActive: crmType({
    ...row,
    method: 'POST',
    payload: z.object({ ...catalogueScope, costCentreId: id, active: z.boolean() }),
    answer: costCentreSchema,
  }),
  /** Whether checkout requires a code on every order of the account. */
  saveCostCentreSettings: crmType({
    ...row,
    method: 'POST',
    payload: z.object({ ...catalogueScope, required: z.boolean() }),
    answer: z.object({ required: z.boolean() }),
  }),
  /** Checkout's code step: the code the quote carries (with why it can no longer be charged) and the choices. */
  getQuoteCostCentre: crmType({
    ...row,
    method: 'POST',
    payload: z.object({ ...quoteScope, quoteId: id }),
    answer: z.object({
      required: z.boolean(),
      chosen: chosenCostCentreSchema.extend({ problem: z.string().nullable() }).nullable(),
      choices: z.array(costCentreSchema),
      currency: z.string(),
    }),
  }),
  /**
   * Charges the caller's own quote to one of the account's usable codes (null: none). An expired, inactive or
   * not yet valid code is refused (400) with why; another account's is 403.
   */
  setQuoteCostCentre: crmType({
    ...row,
    method: 'POST',
    payload: z.object({ ...quoteScope, quoteId: id, costCentreId: id.nullable() }),
    answer: z.object({ quoteId: z.string(), costCentre: chosenCostCentreSchema.nullable() }),
  }),
};
