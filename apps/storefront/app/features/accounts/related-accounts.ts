import type { AccountDetails } from '@storefront/contracts/crm-accounts';

/** What /billing/account's page and its server share (docs/decisions/0025-related-accounts.md). */

/** The labels of spec P§2 a row of the Related accounts list carries. */
export const ROW_LABELS = {
  current: 'CURRENT',
  currentMaster: 'CURRENT (Master Account)',
  master: 'Master Account',
} as const;

export interface RelatedAccountRow {
  id: string;
  name: string;
  /** Where the site ships to (city, state, country). */
  place: string;
  labels: string[];
  /** Select Account: every row but the current account's (P§6). */
  selectable: boolean;
}

export interface ShipToChoice {
  /** The related accounts that take orders shipped in the master's behalf. */
  options: { id: string; name: string }[];
  selectedId: string | null;
}

export interface AccountPage {
  account: AccountDetails;
  rows: RelatedAccountRow[];
  shipTo: ShipToChoice;
}

export const SELECT_ACCOUNT_INTENT = 'select-account';
export const SHIP_TO_INTENT = 'ship-to';

export type AccountChoiceResult =
  | { ok: true; intent: string }
  | { ok: false; message: string; status: number };
