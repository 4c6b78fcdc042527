import type { z } from 'zod';
import { ACCOUNT_CRM_TYPES } from './crm-accounts';
import { ADDRESS_BOOK_CRM_TYPES } from './crm-address-book';
import { ADDRESS_CRM_TYPES } from './crm-addresses';
import { APPROVAL_CRM_TYPES } from './crm-approvals';
import { CRM_BASE_PATH } from './crm-base';
import { CART_RECORD_TYPES } from './crm-cart-records';
import { CATALOGUE_CRM_TYPES } from './crm-catalogue';
import { CHECKOUT_CRM_TYPES } from './crm-checkout';
import { CONFIGURATOR_CRM_TYPES } from './crm-configurator';
import { COST_CENTRE_CRM_TYPES } from './crm-cost-centres';
import { CPQ_CRM_TYPES } from './crm-cpq';
import { CUSTOM_FIELD_CRM_TYPES } from './crm-custom-fields';
import { ELEARNING_CRM_TYPES } from './crm-elearning';
import { GUEST_BUYER_CRM_TYPES } from './crm-guest-buyers';
import { INSTALL_BASE_CRM_TYPES } from './crm-install-base';
import { INVOICE_PAYMENT_CRM_TYPES } from './crm-invoice-payments';
import { INVOICE_CRM_TYPES } from './crm-invoices';
import { KNOWLEDGE_CRM_TYPES } from './crm-knowledge';
import { NOTIFICATION_CRM_TYPES } from './crm-notifications';
import { ORDER_CRM_TYPES } from './crm-orders';
import { PAYMENT_METHOD_CRM_TYPES } from './crm-payment-methods';
import { PAYMENT_CRM_TYPES } from './crm-payments';
import { PURCHASE_ORDER_CRM_TYPES } from './crm-purchase-orders';
import { QUICK_ORDER_CRM_TYPES } from './crm-quick-order';
import { QUOTE_CRM_TYPES } from './crm-quotes';
import { REORDER_CRM_TYPES } from './crm-reorder';
import { REQUISITION_LIST_CRM_TYPES } from './crm-requisition-lists';
import { SALES_QUOTE_CRM_TYPES } from './crm-sales-quotes';
import { SEARCH_CRM_TYPES } from './crm-search';
import { SERVICE_REQUEST_CRM_TYPES } from './crm-service-requests';
import { SHIPPING_CRM_TYPES } from './crm-shipping';
import { TAX_CRM_TYPES } from './crm-tax';
import { USER_CRM_TYPES } from './crm-users';

/**
 * The contract table: one row per CRM type (method, group, cacheability, payload schema, answer schema),
 * each area's rows in a file of its own. The CRM's handlers, the gateway's access policy and the web's
 * calls are all keyed by this table's keys, so a new row is a compile error until each of them has it.
 */
export const CRM_TYPES = {
  ...CATALOGUE_CRM_TYPES,
  ...QUOTE_CRM_TYPES,
  ...CART_RECORD_TYPES,
  ...TAX_CRM_TYPES,
  ...PAYMENT_CRM_TYPES,
  ...ADDRESS_CRM_TYPES,
  ...SHIPPING_CRM_TYPES,
  ...PURCHASE_ORDER_CRM_TYPES,
  ...CHECKOUT_CRM_TYPES,
  ...GUEST_BUYER_CRM_TYPES,
  ...CUSTOM_FIELD_CRM_TYPES,
  ...USER_CRM_TYPES,
  ...NOTIFICATION_CRM_TYPES,
  ...ACCOUNT_CRM_TYPES,
  ...ADDRESS_BOOK_CRM_TYPES,
  ...PAYMENT_METHOD_CRM_TYPES,
  ...SERVICE_REQUEST_CRM_TYPES,
  ...INVOICE_CRM_TYPES,
  ...INVOICE_PAYMENT_CRM_TYPES,
  ...ORDER_CRM_TYPES,
  ...APPROVAL_CRM_TYPES,
  ...REORDER_CRM_TYPES,
  ...INSTALL_BASE_CRM_TYPES,
  ...KNOWLEDGE_CRM_TYPES,
  ...SALES_QUOTE_CRM_TYPES,
  ...ELEARNING_CRM_TYPES,
  ...QUICK_ORDER_CRM_TYPES,
  ...CPQ_CRM_TYPES,
  ...CONFIGURATOR_CRM_TYPES,
  ...COST_CENTRE_CRM_TYPES,
  ...REQUISITION_LIST_CRM_TYPES,
  ...SEARCH_CRM_TYPES,
};

export type CrmType = keyof typeof CRM_TYPES;
/** What a type's handler receives: its payload after parsing (defaults applied). */
export type CrmPayload<T extends CrmType> = z.output<(typeof CRM_TYPES)[T]['payload']>;
/** What a type answers on success. */
export type CrmAnswer<T extends CrmType> = z.output<(typeof CRM_TYPES)[T]['answer']>;

export function isCrmType(name: string): name is CrmType {
  return Object.hasOwn(CRM_TYPES, name);
}

/** Whether `group` serves `type`: its own group, or one it is also served under. */
export function servedUnder(type: CrmType, group: string): boolean {
  const row: { group: string; alsoUnder?: readonly string[] } = CRM_TYPES[type];
  return row.group === group || (row.alsoUnder?.includes(group) ?? false);
}

/** `/services/apexrest/<group>?type=<name>` plus GET parameters. */
export function crmEndpoint(type: CrmType, params: Record<string, string> = {}): string {
  const query = new URLSearchParams({ type, ...params });
  return `${CRM_BASE_PATH}/${CRM_TYPES[type].group}?${query.toString()}`;
}

/**
 * The table seen through its keys: indexed by a generic key, a row then has that key's payload and answer
 * types, so callers parse without casts.
 */
const ROWS: { [K in CrmType]: { payload: z.ZodType<CrmPayload<K>>; answer: z.ZodType<CrmAnswer<K>> } } =
  CRM_TYPES;

/** The schema a type's payload is parsed with (GET types: their query parameters). */
export function payloadSchema<T extends CrmType>(type: T): z.ZodType<CrmPayload<T>> {
  return ROWS[type].payload;
}

/** The schema of a type's answer. */
export function answerSchema<T extends CrmType>(type: T): z.ZodType<CrmAnswer<T>> {
  return ROWS[type].answer;
}
