import {
  type AccountDetails,
  PA_ACCOUNT_OBJECT,
  type PaAccount,
  type PostalAddress,
} from '@storefront/contracts';
import { belongsToStorefront } from '../../core/access';
import { type AccountRow, findAccount } from '../../core/accounts';
import { forbidden, invalidPayload } from '../../core/errors';
import type { Handler, HandlerContext } from '../../core/handler';
import {
  countContacts,
  findRelatedAccounts,
  findSelection,
  isShipToAccount,
  saveSelection,
} from '../queries/related-accounts';

/**
 * Related accounts and the contact's chosen account (spec P§6; docs/decisions/0025-related-accounts.md). Which
 * accounts a user may act for is the gateway's to enforce (it asks getPAAccounts); the CRM keeps the records
 * and checks that what it stores is an account of the storefront a buyer can act for.
 */

/** The account, which must be one of the storefront's (403 otherwise). */
async function storefrontAccount(ctx: HandlerContext, storefrontId: string, accountId: string) {
  const account = await findAccount(ctx.db, accountId);
  if (!account || !belongsToStorefront(account, storefrontId)) throw forbidden();
  return account;
}

const RELATED_FIELDS = {
  BillingCity: (a: AccountRow) => a.billingCity,
  BillingState: (a: AccountRow) => a.billingState,
  BillingCountry: (a: AccountRow) => a.billingCountry,
  ShippingCity: (a: AccountRow) => a.shippingCity,
  ShippingState: (a: AccountRow) => a.shippingState,
  ShippingCountry: (a: AccountRow) => a.shippingCountry,
  CurrencyIsoCode: (a: AccountRow) => a.currency,
} satisfies Record<string, (account: AccountRow) => string | null>;

export const getPAAccounts: Handler<'getPAAccounts'> = async (ctx, payload) => {
  const { storefrontId, accountId, obj, queryFilters, displayFields } = payload;
  if (obj !== PA_ACCOUNT_OBJECT) throw invalidPayload(`only ${PA_ACCOUNT_OBJECT} records are listed`, 'obj');
  await storefrontAccount(ctx, storefrontId, accountId);
  // A caller lists the related accounts of the account it acts for, never another master's.
  if (queryFilters.Master_Account !== accountId) throw forbidden();
  const rows = await findRelatedAccounts(ctx.db, accountId, {
    portalContext: payload.isPortalContext,
    searchText: payload.searchText,
  });
  return rows.map(({ record, master, related }): PaAccount => {
    const fields = Object.fromEntries(
      displayFields.flatMap((field) => {
        const value = RELATED_FIELDS[field](related);
        return value === null ? [] : [[field, value]];
      }),
    );
    return {
      Id: record.id,
      Master_Account: { Id: master.id, Name: master.name },
      Related_Account: { Id: related.id, Name: related.name, ...fields },
      Portal_Context: record.portalContext,
      Ship_To: record.shipTo,
    };
  });
};

function addressOf(
  street: string | null,
  city: string | null,
  state: string | null,
  postalCode: string | null,
  country: string | null,
): PostalAddress | null {
  if (!street && !city) return null;
  return {
    street: street ?? '',
    city: city ?? '',
    state: state ?? '',
    postalCode: postalCode ?? '',
    country: country ?? '',
  };
}

export const getAccountDetails: Handler<'getAccountDetails'> = async (ctx, { storefrontId, accountId }) => {
  const account = await storefrontAccount(ctx, storefrontId, accountId);
  const parent = account.parentAccountId ? await findAccount(ctx.db, account.parentAccountId) : undefined;
  return {
    Id: account.id,
    Name: account.name,
    billingAddress: addressOf(
      account.billingStreet,
      account.billingCity,
      account.billingState,
      account.billingPostalCode,
      account.billingCountry,
    ),
    shippingAddress: addressOf(
      account.shippingStreet,
      account.shippingCity,
      account.shippingState,
      account.shippingPostalCode,
      account.shippingCountry,
    ),
    paymentTerms: account.payOnlineTerms,
    currency: account.currency,
    usersCount: await countContacts(ctx.db, account.id),
    parentAccount: parent ? { Id: parent.id, Name: parent.name } : null,
  } satisfies AccountDetails;
};

/** A choice is a contact's: a user the user pool knows no contact for has none to read or keep. */
function requireContact(contactId: string | undefined): string {
  if (!contactId) throw invalidPayload('is required: a choice is kept per contact', 'contactId');
  return contactId;
}

export const getAccountSelection: Handler<'getAccountSelection'> = async (ctx, { storefrontId, contactId }) =>
  findSelection(ctx.db, storefrontId, requireContact(contactId));

/** An account a buyer can act for: the storefront's, neither its shared guest account nor a prospect. */
async function buyingAccount(ctx: HandlerContext, storefrontId: string, accountId: string, field: string) {
  const account = await findAccount(ctx.db, accountId);
  if (!account || !belongsToStorefront(account, storefrontId) || account.isGuest || account.isProspect) {
    throw invalidPayload('is not an account you can act for', field);
  }
  return account;
}

export const saveAccountSelection: Handler<'saveAccountSelection'> = async (ctx, payload) => {
  const { storefrontId, selectedAccountId, shipToAccountId } = payload;
  const contactId = requireContact(payload.contactId);
  if (selectedAccountId) await buyingAccount(ctx, storefrontId, selectedAccountId, 'selectedAccountId');
  if (shipToAccountId) {
    await buyingAccount(ctx, storefrontId, shipToAccountId, 'shipToAccountId');
    if (!(await isShipToAccount(ctx.db, shipToAccountId))) {
      throw invalidPayload('does not take orders shipped in behalf of another account', 'shipToAccountId');
    }
  }
  return saveSelection(ctx.db, storefrontId, contactId, { selectedAccountId, shipToAccountId });
};
