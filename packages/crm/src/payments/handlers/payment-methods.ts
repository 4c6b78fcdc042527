import type { PaymentMethod, SignedCardRequest } from '@storefront/contracts';
import { PAYMENT_REQUEST_TTL_MINUTES, signPaymentFields } from '@storefront/contracts/payment-protocol';
import { findAccount } from '../../core/accounts';
import { CrmHttpError, forbidden, invalidPayload, notFound } from '../../core/errors';
import type { Handler, HandlerContext } from '../../core/handler';
import { accountScope } from '../../core/scope';
import { recordBusinessEvent } from '../../events';
import {
  deletePaymentMethod,
  findMethodOfRequest,
  findPaymentMethod,
  insertPaymentMethod,
  insertPaymentMethodRequest,
  listPaymentMethods,
  lockPaymentMethodRequest,
  lockPaymentMethods,
  makeDefault,
  markRequestDeclined,
  type PaymentMethodRow,
} from '../queries/payment-methods';
import { findStorefrontIdentity } from '../queries/payments';
import { isStorefrontUrl } from '../rules/payments';
import { paymentSettings } from './payments';
import {
  alreadyAnswered,
  readProviderResult,
  refuseStaleResult,
  verifyProviderResult,
} from './provider-results';

function toMethod(row: PaymentMethodRow): PaymentMethod {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

type Scope = { storefrontId: string; accountId: string };

/** The account, which must belong to the storefront (403 otherwise). */
async function ownAccount(ctx: HandlerContext, payload: Scope): Promise<string> {
  return (await accountScope(ctx, payload.storefrontId, payload.accountId)).account.id;
}

const listOf = async (ctx: HandlerContext, accountId: string) => ({
  methods: (await listPaymentMethods(ctx.db, accountId)).map(toMethod),
});

/**
 * A method of the account, locked with the account's others: another account's is refused (403), an
 * unknown one 404.
 */
async function lockOwnMethod(tx: HandlerContext['db'], accountId: string, methodId: string) {
  const methods = await lockPaymentMethods(tx, accountId);
  const method = methods.find((row) => row.id === methodId);
  if (method) return { method, methods };
  if (await findPaymentMethod(tx, methodId)) throw forbidden();
  throw notFound('there is no saved payment method with this id.', 'paymentMethodId');
}

export const getPaymentMethods: Handler<'getPaymentMethods'> = async (ctx, payload) =>
  listOf(ctx, await ownAccount(ctx, payload));

/** A signed request to save a card on the provider's page; nothing is charged. */
export const startSavingPaymentMethod: Handler<'startSavingPaymentMethod'> = async (
  ctx,
  payload,
): Promise<SignedCardRequest> => {
  const settings = paymentSettings(ctx);
  const accountId = await ownAccount(ctx, payload);
  const storefront = await findStorefrontIdentity(ctx.db, payload.storefrontId);
  if (!storefront || !isStorefrontUrl(payload.returnUrl, storefront.domain)) {
    throw invalidPayload(
      `must be an http(s) URL on this storefront's domain (${storefront?.domain ?? 'unknown'}).`,
      'returnUrl',
    );
  }
  const expiresAt = new Date(settings.now().getTime() + PAYMENT_REQUEST_TTL_MINUTES * 60_000);
  const request = await insertPaymentMethodRequest(ctx.db, {
    accountId,
    contactId: payload.contactId ?? null,
    returnUrl: payload.returnUrl,
    expiresAt,
  });
  const fields = signPaymentFields(settings.secret, 'card_request', {
    request_id: request.id,
    merchant: storefront.name,
    return_url: request.returnUrl,
    callback_url: settings.cardCallbackUrl,
    expires_at: expiresAt.toISOString(),
  });
  return { pageUrl: settings.pageUrl, fields };
};

export const setDefaultPaymentMethod: Handler<'setDefaultPaymentMethod'> = async (ctx, payload) => {
  const accountId = await ownAccount(ctx, payload);
  await ctx.db.transaction(async (tx) => {
    await lockOwnMethod(tx, accountId, payload.paymentMethodId);
    await makeDefault(tx, accountId, payload.paymentMethodId);
  });
  return listOf(ctx, accountId);
};

/** Removing the default makes the newest remaining card the default, so an account with cards has one. */
export const removePaymentMethod: Handler<'removePaymentMethod'> = async (ctx, payload) => {
  const accountId = await ownAccount(ctx, payload);
  await ctx.db.transaction(async (tx) => {
    const { method, methods } = await lockOwnMethod(tx, accountId, payload.paymentMethodId);
    await deletePaymentMethod(tx, method.id);
    const next = methods.find((row) => row.id !== method.id);
    if (method.isDefault && next) await makeDefault(tx, accountId, next.id);
  });
  return listOf(ctx, accountId);
};

const EXPIRY_MONTH = /^(?:[1-9]|1[0-2])$/;
const EXPIRY_YEAR = /^20\d{2}$/;

/**
 * The provider's signed result for a save request (server to server). Refused like a payment's result: a
 * signature that does not match (403), a stale timestamp, an unknown or expired request, a second result for
 * a request or a nonce (409). A declined card saves nothing; the account's first card becomes its default.
 */
export const savePaymentMethodCallback: Handler<'savePaymentMethodCallback'> = async (ctx, payload) => {
  const settings = paymentSettings(ctx);
  const { signature, ...fields } = payload;
  verifyProviderResult(settings.secret, 'card_result', fields, signature);
  const result = readProviderResult(fields);
  refuseStaleResult(result.at, settings.now());
  if (!EXPIRY_MONTH.test(fields.exp_month)) throw invalidPayload('must be a month, 1 to 12.', 'exp_month');
  if (!EXPIRY_YEAR.test(fields.exp_year)) throw invalidPayload('must be a four-digit year.', 'exp_year');
  const saved = await ctx.db.transaction(async (tx) => {
    const request = await lockPaymentMethodRequest(tx, fields.request_id);
    if (!request) throw notFound('there is no payment method request with this id.', 'request_id');
    if (request.declinedAt || (await findMethodOfRequest(tx, request.id))) {
      throw alreadyAnswered('request_id');
    }
    if (result.at > request.expiresAt) {
      throw new CrmHttpError(
        400,
        'PAYMENT_REQUEST_EXPIRED',
        `the payment method request expired at ${request.expiresAt.toISOString()}.`,
        'request_id',
      );
    }
    if (result.status === 'Declined') {
      await markRequestDeclined(tx, request.id, result.at);
      return { requestId: request.id, status: 'Declined' as const, paymentMethodId: null };
    }
    const existing = await lockPaymentMethods(tx, request.accountId);
    const method = await insertPaymentMethod(tx, {
      accountId: request.accountId,
      token: fields.token,
      brand: result.brand,
      last4: fields.last4,
      expMonth: Number(fields.exp_month),
      expYear: Number(fields.exp_year),
      isDefault: existing.length === 0,
      createdByContactId: request.contactId,
      requestId: request.id,
      nonce: fields.nonce,
    });
    if (!method) throw alreadyAnswered('nonce');
    await recordPaymentMethodAdded(tx, method);
    return { requestId: request.id, status: 'Saved' as const, paymentMethodId: method.id };
  });
  if (saved.status === 'Saved') void ctx.events.deliver();
  return saved;
};

/** The business event of a saved card: what the card is, never its token. */
async function recordPaymentMethodAdded(tx: HandlerContext['db'], method: PaymentMethodRow): Promise<void> {
  const account = await findAccount(tx, method.accountId);
  if (!account) throw new Error(`account ${method.accountId} not found`);
  await recordBusinessEvent(tx, {
    storefrontId: account.storefrontId,
    type: 'payment_method.added',
    subject: `payment_method:${method.id}`,
    data: {
      paymentMethodId: method.id,
      accountId: method.accountId,
      contactId: method.createdByContactId,
      brand: method.brand,
      last4: method.last4,
      expMonth: method.expMonth,
      expYear: method.expYear,
      isDefault: method.isDefault,
    },
  });
}
