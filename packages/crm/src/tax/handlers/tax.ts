import {
  type AddressValidationInfo,
  type AvaTaxMessage,
  INCOMPLETE_ADDRESS_MESSAGE,
  isTaxCheckCountry,
  type QuoteTax,
  type TransactionModel,
} from '@storefront/contracts';
import {
  findQuote,
  linesWithItems,
  ownQuote,
  type QuoteRow,
  type QuoteScope,
  quoteScope,
  quoteTotal,
  setQuoteTax,
  storedCharges,
} from '../../cart';
import { CrmHttpError, notFound } from '../../core/errors';
import type { Handler, HandlerContext } from '../../core/handler';
import { roundInCurrency } from '../../core/money';
import { lockQuote } from '../../db/locks';
import { findAddressValidation } from '../../storefronts';
import { AvaTaxCallError } from '../avatax-client';
import { isShippingAddressComplete, missingAddressParts, TAX_NOT_CALCULATED } from '../rules/tax';

/**
 * Where BioNova ships from: the origin of every transaction. One warehouse today; a storefront setting when
 * a second one comes.
 */
const SHIP_FROM: AddressValidationInfo = {
  line1: '100 Binney St',
  city: 'Cambridge',
  region: 'MA',
  country: 'US',
  postalCode: '02142',
};

/** AvaTax's tax code for tangible personal property: what every item of the catalogue is. */
const GOODS_TAX_CODE = 'P0000000';
/** AvaTax's entity use code for an exempt organisation, sent for accounts flagged tax-exempt. */
const EXEMPT_ENTITY_USE_CODE = 'E';

/** A tax service that does not answer is a 502 the buyer can retry, never an APEX_ERROR. */
async function withTaxService<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof AvaTaxCallError)) throw error;
    throw new CrmHttpError(
      502,
      'TAX_SERVICE_UNAVAILABLE',
      'the tax service could not be reached; try again.',
    );
  }
}

export const isAvataxAddressValidation: Handler<'isAvataxAddressValidation'> = async (ctx, payload) => {
  const enabled = await findAddressValidation(ctx.db, payload.storefrontId);
  if (enabled === undefined) throw notFound('there is no storefront with this id.', 'storefrontId');
  return enabled;
};

/**
 * Spec C§5: checked only when the storefront has validation on and the country is a tax-check country (a
 * missing country counts as incomplete, so it is checked too). An incomplete address the service could
 * complete answers the spec's message with the completed address to apply.
 */
export const resolveAvataxAddress: Handler<'resolveAvataxAddress'> = async (ctx, payload) => {
  const { storefrontId, ...address } = payload;
  const enabled = await findAddressValidation(ctx.db, storefrontId);
  if (enabled === undefined) throw notFound('there is no storefront with this id.', 'storefrontId');
  if (!enabled || (address.country && !isTaxCheckCountry(address.country))) {
    return { messages: [], validatedAddresses: [] };
  }
  const given = Object.fromEntries(Object.entries(address).filter(([, value]) => value !== ''));
  const resolution = await withTaxService(() => ctx.tax.resolveAddress(given));
  const missing = missingAddressParts({
    city: address.city,
    state: address.region,
    country: address.country,
    zip: address.postalCode,
  });
  const suggested = resolution.messages.length === 0 && resolution.validatedAddresses.length > 0;
  const messages: AvaTaxMessage[] =
    missing.length > 0 && suggested
      ? [
          {
            summary: INCOMPLETE_ADDRESS_MESSAGE,
            details: `Missing: ${missing.join(', ')}.`,
            refersTo: 'Address',
            severity: 'Warning',
            source: 'CRM',
          },
        ]
      : resolution.messages;
  return { messages, validatedAddresses: resolution.validatedAddresses };
};

/**
 * Spec C§5, C§7: the quote's tax, calculated only with a full shipping address and stored with the total.
 * Under the quote's lock (ownership checked before it), so parallel calls queue; a committed tax is final
 * and answered as it stands, so committing twice records one transaction.
 */
export const calculateAvaTax: Handler<'calculateAvaTax'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  const before = ownQuote(await findQuote(ctx.db, payload.recordId), scope);
  if (isSettled(before)) return taxView(before);
  return ctx.db.transaction(async (db) => {
    const quote = ownQuote(await lockQuote(db, payload.recordId, 'wait'), scope);
    if (isSettled(quote)) return taxView(quote);
    const { quote: taxed, message } = await taxLockedQuote({ ...ctx, db }, scope, quote, payload.isCommit);
    return taxView(taxed, message);
  });
};

/**
 * Calculates (and with `commit`, commits) the tax of a quote the caller holds locked in ctx.db's transaction,
 * and stores it with the total: calculateAvaTax's path, and placing the order's. Without lines or a full
 * shipping address there is no tax: the quote comes back NotCalculated with the reason.
 */
export async function taxLockedQuote(
  ctx: HandlerContext,
  scope: QuoteScope,
  quote: QuoteRow,
  commit: boolean,
): Promise<{ quote: QuoteRow; message: string | null }> {
  if (quote.taxStatus === 'Committed') return { quote, message: null };
  const lines = await linesWithItems(ctx.db, quote.id);
  if (lines.length === 0 || !isShippingAddressComplete(quoteAddress(quote))) {
    return { quote: await voidTax(ctx, quote), message: TAX_NOT_CALCULATED };
  }
  const transaction = await withTaxService(() =>
    ctx.tax.createTransaction({
      type: commit ? 'SalesInvoice' : 'SalesOrder',
      companyCode: ctx.tax.companyCode,
      date: ctx.today,
      customerCode: quote.accountId,
      code: quote.id,
      commit,
      currencyCode: quote.currency,
      addresses: { shipFrom: SHIP_FROM, shipTo: shipTo(quote) },
      lines: lines.map(({ line, item }, index) => ({
        number: String(index + 1),
        quantity: line.qty,
        amount: roundInCurrency(line.lineTotal - line.promoDiscount, quote.currency),
        itemCode: item.sku,
        taxCode: GOODS_TAX_CODE,
        ...(scope.account.taxExempt ? { entityUseCode: EXEMPT_ENTITY_USE_CODE } : {}),
      })),
    }),
  );
  const taxed = await storeTax(ctx, quote, transaction, commit);
  return { quote: taxed, message: transaction.messages[0]?.details ?? null };
}

/** A committed tax is the order's; a checked-out quote no longer changes: both are answered as stored. */
const isSettled = (quote: QuoteRow): boolean => quote.taxStatus === 'Committed' || quote.checkedOut;

function quoteAddress(quote: QuoteRow) {
  return {
    address: quote.shippingAddress,
    city: quote.shippingCity,
    state: quote.shippingState,
    zip: quote.shippingZip,
    country: quote.shippingCountry,
  };
}

function shipTo(quote: QuoteRow): AddressValidationInfo {
  const part = (value: string | null) => value?.trim() || undefined;
  return {
    line1: part(quote.shippingAddress),
    line2: part(quote.shippingAddress2),
    city: part(quote.shippingCity),
    region: part(quote.shippingState),
    country: part(quote.shippingCountry),
    postalCode: part(quote.shippingZip),
  };
}

async function storeTax(
  ctx: HandlerContext,
  quote: QuoteRow,
  transaction: TransactionModel,
  committed: boolean,
): Promise<QuoteRow> {
  const tax = roundInCurrency(transaction.totalTax, quote.currency);
  return setQuoteTax(ctx.db, quote.id, {
    tax,
    taxStatus: committed ? 'Committed' : 'Calculated',
    taxDetails: transaction.summary.map(({ jurisName, jurisType, taxName, rate, taxable, tax }) => ({
      jurisName,
      jurisType,
      taxName,
      rate,
      taxable,
      tax,
    })),
    total: quoteTotal(
      { subtotal: quote.subtotal, discount: quote.discount, ...storedCharges(quote), tax },
      quote.currency,
    ),
  });
}

/** A tax calculated for an address the quote no longer has is no tax at all. */
async function voidTax(ctx: HandlerContext, quote: QuoteRow): Promise<QuoteRow> {
  if (quote.taxStatus === 'NotCalculated') return quote;
  const { subtotal, discount } = quote;
  const total = quoteTotal({ subtotal, discount, ...storedCharges(quote), tax: 0 }, quote.currency);
  return setQuoteTax(ctx.db, quote.id, { tax: null, taxStatus: 'NotCalculated', taxDetails: [], total });
}

function taxView(quote: QuoteRow, message: string | null = null): QuoteTax {
  return {
    quoteId: quote.id,
    taxStatus: quote.taxStatus,
    message,
    currency: quote.currency,
    subtotal: quote.subtotal,
    discount: quote.discount,
    shipping: quote.shippingAmount ?? 0,
    tax: quote.taxStatus === 'NotCalculated' ? null : quote.tax,
    total: quote.total,
    details: quote.taxDetails,
  };
}
