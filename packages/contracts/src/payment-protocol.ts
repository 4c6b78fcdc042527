import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The hosted-payment protocol between the CRM (the merchant) and the payment provider: three messages, each
 * a flat set of string fields signed with HMAC-SHA256 under a secret both share. Server-only (node:crypto),
 * so it is imported as `@storefront/contracts/payment-protocol`, never through the package index.
 *
 * - request: the CRM's payment request, posted by the browser to the provider's page;
 * - result: the provider's decision, posted server-to-server to the request's callback URL;
 * - return: the reference the browser brings back to the return URL (a hint; the CRM's record decides);
 * - card_request / card_result: the same round trip to save a card without a charge (saved payment methods,
 *   docs/decisions/0030-saved-payment-methods.md): the provider answers a token, the brand it read from the
 *   number, the last 4 and the expiry;
 * - charge / charge_result: the CRM charges a saved card's token server to server (paying invoices with a
 *   saved card, docs/decisions/0033-paying-invoices.md); the provider answers at once, no browser involved;
 * - refund / refund_result: the CRM gives back (part of) a charge, named by its request and the nonce of its
 *   result, server to server; the provider answers at once (docs/decisions/0015-hosted-payments.md).
 *
 * A request's `reference` says what is paid: the quote's id at checkout, the invoice numbers on /billing/payment.
 */
export const PAYMENT_MESSAGE_FIELDS = {
  request: [
    'request_id',
    'amount',
    'currency',
    'reference',
    'merchant',
    'return_url',
    'callback_url',
    'expires_at',
  ],
  result: [
    'request_id',
    'status',
    'amount',
    'currency',
    'token',
    'brand',
    'last4',
    'decline_reason',
    'timestamp',
    'nonce',
  ],
  return: ['request_id', 'status'],
  card_request: ['request_id', 'merchant', 'return_url', 'callback_url', 'expires_at'],
  card_result: [
    'request_id',
    'status',
    'token',
    'brand',
    'last4',
    'exp_month',
    'exp_year',
    'decline_reason',
    'timestamp',
    'nonce',
  ],
  charge: ['request_id', 'token', 'amount', 'currency', 'merchant', 'timestamp', 'nonce'],
  charge_result: ['request_id', 'status', 'amount', 'currency', 'decline_reason', 'timestamp', 'nonce'],
  refund: ['refund_id', 'request_id', 'charge_nonce', 'amount', 'currency', 'timestamp', 'nonce'],
  refund_result: ['refund_id', 'status', 'amount', 'currency', 'timestamp', 'nonce'],
} as const;

export type PaymentMessage = keyof typeof PAYMENT_MESSAGE_FIELDS;
export type PaymentFields<M extends PaymentMessage> = Record<
  (typeof PAYMENT_MESSAGE_FIELDS)[M][number],
  string
>;
export type SignedPaymentFields<M extends PaymentMessage> = PaymentFields<M> & { signature: string };

/** What the provider decided; a declined card also ends its request (start a new one to try again). */
export const PAYMENT_RESULT_STATUSES = ['succeeded', 'declined'] as const;
export type PaymentResultStatus = (typeof PAYMENT_RESULT_STATUSES)[number];

/** Where the provider takes a charge of a saved card, relative to its hosted page's `/pay`. */
export const PAYMENT_CHARGE_PATH = '/charges';

/** Where the provider takes a refund, relative to its hosted page's `/pay`. */
export const PAYMENT_REFUND_PATH = '/refunds';

/** How long a payment request may be paid after the CRM made it. */
export const PAYMENT_REQUEST_TTL_MINUTES = 15;
/** How far a result's timestamp may be from the CRM's clock: a captured callback is useless after this. */
export const PAYMENT_RESULT_MAX_AGE_MINUTES = 5;

/**
 * The string that is signed: the message kind (so one kind's signature never passes as another's), then each
 * field of the kind in its fixed order as `name=value`, the value percent-encoded so no value can forge a
 * separator.
 */
export function canonicalPaymentString<M extends PaymentMessage>(kind: M, fields: PaymentFields<M>): string {
  const names: readonly (keyof PaymentFields<M>)[] = PAYMENT_MESSAGE_FIELDS[kind];
  const pairs = names.map((name) => `${String(name)}=${encodeURIComponent(fields[name])}`);
  return `${kind}\n${pairs.join('&')}`;
}

/** base64url(HMAC-SHA256(secret, canonical string)). */
export function paymentSignature<M extends PaymentMessage>(
  secret: string,
  kind: M,
  fields: PaymentFields<M>,
): string {
  return createHmac('sha256', secret).update(canonicalPaymentString(kind, fields)).digest('base64url');
}

/** The message's own fields with their signature; any other field the input had is left out. */
export function signPaymentFields<M extends PaymentMessage>(
  secret: string,
  kind: M,
  fields: PaymentFields<M>,
): SignedPaymentFields<M> {
  const names: readonly (keyof PaymentFields<M>)[] = PAYMENT_MESSAGE_FIELDS[kind];
  const own = Object.fromEntries(names.map((name) => [name, fields[name]])) as PaymentFields<M>;
  return { ...own, signature: paymentSignature(secret, kind, own) };
}

/** The kind's fields of a record (form or JSON); null when one is missing or not a string. */
export function pickPaymentFields<M extends PaymentMessage>(
  kind: M,
  record: Record<string, unknown>,
): PaymentFields<M> | null {
  const picked: Record<string, string> = {};
  for (const name of PAYMENT_MESSAGE_FIELDS[kind]) {
    const value = record[name];
    if (typeof value !== 'string') return null;
    picked[name] = value;
  }
  return picked as PaymentFields<M>;
}

/** Whether `signature` is the fields' signature under `secret`, compared in constant time. */
export function verifyPaymentSignature<M extends PaymentMessage>(
  secret: string,
  kind: M,
  fields: PaymentFields<M>,
  signature: string,
): boolean {
  const expected = Buffer.from(paymentSignature(secret, kind, fields));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** An amount as the protocol carries it: two decimals, a dot, no grouping ('1234.50'). */
export function paymentAmount(amount: number): string {
  return amount.toFixed(2);
}
