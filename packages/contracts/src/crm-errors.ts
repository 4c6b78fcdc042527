import { withoutErrorPrefix } from './error-prefix';
import { MESSAGES } from './messages';

/**
 * Every error code a CRM answer or a gateway call can fail with. Behaviour (retries, per-field form errors,
 * page checks) switches on these, never on message text; the message is only for the person.
 */
export const ERROR_CODES = [
  // The CRM's refusals, as it answers them: Salesforce's list of errors, [{errorCode, message, field?}].
  'APEX_ERROR',
  /** The service token is missing or wrong (Salesforce's answer to a bad session). */
  'INVALID_SESSION_ID',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'INVALID_PAYLOAD',
  'JSON_PARSER_ERROR',
  'PAYLOAD_TOO_LARGE',
  'SIGN_IN_REQUIRED',
  'GUEST_CART_REQUIRES_SECRET',
  'QUOTE_CHECKED_OUT',
  /** Place order: the order is over a spending limit or budget and waits for an approver (not placed). */
  'AWAITING_APPROVAL',
  /** An approval request was decided by another approver first. */
  'APPROVAL_ALREADY_DECIDED',
  /** A card payment of an order over a spending limit waits until the order is approved. */
  'APPROVAL_REQUIRED',
  /** The quote is being changed by another request: retried (spec C§7). */
  'UNABLE_TO_LOCK_ROW',
  /** Salesforce's other busy answer ('record currently unavailable'): retried like UNABLE_TO_LOCK_ROW. */
  'RECORD_CURRENTLY_UNAVAILABLE',
  'PROMO_CODE_NOT_VALID',
  'PROMO_CODE_ALREADY_APPLIED',
  /** removePromoCodeNG named a code the quote does not hold. */
  'PROMO_CODE_NOT_APPLIED',
  'PROMO_CODE_USAGE_LIMIT_REACHED',
  'QLIS_NOT_FOUND',
  'STALE_CART',
  /** The tax service (AvaTax or the embedded one) did not answer or refused the call. */
  'TAX_SERVICE_UNAVAILABLE',
  // Online payment (crm-payments.ts).
  'PAYMENT_NOT_CONFIGURED',
  'PAYMENT_NOT_OFFERED',
  'QUOTE_ALREADY_PAID',
  'PAYMENT_SIGNATURE_INVALID',
  'PAYMENT_REQUEST_EXPIRED',
  'PAYMENT_MISMATCH',
  'PAYMENT_ALREADY_PROCESSED',
  // Paying invoices (/billing/payment): what may be paid of each, and the saved card charged.
  'INVOICE_NOT_OWED',
  'PAYMENT_OVER_BALANCE',
  'PARTIAL_PAYMENT_NOT_ALLOWED',
  'CURRENCY_MISMATCH',
  /** An invoice of a payment was paid by another payment before this one was decided; nothing is charged. */
  'INVOICE_BALANCE_CHANGED',
  'CARD_EXPIRED',
  /** The payment provider did not answer a charge of a saved card (or answered what it did not sign). */
  'PAYMENT_PROVIDER_UNAVAILABLE',
  /** A checkout address breaks a rule of C§5 (saveAddress answers it with the field and the message). */
  'INVALID_ADDRESS',
  /** A guest buyer's company or contact breaks a rule (createGuestBuyer answers the field and the message). */
  'INVALID_GUEST_BUYER',
  // Purchase orders and their files (crm-purchase-orders.ts).
  'DUPLICATE_PO_NUMBER',
  'PO_UPDATE_FAILED',
  'FILE_TOO_LARGE',
  'FILE_TYPE_NOT_ALLOWED',
  /** The file's leading bytes are not those of the type its extension names. */
  'FILE_CONTENT_MISMATCH',
  /** A chunk that does not continue the upload (out of order, wrong length, unknown upload). */
  'FILE_CHUNK_REFUSED',
  /** The cart holds as many PO files and unfinished uploads (or bytes of them) as it may at once. */
  'FILE_QUOTA_REACHED',
  // Cost centres and grant codes (crm-cost-centres.ts).
  /** The code chosen for the order expired, is not valid yet or is inactive: the message says which. */
  'COST_CENTRE_NOT_CHARGEABLE',
  /** The account requires a code on every order and the quote carries none. */
  'COST_CENTRE_REQUIRED',
  // Placing the order (crm-checkout.ts).
  'QUOTE_PDF_TEMPLATE_NOT_SET',
  /** A checkout step is not complete; the message names it. */
  'CHECKOUT_STEP_INCOMPLETE',
  'PAYMENT_REQUIRED',
  // The order's life (crm-orders.ts): a buyer cancels only an order the supplier has not confirmed.
  'ORDER_NOT_CANCELLABLE',
  // Quotes prepared by sales (crm-sales-quotes.ts): a quote is taken once, while it is valid.
  'QUOTE_ALREADY_TAKEN',
  'QUOTE_EXPIRED',
  'QUOTE_WITHDRAWN',
  // E-learning (crm-elearning.ts): a session that is not the course's, is past, or is full.
  'SESSION_NOT_AVAILABLE',
  // Quick order and configure-price-quote (docs/decisions/0036-quick-order-and-cpq.md).
  /** A quick order names rows the account cannot order; nothing was added. */
  'QUICK_ORDER_ROWS_REFUSED',
  /** A configuration's instrument or options are lines of the cart already; nothing was added. */
  'CONFIGURATION_CONFLICT',
  /** A configuration needs an option this account's catalogue does not hold, or names one its model lacks. */
  'CONFIGURATION_UNAVAILABLE',
  // The parts configurator (crm-configurator.ts).
  /** A part number the account's catalogue does not sell, nor any successor of it. */
  'PART_NOT_ORDERABLE',
  /** A decommissioned instrument keeps its history; nothing new is linked to it. */
  'INSTRUMENT_DECOMMISSIONED',
  // The spec's two sentinel answers (P§8, C§3), recognised once where an answer is read (failureOf).
  'NO_RECORDS_FOUND',
  'NO_TEMPLATE_FOUND',
  // What the storefront's gateway client adds (P§8).
  /**
   * A failure whose answer names no code: the gateway's own refusals (not signed in, an account or endpoint
   * not allowed, which keep the spec's plain-text content) and plain-text failures; read its status.
   */
  'NO_ERROR_CODE',
  /** The gateway could not be reached or did not answer an envelope. */
  'APPSYNC_FETCH_ERROR',
  'QUERY_NAME_NOT_FOUND',
  /** The CRM answered something its contract row does not describe. */
  'INVALID_ANSWER',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The codes that mean the quote was busy, not that the change was wrong (spec C§7: retried). */
export const QUOTE_BUSY_CODES: readonly ErrorCode[] = ['UNABLE_TO_LOCK_ROW', 'RECORD_CURRENTLY_UNAVAILABLE'];

/**
 * One error of a CRM error answer (the answer is a list of them, as Salesforce's REST API answers); `field`
 * names the payload field the refusal is about (a Salesforce org names them in `fields`).
 */
export interface CrmError {
  errorCode: ErrorCode;
  message: string;
  field?: string;
}

/** 'field: problem' when the refusal names a field: how the CRM writes its messages. */
export function fieldMessage(problem: string, field?: string): string {
  return field ? `${field}: ${problem}` : problem;
}

/** A failed call as the storefront reads it (spec P§8: a leading 'ERROR: ' or 'Error: ' removed). */
export interface Failure {
  errorCode: ErrorCode;
  field: string | null;
  message: string;
}

const CODES: ReadonlySet<string> = new Set(ERROR_CODES);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * What a failed call's content says. The code comes from the CRM's error body; the spec's two sentinel texts
 * ('ERROR: No records Found.', 'ERROR: No template found'), which a CRM may send as plain content, are the
 * only texts read for meaning, here and nowhere else.
 */
export function failureOf(content: unknown): Failure {
  const error = firstError(content);
  const message = pickMessage(error);
  const body = isRecord(error) ? error : {};
  return {
    errorCode: codeOf(message, body),
    field: fieldOf(body),
    message: withoutErrorPrefix(message),
  };
}

/** A list of errors (Salesforce's shape) is read by its first, as Salesforce's clients do. */
function firstError(content: unknown): unknown {
  return Array.isArray(content) && content.length > 0 ? content[0] : content;
}

/** Our CRM names the field in `field`; a Salesforce org lists them in `fields`. */
function fieldOf(body: Record<string, unknown>): string | null {
  if (typeof body.field === 'string') return body.field;
  const [first] = Array.isArray(body.fields) ? body.fields : [];
  return typeof first === 'string' ? first : null;
}

const SENTINELS = new Map<string, ErrorCode>([
  [MESSAGES.noRecordsFound, 'NO_RECORDS_FOUND'],
  [MESSAGES.noTemplateFound, 'NO_TEMPLATE_FOUND'],
]);

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && CODES.has(value);
}

/**
 * A sentinel's code, else the body's; a code this list does not know (a newer CRM) still failed at the CRM
 * (APEX_ERROR); content naming no code is NO_ERROR_CODE.
 */
function codeOf(message: string, body: Record<string, unknown>): ErrorCode {
  const sentinel = SENTINELS.get(message);
  if (sentinel) return sentinel;
  if (isErrorCode(body.errorCode)) return body.errorCode;
  return typeof body.errorCode === 'string' ? 'APEX_ERROR' : 'NO_ERROR_CODE';
}

/** The problem a person reads: the message without the 'field: ' the CRM put before it. */
export function problemOf(failure: Failure): string {
  const prefix = failure.field ? `${failure.field}: ` : '';
  const problem =
    prefix && failure.message.startsWith(prefix) ? failure.message.slice(prefix.length) : failure.message;
  return problem.charAt(0).toUpperCase() + problem.slice(1);
}

/** Spec P§8: content.message, body.message, message, else the serialized content. */
function pickMessage(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!isRecord(content)) return JSON.stringify(content);
  const inner = content.content;
  if (isRecord(inner) && typeof inner.message === 'string') return inner.message;
  const body = content.body;
  if (isRecord(body) && typeof body.message === 'string') return body.message;
  if (typeof content.message === 'string') return content.message;
  return JSON.stringify(content);
}
