import type { PaymentMethod, SignedPaymentRequest } from '@storefront/contracts';
import type { InvoicePaymentReceipt, PayableInvoices } from '@storefront/contracts/crm-invoice-payments';
import { PAYMENT_RETURN_PARAMS } from '@storefront/contracts/crm-payments';
import { redirect } from 'react-router';
import { accountScope, crmCall } from '../../lib/crm.server';
import { GatewayCallError } from '../../lib/gateway';
import type { StorefrontSession } from '../../lib/storefront.server';
import { PAY_INVOICES_PATH } from '../invoices/paths';
import { listPaymentMethods } from '../payment-methods/payment-methods.server';
import { PAY_FIELDS, PAYMENT_FORM_MESSAGES, readPaymentChoice } from './payment-form';

/** Where the buyer reads a payment's receipt: the page itself, naming the payment. */
export const receiptPath = (requestId: string) =>
  `${PAY_INVOICES_PATH}?${PAYMENT_RETURN_PARAMS.request}=${encodeURIComponent(requestId)}`;

export interface PaymentPage {
  payable: PayableInvoices;
  cards: PaymentMethod[];
  /** The payment the URL names (back from the provider, or after a saved card's charge). */
  receipt: InvoicePaymentReceipt | null;
  /** What the provider's way back says when no payment was made (cancelled, not confirmed). */
  returnStatus: string | null;
}

/** Another account's payment, or none by that id, shows no receipt rather than an error page. */
async function receiptOf(
  session: StorefrontSession,
  requestId: string,
): Promise<InvoicePaymentReceipt | null> {
  try {
    return await crmCall(session, 'getInvoicePaymentReceipt', { ...accountScope(session), requestId });
  } catch (error) {
    if (error instanceof GatewayCallError && (error.status === 403 || error.status === 404)) return null;
    throw error;
  }
}

export async function loadPaymentPage(session: StorefrontSession): Promise<PaymentPage> {
  const requestId = session.url.searchParams.get(PAYMENT_RETURN_PARAMS.request);
  const [payable, cards, receipt] = await Promise.all([
    crmCall(session, 'getPayableInvoices', accountScope(session)),
    listPaymentMethods(session),
    requestId ? receiptOf(session, requestId) : null,
  ]);
  return {
    payable,
    cards,
    receipt,
    returnStatus: session.url.searchParams.get(PAYMENT_RETURN_PARAMS.status),
  };
}

export type PayActionResult =
  | { ok: true; request: SignedPaymentRequest }
  | { ok: false; problems: Record<string, string>; message: string | null };

/** What a refusal of the CRM means to the buyer, after the page's own checks passed. */
function refusalMessage(error: GatewayCallError): PayActionResult {
  const refused = (message: string, field?: string): PayActionResult => ({
    ok: false,
    problems: field ? { [field]: message } : {},
    message: field ? null : message,
  });
  switch (error.errorCode) {
    case 'CARD_EXPIRED':
      return refused(PAYMENT_FORM_MESSAGES.cardExpired, PAY_FIELDS.method);
    case 'PAYMENT_PROVIDER_UNAVAILABLE':
      return refused(
        'Our payment provider did not confirm the payment, so nothing was charged. Please try again in a moment.',
      );
    case 'PAYMENT_NOT_CONFIGURED':
      return refused('Invoices cannot be paid online on this store.');
    case 'INVOICE_NOT_OWED':
    case 'PAYMENT_OVER_BALANCE':
    case 'PARTIAL_PAYMENT_NOT_ALLOWED':
    case 'NOT_FOUND':
    case 'FORBIDDEN':
      return refused(
        'The invoices changed while you were paying: nothing was charged. Check the amounts and pay again.',
      );
    default:
      return refused('The payment could not be made: nothing was charged. Please try again.');
  }
}

/**
 * Pays the chosen invoices: a saved card is charged at once and the buyer lands on its receipt; a new card
 * starts a signed request the browser posts to the provider's page, which brings the buyer back here.
 */
export async function payInvoices(
  session: StorefrontSession,
  form: FormData,
): Promise<PayActionResult | Response> {
  const [payable, cards] = await Promise.all([
    crmCall(session, 'getPayableInvoices', accountScope(session)),
    listPaymentMethods(session),
  ]);
  const choice = readPaymentChoice(form, payable.invoices, payable.partialPaymentsAllowed, cards, new Date());
  if (!choice.ok) return { ok: false, problems: choice.problems, message: null };
  try {
    if (choice.method.kind === 'saved') {
      const receipt = await crmCall(session, 'payInvoicesWithSavedCard', {
        ...accountScope(session),
        invoices: choice.invoices,
        paymentMethodId: choice.method.id,
      });
      return redirect(receiptPath(receipt.requestId));
    }
    const request = await crmCall(session, 'startInvoicePayment', {
      ...accountScope(session),
      invoices: choice.invoices,
      returnUrl: new URL(PAY_INVOICES_PATH, session.url.origin).toString(),
    });
    return { ok: true, request };
  } catch (error) {
    if (
      error instanceof GatewayCallError &&
      (error.status < 500 || error.errorCode === 'PAYMENT_PROVIDER_UNAVAILABLE')
    ) {
      return refusalMessage(error);
    }
    throw error;
  }
}
