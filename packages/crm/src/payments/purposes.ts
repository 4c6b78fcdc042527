import type { HandlerContext } from '../core/handler';
import type { CrmDb } from '../db/open';
import type { DecidedCharge } from './handlers/provider-results';
import type { PaymentRequestRow, PaymentRow } from './queries/payments';

/**
 * What a payment request pays for, besides a quote (which payments applies itself): invoices today. Each is
 * registered by the capability that owns it, so the provider's callback dispatches by purpose and payments
 * imports none of them (docs/decisions/0054-crm-by-capability.md).
 */
export interface PaymentPurpose {
  /** Locks what the request pays, before the request's own lock (docs/decisions/0052-lock-order.md). */
  lock(tx: CrmDb, request: PaymentRequestRow): Promise<void>;
  /** Applies the provider's decided charge under those locks, or records it as not applied and refunds it. */
  apply(
    ctx: HandlerContext,
    request: PaymentRequestRow,
    charge: DecidedCharge & { amount: number; currency: string },
  ): Promise<PaymentRow>;
}

let invoicePurpose: PaymentPurpose | null = null;

/** Registers how a request of invoices (one without a quote) is locked and applied; the http layer calls it. */
export function registerInvoicePayments(purpose: PaymentPurpose): void {
  invoicePurpose = purpose;
}

/** The purpose of a request without a quote; a CRM answering callbacks must have registered it. */
export function invoicePayments(): PaymentPurpose {
  if (!invoicePurpose) throw new Error('no payment purpose for invoices is registered');
  return invoicePurpose;
}
