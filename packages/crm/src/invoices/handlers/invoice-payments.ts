import { randomBytes } from 'node:crypto';
import type { InvoiceAllocation, InvoicePaymentReceipt, SignedPaymentRequest } from '@storefront/contracts';
import {
  PAYMENT_REQUEST_TTL_MINUTES,
  type PaymentFields,
  paymentAmount,
  signPaymentFields,
} from '@storefront/contracts/payment-protocol';
import type { AccountRow } from '../../core/accounts';
import { CrmHttpError, forbidden, invalidPayload, notFound } from '../../core/errors';
import type { Handler, HandlerContext, PaymentSettings } from '../../core/handler';
import { roundInCurrency } from '../../core/money';
import { insertOutboxMail } from '../../orders';
import type { PaymentPurpose } from '../../payments';
import {
  alreadyAnswered,
  askProvider,
  closeInvoiceRequests,
  type DecidedCharge,
  findPaymentMethod,
  findPaymentOfRequest,
  findPaymentRequest,
  findStorefrontIdentity,
  insertPayment,
  insertPaymentRequest,
  isStorefrontUrl,
  type PaymentRequestRow,
  type PaymentRow,
  paymentSettings,
  REFUND_REASONS,
  recordNotApplied,
} from '../../payments';
import {
  applyInvoicePayment,
  contactEmail,
  insertRequestInvoices,
  lockInvoices,
  owedInvoices,
  requestInvoices,
} from '../queries/invoice-payments';
import type { InvoiceRow } from '../queries/invoices';
import { receiptMail, receiptNumberOf } from '../rules/invoice-payments';
import { invoiceSummary, ownAccount, recordInvoicePaid } from './invoices';

const cents = (amount: number) => Math.round(amount * 100);

/**
 * What may be paid (docs/decisions/0033-paying-invoices.md): the account's own invoices still owed, in one
 * currency, each at most its balance and, unless the account's terms allow paying part, all of it. The rows
 * must be locked by the caller, so the balances checked are the ones the payment is applied to.
 */
function settle(
  account: Pick<AccountRow, 'id' | 'partialInvoicePayments'>,
  locked: readonly InvoiceRow[],
  allocations: readonly InvoiceAllocation[],
) {
  const byId = new Map(locked.map((row) => [row.id, row]));
  const lines = allocations.map(({ invoiceId, amount }) => {
    const invoice = byId.get(invoiceId);
    if (!invoice) throw notFound('there is no invoice with this id.', 'invoices');
    if (invoice.accountId !== account.id) throw forbidden();
    if (invoice.kind !== 'Invoice' || invoice.balance <= 0) {
      throw new CrmHttpError(
        409,
        'INVOICE_NOT_OWED',
        `${invoice.invoiceNumber} has nothing left to pay.`,
        'invoices',
      );
    }
    if (cents(amount) > cents(invoice.balance)) {
      throw new CrmHttpError(
        400,
        'PAYMENT_OVER_BALANCE',
        `${paymentAmount(amount)} is more than the balance of ${invoice.invoiceNumber} (${paymentAmount(invoice.balance)}).`,
        'invoices',
      );
    }
    if (!account.partialInvoicePayments && cents(amount) !== cents(invoice.balance)) {
      throw new CrmHttpError(
        400,
        'PARTIAL_PAYMENT_NOT_ALLOWED',
        `${invoice.invoiceNumber} must be paid in full (${paymentAmount(invoice.balance)}): this account's terms do not allow paying part of an invoice.`,
        'invoices',
      );
    }
    return { invoice, amount };
  });
  const currencies = new Set(lines.map((line) => line.invoice.currency));
  const [currency] = currencies;
  if (!currency || currencies.size > 1) {
    throw new CrmHttpError(
      400,
      'CURRENCY_MISMATCH',
      'invoices in different currencies are paid separately.',
      'invoices',
    );
  }
  const total = roundInCurrency(
    lines.reduce((sum, line) => sum + line.amount, 0),
    currency,
  );
  return { lines, currency, total };
}

/** The invoices of the payload locked and checked, inside the transaction. */
async function lockAndSettle(
  tx: HandlerContext['db'],
  account: AccountRow,
  allocations: readonly InvoiceAllocation[],
) {
  const locked = await lockInvoices(
    tx,
    allocations.map((line) => line.invoiceId),
  );
  return settle(account, locked, allocations);
}

/**
 * A payment request for the settled invoices; any other open request paying one of them is closed, so a result
 * is applied only for the newest.
 */
async function newInvoiceRequest(
  tx: HandlerContext['db'],
  settings: PaymentSettings,
  account: AccountRow,
  settled: ReturnType<typeof settle>,
  extra: { contactId: string | null; paymentMethodId: string | null; returnUrl: string | null },
): Promise<PaymentRequestRow> {
  await closeInvoiceRequests(
    tx,
    settled.lines.map((line) => line.invoice.id),
    settings.now(),
  );
  const request = await insertPaymentRequest(tx, {
    quoteId: null,
    accountId: account.id,
    amount: settled.total,
    currency: settled.currency,
    expiresAt: new Date(settings.now().getTime() + PAYMENT_REQUEST_TTL_MINUTES * 60_000),
    ...extra,
  });
  await insertRequestInvoices(
    tx,
    request.id,
    settled.lines.map((line) => ({ invoiceId: line.invoice.id, amount: line.amount })),
  );
  return request;
}

/** The storefront's name (the merchant the provider names), with the return URL checked against its domain. */
async function merchantOf(ctx: HandlerContext, storefrontId: string, returnUrl?: string): Promise<string> {
  const storefront = await findStorefrontIdentity(ctx.db, storefrontId);
  if (returnUrl !== undefined && (!storefront || !isStorefrontUrl(returnUrl, storefront.domain))) {
    throw invalidPayload(
      `must be an http(s) URL on this storefront's domain (${storefront?.domain ?? 'unknown'}).`,
      'returnUrl',
    );
  }
  return storefront?.name ?? storefrontId;
}

export const getPayableInvoices: Handler<'getPayableInvoices'> = async (ctx, payload) => {
  const account = await ownAccount(ctx, payload.storefrontId, payload.accountId);
  const rows = await owedInvoices(ctx.db, account.id);
  return {
    invoices: rows.map((row) => invoiceSummary(row, ctx.today)),
    partialPaymentsAllowed: account.partialInvoicePayments,
    paymentsConfigured: ctx.payments !== null,
  };
};

/** A signed request for the hosted payment page; paymentRequestHandler applies the provider's result. */
export const startInvoicePayment: Handler<'startInvoicePayment'> = async (
  ctx,
  payload,
): Promise<SignedPaymentRequest> => {
  const settings = paymentSettings(ctx);
  const account = await ownAccount(ctx, payload.storefrontId, payload.accountId);
  const merchant = await merchantOf(ctx, payload.storefrontId, payload.returnUrl);
  return ctx.db.transaction(async (tx) => {
    const settled = await lockAndSettle(tx, account, payload.invoices);
    const request = await newInvoiceRequest(tx, settings, account, settled, {
      contactId: payload.contactId ?? null,
      paymentMethodId: null,
      returnUrl: payload.returnUrl,
    });
    const fields = signPaymentFields(settings.secret, 'request', {
      request_id: request.id,
      amount: paymentAmount(request.amount),
      currency: request.currency,
      reference: settled.lines.map((line) => line.invoice.invoiceNumber).join(', '),
      merchant,
      return_url: payload.returnUrl,
      callback_url: settings.callbackUrl,
      expires_at: request.expiresAt.toISOString(),
    });
    return { pageUrl: settings.pageUrl, fields };
  });
};

const providerUnavailable = () =>
  new CrmHttpError(
    502,
    'PAYMENT_PROVIDER_UNAVAILABLE',
    'the payment provider did not confirm the charge; nothing was charged or applied. Try again in a moment.',
  );

/** Charges the token at the provider (server to server) and reads its signed answer. */
async function chargeSavedCard(
  settings: PaymentSettings,
  request: PaymentRequestRow,
  token: string,
  merchant: string,
): Promise<PaymentFields<'charge_result'>> {
  const charge = signPaymentFields(settings.secret, 'charge', {
    request_id: request.id,
    token,
    amount: paymentAmount(request.amount),
    currency: request.currency,
    merchant,
    timestamp: settings.now().toISOString(),
    nonce: randomBytes(16).toString('base64url'),
  });
  const asked = await askProvider(settings, settings.chargeUrl, charge, 'charge_result');
  if ('problem' in asked) throw providerUnavailable();
  const { answer } = asked;
  const matches =
    answer.request_id === request.id &&
    answer.amount === charge.amount &&
    answer.currency === charge.currency &&
    (answer.status === 'succeeded' || answer.status === 'declined');
  if (!matches) throw providerUnavailable();
  return answer;
}

/**
 * Records the provider's decision on a payment of invoices: a succeeded one lowers each invoice's balance,
 * is listed on each invoice under its receipt number and queues the receipt mail. The invoices must be
 * locked and their amounts checked by the caller.
 */
export async function recordInvoicePayment(
  ctx: HandlerContext,
  request: PaymentRequestRow,
  decided: DecidedCharge,
): Promise<PaymentRow> {
  const payment = await insertPayment(ctx.db, {
    requestId: request.id,
    quoteId: null,
    accountId: request.accountId,
    amount: request.amount,
    currency: request.currency,
    ...decided,
  });
  if (!payment) throw alreadyAnswered('nonce');
  if (payment.status !== 'Succeeded') return payment;
  const reference = receiptNumberOf(payment.id);
  const lines = await requestInvoices(ctx.db, request.id);
  for (const line of lines) {
    const invoice = await applyInvoicePayment(ctx.db, {
      invoiceId: line.invoiceId,
      amount: line.amount,
      paidOn: ctx.today,
      method: `${payment.brand} ending ${payment.last4}`,
      reference,
      paymentId: payment.id,
    });
    // In invoice number order, as requestInvoices answers them.
    if (invoice.balance <= 0) await recordInvoicePaid(ctx, invoice);
  }
  const recipient = request.contactId ? await contactEmail(ctx.db, request.contactId) : undefined;
  if (recipient) {
    const paid = await requestInvoices(ctx.db, request.id);
    await insertOutboxMail(ctx.db, {
      kind: 'PaymentReceipt',
      quoteId: null,
      paymentId: payment.id,
      recipient,
      ...receiptMail({ reference, payment, paidOn: ctx.today, invoices: paid }),
      attachmentFileId: null,
    });
  }
  return payment;
}

/**
 * The provider's result for a payment of invoices, under the request's lock: the invoices are locked and
 * checked again, and if one was paid meanwhile by another payment the charge is recorded as not applied and
 * refunded, so no invoice is paid twice and no charge is lost.
 */
export async function applyInvoicePaymentResult(
  ctx: HandlerContext,
  request: PaymentRequestRow,
  decided: DecidedCharge & { amount: number; currency: string },
): Promise<PaymentRow> {
  if (decided.status === 'Succeeded') {
    // The terms were checked when the payment was requested; what can change since is a balance.
    const account = { id: request.accountId, partialInvoicePayments: true };
    const lines = await requestInvoices(ctx.db, request.id);
    const locked = await lockInvoices(
      ctx.db,
      lines.map((line) => line.invoiceId),
    );
    try {
      settle(account, locked, lines);
    } catch (error) {
      if (!(error instanceof CrmHttpError)) throw error;
      return recordNotApplied(ctx, request, decided, REFUND_REASONS.invoicesPaid);
    }
  }
  const { amount: _charged, currency: _in, ...charge } = decided;
  return recordInvoicePayment(ctx, request, charge);
}

/** The receipt of a payment request of the account as the CRM has it now. */
async function receiptOf(ctx: HandlerContext, request: PaymentRequestRow): Promise<InvoicePaymentReceipt> {
  const [payment, invoices] = await Promise.all([
    findPaymentOfRequest(ctx.db, request.id),
    requestInvoices(ctx.db, request.id),
  ]);
  const applied = payment?.notAppliedReason === null;
  return {
    requestId: request.id,
    status: payment ? (applied ? payment.status : 'Refunded') : 'Pending',
    refundReason: payment?.notAppliedReason ?? null,
    receiptNumber: applied && payment.status === 'Succeeded' ? receiptNumberOf(payment.id) : null,
    amount: request.amount,
    currency: request.currency,
    brand: payment?.brand ?? null,
    last4: payment?.last4 ?? null,
    declineReason: payment?.declineReason ?? null,
    paidAt: payment?.createdAt.toISOString() ?? null,
    invoices,
  };
}

/** Charges a saved card of the account for the invoices and applies the payment, all under the invoices' locks. */
export const payInvoicesWithSavedCard: Handler<'payInvoicesWithSavedCard'> = async (ctx, payload) => {
  const settings = paymentSettings(ctx);
  const account = await ownAccount(ctx, payload.storefrontId, payload.accountId);
  const method = await findPaymentMethod(ctx.db, payload.paymentMethodId);
  if (!method) throw notFound('there is no saved payment method with this id.', 'paymentMethodId');
  if (method.accountId !== account.id) throw forbidden();
  const now = settings.now();
  if (method.expYear * 12 + method.expMonth < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
    throw new CrmHttpError(
      400,
      'CARD_EXPIRED',
      `the card expired at the end of ${String(method.expMonth).padStart(2, '0')}/${method.expYear}.`,
      'paymentMethodId',
    );
  }
  const merchant = await merchantOf(ctx, payload.storefrontId);
  const receipt = await ctx.db.transaction(async (tx) => {
    const settled = await lockAndSettle(tx, account, payload.invoices);
    const request = await newInvoiceRequest(tx, settings, account, settled, {
      contactId: payload.contactId ?? null,
      paymentMethodId: method.id,
      returnUrl: null,
    });
    // The invoices stay locked while the provider charges, so a second payment of them waits and then finds
    // them paid instead of charging the card again.
    const result = await chargeSavedCard(settings, request, method.token, merchant);
    const succeeded = result.status === 'succeeded';
    await recordInvoicePayment({ ...ctx, db: tx }, request, {
      status: succeeded ? 'Succeeded' : 'Declined',
      token: method.token,
      brand: method.brand,
      last4: method.last4,
      declineReason: succeeded ? null : result.decline_reason || 'card_declined',
      nonce: result.nonce,
    });
    return receiptOf({ ...ctx, db: tx }, request);
  });
  void ctx.mail.deliver();
  void ctx.events.deliver();
  return receipt;
};

export const getInvoicePaymentReceipt: Handler<'getInvoicePaymentReceipt'> = async (ctx, payload) => {
  const account = await ownAccount(ctx, payload.storefrontId, payload.accountId);
  const request = await findPaymentRequest(ctx.db, payload.requestId);
  if (!request || request.quoteId !== null)
    throw notFound('there is no payment of invoices with this id.', 'requestId');
  if (request.accountId !== account.id) throw forbidden();
  return receiptOf(ctx, request);
};

/** A request of invoices: its invoices are locked, in id order, before the request (decision 0052). */
export const invoicePaymentPurpose: PaymentPurpose = {
  async lock(tx, request) {
    const lines = await requestInvoices(tx, request.id);
    await lockInvoices(
      tx,
      lines.map((line) => line.invoiceId),
    );
  },
  apply: applyInvoicePaymentResult,
};
