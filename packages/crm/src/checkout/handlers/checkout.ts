import {
  addressFieldConfigOf,
  CHECKOUT_MESSAGES,
  type CustomForm,
  confirmationPath,
  customFormOf,
  displayCustomValue,
  formatMoney,
  missingRequiredField,
  type PlacedOrder,
  PO_MESSAGES,
  remainingPaymentMessage,
} from '@storefront/contracts';
import {
  type ApprovalRequestRow,
  awaitingApprovalMessage,
  holdForApproval,
  limitedBuyer,
  markPlaced,
  mayWaitForApproval,
  openRequestOf,
} from '../../approvals';
import {
  addressLines,
  billingParts,
  findQuote,
  linesWithItems,
  ownQuote,
  priceLines,
  type QuoteRow,
  type QuoteScope,
  quoteScope,
  quoteTotal,
  repriceQuote,
  shippingParts,
  storedCharges,
  updateQuoteTotals,
} from '../../cart';
import { CrmHttpError, notFound } from '../../core/errors';
import type { Handler, HandlerContext } from '../../core/handler';
import { refuseUnchargeableCostCentre } from '../../cost-centres';
import { lockOwnerAndQuote, lockPoNumber } from '../../db/locks';
import { recordBusinessEvent } from '../../events';
import { findFileMeta, replaceQuoteFile } from '../../files';
import { invoiceOrder } from '../../invoices';
import { insertNotification } from '../../notifications';
import {
  type CheckoutTemplate,
  findCheckoutTemplate,
  findOrderByNumber,
  findOrderOfQuote,
  formatAmount,
  insertOrder,
  insertOutboxMail,
  nextOrderSequence,
  type OrderDocument,
  type OrderRow,
  recordOrderPlaced,
  renderOrderPdf,
  shippingMethodOf,
} from '../../orders';
import {
  amountDue,
  appliedQuotePayments,
  findStorefrontIdentity,
  insertRefund,
  leftToPay,
  paidAmount,
  payOnlineTerms,
  REFUND_REASONS,
  surplusRefunds,
} from '../../payments';
import { findShippingSettings, shipmentLinesOf, shippingOffer } from '../../shipping';
import { taxLockedQuote } from '../../tax';
import { findQuoteBuyer } from '../queries/guest-buyers';
import { countPoNumber, findPurchaseOrderSettings } from '../queries/purchase-orders';
import { formatOrderNumber, incompleteStep, orderPdfFileName } from '../rules/checkout';

const stepIncomplete = (message: string) => new CrmHttpError(400, 'CHECKOUT_STEP_INCOMPLETE', message);

/** The answer for an order that exists: its number and its PDF. */
async function placedOrder(
  ctx: HandlerContext,
  order: OrderRow,
  alreadySubmitted: boolean,
): Promise<PlacedOrder> {
  const pdf = await findFileMeta(ctx.db, order.pdfFileId);
  if (!pdf) throw new Error(`order ${order.orderNumber} has lost its PDF`);
  return {
    orderNumber: order.orderNumber,
    quoteId: order.quoteId,
    alreadySubmitted,
    pdf: { cvId: pdf.id, fileName: pdf.fileName },
  };
}

/** The storefront's duplicate-PO check, once more under the PO number's lock: another quote may have taken it. */
async function refuseDuplicatePo(ctx: HandlerContext, scope: QuoteScope, quote: QuoteRow): Promise<void> {
  if (!quote.poNumber) return;
  const settings = await findPurchaseOrderSettings(ctx.db, scope.storefrontId);
  if (!settings.duplicateCheck) return;
  await lockPoNumber(ctx.db, quote.accountId, quote.poNumber);
  if ((await countPoNumber(ctx.db, scope.owner, quote.poNumber, quote.id)) > 0) {
    throw new CrmHttpError(400, 'DUPLICATE_PO_NUMBER', settings.duplicateMessage ?? PO_MESSAGES.duplicate);
  }
}

/** The checkout template's custom form asks for a value the quote does not hold. */
function refuseMissingCustomField(form: CustomForm | null, quote: QuoteRow): void {
  const missing = form && missingRequiredField(form, quote.customFields);
  if (missing) {
    throw new CrmHttpError(
      400,
      'CHECKOUT_STEP_INCOMPLETE',
      `ERROR: ${missing.label} is required. Please complete ${form.heading}.`,
    );
  }
}

/**
 * Every step of C§4 checked on the locked quote. With `payment` 'later' the card payment the terms require is
 * not asked for yet: an order that waits for approval is paid only once approved (decision 0064).
 */
async function checkSteps(
  ctx: HandlerContext,
  scope: QuoteScope,
  quote: QuoteRow,
  template: CheckoutTemplate,
  payment: 'now' | 'later' = 'now',
): Promise<void> {
  const form = customFormOf(template.sections);
  const settings = await findShippingSettings(ctx.db, scope.storefrontId);
  if (!settings) throw new Error(`storefront ${scope.storefrontId} vanished while an order was placed`);
  const shipmentLines = await shipmentLinesOf(ctx.db, quote.id);
  const offer = shippingOffer({
    lines: shipmentLines,
    country: quote.shippingCountry,
    state: quote.shippingState,
    currency: quote.currency,
    customerCarrierAllowed: settings.customerCarrierAllowed,
  });
  const paid = paidAmount(await appliedQuotePayments(ctx.db, quote.id));
  const { paymentRequired } = payOnlineTerms(quote.payOnlineTerms, scope.account.payOnlineTerms);
  // A payment to come later stands in for one made: such an order needs no PO number either.
  const paidOrToPay = paid > 0 ? paid : payment === 'later' && paymentRequired ? 0 : null;
  const problem = incompleteStep({
    lineCount: shipmentLines.length,
    shippingAddress: shippingParts(quote),
    shippingFromLocation: quote.shippingLocationId !== null,
    shippingAddressConfig: addressFieldConfigOf(template.sections),
    requiresShipping: offer.requiresShipping,
    shippingMethodChosen: quote.shippingCarrier !== null && quote.shippingService !== null,
    shippingRateRequired: settings.shippingRateRequired,
    billingAddress: billingParts(quote),
    poNumber: quote.poNumber,
    paymentRequired,
    paidAmount: paidOrToPay,
  });
  if (problem === CHECKOUT_MESSAGES.paymentRequired) {
    throw new CrmHttpError(400, 'PAYMENT_REQUIRED', problem);
  }
  if (problem) throw stepIncomplete(problem);
  refuseMissingCustomField(form, quote);
  await refuseDuplicatePo(ctx, scope, quote);
  await refuseUnchargeableCostCentre(ctx.db, quote, ctx.today);
}

/**
 * The card payments against the taxed total (docs/decisions/0015-hosted-payments.md): where the terms require
 * payment, a total grown since paying waits for the difference; where they offer it, the difference is invoiced.
 * What was paid over a total that fell is queued to go back to the card.
 */
async function settleCardPayments(
  ctx: HandlerContext,
  quote: QuoteRow,
  paymentRequired: boolean,
): Promise<void> {
  const applied = await appliedQuotePayments(ctx.db, quote.id);
  const total = amountDue(quote);
  const left = leftToPay(total, paidAmount(applied));
  if (paymentRequired && left > 0) {
    throw new CrmHttpError(
      400,
      'PAYMENT_REQUIRED',
      remainingPaymentMessage(formatMoney(left, quote.currency)),
    );
  }
  for (const refund of surplusRefunds(applied, total)) {
    await insertRefund(ctx.db, { ...refund, currency: quote.currency, reason: REFUND_REASONS.overpaid });
  }
}

type Buyer = Awaited<ReturnType<typeof findQuoteBuyer>>;

/** What the PDF shows of the taxed quote; a guest's order is billed to the company they named. */
async function orderDocument(
  ctx: HandlerContext,
  scope: QuoteScope,
  quote: QuoteRow,
  orderNumber: string,
  buyer: Buyer,
): Promise<OrderDocument> {
  const storefront = await findStorefrontIdentity(ctx.db, scope.storefrontId);
  const lines = await linesWithItems(ctx.db, quote.id);
  return {
    company: storefront?.name ?? scope.account.name,
    orderNumber,
    date: ctx.today,
    currency: quote.currency,
    billTo: [
      ...(buyer ? [buyer.companyName] : []),
      ...addressLines(quote.billingContactName ?? scope.account.name, billingParts(quote)),
    ],
    ...shipToAndTerms(scope, quote),
    poNumber: quote.poNumber,
    facts: costCentreFacts(quote),
    details: orderDetails(quote),
    ...orderContents(quote, lines),
  };
}

/** Where the order goes and on what terms it is paid, as its PDF and its confirmation both show them. */
function shipToAndTerms(scope: QuoteScope, quote: QuoteRow) {
  return {
    shipTo: addressLines(quote.shippingContactName ?? quote.shippingLocationName, shippingParts(quote)),
    paymentTerms: payOnlineTerms(quote.payOnlineTerms, scope.account.payOnlineTerms).term,
  };
}

/** The cost centre or grant code the order is charged to, under its date on the PDF. */
function costCentreFacts(quote: QuoteRow): { label: string; value: string }[] {
  if (!quote.costCentreCode) return [];
  return [{ label: 'Cost centre / grant', value: `${quote.costCentreCode} (${quote.costCentreName ?? ''})` }];
}

/** The custom form's values as the order shows them: label and readable value. */
function orderDetails(quote: QuoteRow): { label: string; value: string }[] {
  return quote.customFields.map((entry) => ({ label: entry.label, value: displayCustomValue(entry.value) }));
}

/** What an order holds, as its PDF and its confirmation both show it. */
function orderContents(quote: QuoteRow, lines: Awaited<ReturnType<typeof linesWithItems>>) {
  return {
    lines: lines.map(({ line, item }) => ({
      sku: item.sku,
      name: item.name,
      qty: line.qty,
      unitPrice: line.unitPrice,
      lineTotal: line.lineTotal,
    })),
    subtotal: quote.subtotal,
    discount: quote.discount,
    ...storedCharges(quote),
    total: quote.total,
  };
}

/**
 * Whom the order confirmation goes to: the buyer a guest named, else the checkout's contact; null when the
 * quote names none.
 */
function recipientOf(quote: QuoteRow, buyer: Buyer): string | null {
  return (
    buyer?.contact.email ??
    quote.billingContactEmail ??
    quote.shippingContactEmail ??
    quote.billingEmail ??
    null
  );
}

/** Places the order of the locked quote whose steps are complete: tax, number, PDF, mail. */
async function placeOrder(
  ctx: HandlerContext,
  scope: QuoteScope,
  locked: QuoteRow,
  template: CheckoutTemplate,
): Promise<PlacedOrder> {
  await checkSteps(ctx, scope, locked, template);
  const { quote } = await taxLockedQuote(ctx, scope, locked, true);
  if (quote.taxStatus !== 'Committed') throw stepIncomplete(CHECKOUT_MESSAGES.taxNotCalculated);
  const terms = payOnlineTerms(quote.payOnlineTerms, scope.account.payOnlineTerms);
  await settleCardPayments(ctx, quote, terms.paymentRequired);
  const year = Number(ctx.today.slice(0, 4));
  const orderNumber = formatOrderNumber(year, await nextOrderSequence(ctx.db, year));
  const buyer = await findQuoteBuyer(ctx.db, quote);
  const document = await orderDocument(ctx, scope, quote, orderNumber, buyer);
  const pdf = await replaceQuoteFile(ctx.db, {
    quoteId: quote.id,
    relatedTo: 'QPDF',
    fileName: orderPdfFileName(orderNumber),
    contentType: 'application/pdf',
    content: Buffer.from(await renderOrderPdf(document)),
  });
  const order = await insertOrder(ctx.db, { quoteId: quote.id, orderNumber, pdfFileId: pdf.id });
  await recordOrderPlaced(ctx.db, order);
  await invoiceOrder(ctx, scope.account, quote, document);
  // A signed-in buyer is told in the portal too; a guest's contact is the buyer they named, who has no portal.
  if (quote.contactId && quote.guestSecretHash === null) {
    await insertNotification(ctx.db, {
      storefrontId: quote.storefrontId,
      accountId: quote.accountId,
      name: `Order ${orderNumber} placed`,
      message: `Your order of ${formatAmount(document.total, document.currency)} is confirmed; its PDF is on the confirmation page.`,
      createdAt: new Date(),
      recipients: [
        { contactId: quote.contactId, targetTemplatePage: confirmationPath(orderNumber), recordNumber: null },
      ],
    });
  }
  const recipient = recipientOf(quote, buyer);
  if (recipient) {
    await insertOutboxMail(ctx.db, {
      kind: 'OrderConfirmation',
      quoteId: quote.id,
      paymentId: null,
      recipient,
      subject: `Your order ${orderNumber} with ${document.company}`,
      body: [
        `Thank you for your order ${orderNumber}, placed on ${document.date}.`,
        `Total: ${formatAmount(document.total, document.currency)}.`,
        'The order is attached as a PDF.',
      ].join('\n\n'),
      attachmentFileId: pdf.id,
    });
  }
  // Last: its subject's lock is the transaction's last (after the paid invoice's, whose subject sorts first).
  await recordBusinessEvent(ctx.db, {
    storefrontId: quote.storefrontId,
    type: 'order.placed',
    subject: `order:${orderNumber}`,
    data: { ...orderPlacedData(quote, order, document), buyerEmail: recipient },
  });
  return placedOrder(ctx, order, false);
}

/** What the supplier's systems learn of a new order: enough to enter it, never a buyer's secret. */
function orderPlacedData(quote: QuoteRow, order: OrderRow, document: OrderDocument): Record<string, unknown> {
  return {
    orderNumber: order.orderNumber,
    status: order.status,
    version: order.version,
    erpOrderNumber: order.erpOrderNumber,
    placedAt: order.placedAt.toISOString(),
    accountId: quote.guestSecretHash === null ? quote.accountId : (quote.billToAccountId ?? quote.accountId),
    contactId: quote.contactId,
    guest: quote.guestSecretHash !== null,
    poNumber: document.poNumber,
    costCentre: quote.costCentreCode && { code: quote.costCentreCode, name: quote.costCentreName },
    paymentTerms: document.paymentTerms,
    billTo: document.billTo,
    shipTo: document.shipTo,
    details: document.details,
    currency: document.currency,
    lines: document.lines.map(({ sku, name, qty, unitPrice, lineTotal }) => ({
      sku,
      name,
      quantity: qty,
      unitPrice,
      lineTotal,
    })),
    subtotal: document.subtotal,
    discount: document.discount,
    shipping: document.shipping,
    surcharge: document.surcharge,
    tax: document.tax,
    total: document.total,
  };
}

/** The locked quote's steps (but a card payment) and its tax, worked out again without committing it. */
async function pricedForApproval(
  ctx: HandlerContext,
  scope: QuoteScope,
  quote: QuoteRow,
  template: CheckoutTemplate,
): Promise<QuoteRow> {
  await checkSteps(ctx, scope, quote, template, 'later');
  const { quote: taxed } = await taxLockedQuote(ctx, scope, quote, false);
  if (taxed.taxStatus === 'NotCalculated') throw stepIncomplete(CHECKOUT_MESSAGES.taxNotCalculated);
  return taxed;
}

/**
 * Places the order of a signed-in buyer unless it is over their limits or its budget: then it waits for
 * approval (docs/decisions/0064-approvals-and-limits.md) before any card payment is asked for.
 */
async function placeOrHold(
  ctx: HandlerContext,
  scope: QuoteScope,
  quote: QuoteRow,
  template: CheckoutTemplate & { id: string },
  userType: string | undefined,
): Promise<PlacedOrder | ApprovalRequestRow> {
  if (!limitedBuyer(quote)) return placeOrder(ctx, scope, quote, template);
  const buyer = { contactId: quote.contactId, userType };
  if (!(await mayWaitForApproval(ctx.db, quote, buyer))) return placeOrder(ctx, scope, quote, template);
  const taxed = await pricedForApproval(ctx, scope, quote, template);
  const held = await holdForApproval(ctx.db, {
    quote: taxed,
    buyer,
    templateId: template.id,
    today: ctx.today,
  });
  if (held) return held;
  const placed = await placeOrder(ctx, scope, taxed, template);
  await markPlaced(ctx.db, quote.id, placed.orderNumber);
  return placed;
}

/**
 * The quote at today's prices, keeping the shipping method the buyer chose (repricing clears it, as a changed
 * cart is rated again; an approved order's lines are the same, so the buyer's choice stands).
 */
async function repricedKeepingShipping(ctx: HandlerContext, quote: QuoteRow): Promise<QuoteRow> {
  const { quote: prices } = await repriceQuote(ctx, quote);
  const charges = { shipping: quote.shippingAmount ?? 0, surcharge: quote.shippingSurcharge ?? 0, tax: 0 };
  return updateQuoteTotals(ctx.db, quote.id, {
    subtotal: prices.subtotal,
    discount: prices.discount,
    total: quoteTotal({ subtotal: prices.subtotal, discount: prices.discount, ...charges }, quote.currency),
    shippingCarrier: quote.shippingCarrier,
    shippingService: quote.shippingService,
    shippingAmount: quote.shippingAmount,
    shippingSurcharge: quote.shippingSurcharge,
    customerShippingAccount: quote.customerShippingAccount,
  });
}

/** What an approver's approval comes to: the order placed, or the buyer to finish it at checkout. */
export type ApprovedOrder =
  | { placed: PlacedOrder }
  | { buyerToFinish: 'confirmTotal' | 'pay'; total: number };

/**
 * An approved request's order, placed as its buyer would have placed it, under the buyer's and the quote's
 * locks: prices and tax are worked out again, and a total that changed since the request goes back to the
 * buyer to confirm (changed prices written to the cart); terms that take a card payment go back to the buyer
 * to pay. A step no longer complete (a PO number taken since) goes back to the buyer too.
 */
export async function placeApprovedOrder(
  ctx: HandlerContext,
  scope: QuoteScope,
  quote: QuoteRow,
  request: Pick<ApprovalRequestRow, 'templateId' | 'total'>,
): Promise<ApprovedOrder> {
  const template = await findCheckoutTemplate(ctx.db, scope.storefrontId, request.templateId);
  if (!template) return { buyerToFinish: 'confirmTotal', total: quote.total };
  const lines = await linesWithItems(ctx.db, quote.id);
  const { prices } = await priceLines(
    ctx,
    lines.map(({ line, item }) => ({ ...line, item })),
    quote.currency,
  );
  const repriced = lines.some(({ line }, index) => prices[index]?.unitPrice !== line.unitPrice)
    ? await repricedKeepingShipping(ctx, quote)
    : quote;
  let taxed: QuoteRow;
  try {
    taxed = await pricedForApproval(ctx, scope, repriced, template);
  } catch (error) {
    if (error instanceof CrmHttpError && error.status === 400) {
      return { buyerToFinish: 'confirmTotal', total: quote.total };
    }
    throw error;
  }
  if (taxed.total !== request.total) return { buyerToFinish: 'confirmTotal', total: taxed.total };
  const terms = payOnlineTerms(taxed.payOnlineTerms, scope.account.payOnlineTerms);
  const paid = paidAmount(await appliedQuotePayments(ctx.db, quote.id));
  if (terms.paymentRequired && leftToPay(amountDue(taxed), paid) > 0) {
    return { buyerToFinish: 'pay', total: taxed.total };
  }
  return { placed: await placeOrder(ctx, scope, taxed, template) };
}

/**
 * Spec C§4, C§7: places the order. Ownership is checked before the locks; under the owner's and then the
 * quote's (taken waiting, so parallel submits queue; the order adding to the cart takes them in) a quote that is
 * already an order answers it with alreadySubmitted.
 */
export const blinkCheckout: Handler<'blinkCheckout'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  const before = ownQuote(await findQuote(ctx.db, payload.quoteId), scope);
  const existing = before.checkedOut ? await findOrderOfQuote(ctx.db, before.id) : undefined;
  if (existing) return placedOrder(ctx, existing, true);
  const template = await findCheckoutTemplate(ctx.db, scope.storefrontId, payload.templateId);
  if (!template) throw notFound('there is no template with this id on this storefront.', 'templateId');
  if (!template.quoteEDocumentId?.trim()) {
    throw new CrmHttpError(400, 'QUOTE_PDF_TEMPLATE_NOT_SET', CHECKOUT_MESSAGES.pdfTemplateNotSet);
  }
  const placed = await ctx.db.transaction(async (db) => {
    const quote = ownQuote(await lockOwnerAndQuote(db, scope.owner, payload.quoteId), scope);
    const order = await findOrderOfQuote(db, quote.id);
    if (order) return placedOrder({ ...ctx, db }, order, true);
    if (quote.checkedOut) {
      const waiting = await openRequestOf(db, quote.id);
      if (waiting) return waiting;
      throw new CrmHttpError(
        400,
        'QUOTE_CHECKED_OUT',
        'this quote is checked out and can no longer be ordered.',
      );
    }
    return placeOrHold(
      { ...ctx, db },
      scope,
      quote,
      { ...template, id: payload.templateId },
      payload.userType,
    );
  });
  // The buyer does not wait for the mail server or the provider; neither delivery throws, and what is not sent
  // waits for the next.
  if ('pdf' in placed && placed.alreadySubmitted) return placed;
  void ctx.mail.deliver();
  void ctx.refunds.settle();
  void ctx.events.deliver();
  if ('pdf' in placed) return placed;
  // Not placed: the answer says so, and whom it waits for, as a refusal the checkout shows (decision 0064).
  throw new CrmHttpError(409, 'AWAITING_APPROVAL', await awaitingApprovalMessage(ctx.db, placed));
};

/** The caller's own order (the quote's owner only: 403 another's, 404 none). */
export const getOrderConfirmation: Handler<'getOrderConfirmation'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  const order = await findOrderByNumber(ctx.db, payload.orderNumber);
  if (!order) throw notFound('there is no order with this number.', 'orderNumber');
  const quote = ownQuote(await findQuote(ctx.db, order.quoteId), scope);
  const [lines, pdf] = await Promise.all([
    linesWithItems(ctx.db, quote.id),
    findFileMeta(ctx.db, order.pdfFileId),
  ]);
  return {
    orderNumber: order.orderNumber,
    quoteId: quote.id,
    placedAt: order.placedAt.toISOString(),
    currency: quote.currency,
    poNumber: quote.poNumber,
    ...shipToAndTerms(scope, quote),
    shippingMethod: shippingMethodOf(quote),
    details: orderDetails(quote),
    ...orderContents(quote, lines),
    pdf: pdf ? { cvId: pdf.id, fileName: pdf.fileName } : null,
  };
};
