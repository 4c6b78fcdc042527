import {
  type AddressFieldConfig,
  type AddressForm,
  type AddressIssue,
  type AddressRecords,
  addressFieldConfigOf,
  type CrmPayload,
  contactName,
  DEFAULT_ADDRESS_FIELD_CONFIG,
  normalisedAddress,
  type SaveAddressAnswer,
  splitContactName,
  validateAddress,
} from '@storefront/contracts';
import {
  changeQuote,
  findChangeableQuote,
  findQuote,
  NO_SHIPPING_METHOD,
  ownQuote,
  type QuoteAddressValues,
  type QuoteScope,
  quoteAddress,
  quoteAddressColumns,
  quoteScope,
  quoteTotal,
  shipsElsewhere,
  storedCharges,
} from '../../cart';
import { type AccountRow, findAccount } from '../../core/accounts';
import { forbidden, invalidPayload, notFound } from '../../core/errors';
import type { Handler, HandlerContext } from '../../core/handler';
import { type AccountScope, accountScope } from '../../core/scope';
import { lockLocation } from '../../db/locks';
import { findCheckoutTemplate } from '../../orders';
import {
  deleteLocation,
  findChildAccounts,
  findLocation,
  findLocations,
  insertLocation,
  type LocationRow,
  updateLocation,
  updateQuoteAddress,
} from '../queries/addresses';
import { accountAddressRecord, isEditedLocation, locationRecord } from '../rules/addresses';

/**
 * The checkout's address book and the quote's addresses (spec C§3, C§4, C§5, C§7). The account is the one the
 * gateway verified; a child account's addresses and locations are reachable through it, any other account's
 * are refused (403). The rules of C§5 are the contract's (address-rules.ts): a save breaking one answers
 * saveStatus ERROR with the message and field, and writes nothing.
 */

export const getAddressRecords: Handler<'getAddressRecords'> = async (
  ctx,
  payload,
): Promise<AddressRecords> => {
  const { addressType, addressObject } = payload;
  // A quote is only read for its owner (a guest by their cart secret); the address book needs the account only.
  const ownerScope = payload.quoteId ? await quoteScope(ctx, payload) : null;
  const { account } = ownerScope ?? (await accountScope(ctx, payload.storefrontId, payload.accountId));
  const children =
    payload.accountSelection === 'HIERARCHY' ? await findChildAccounts(ctx.db, account.id) : [];
  const names = new Map([account, ...children].map((row) => [row.id, row.name]));
  const wantAccounts = addressObject !== 'Location';
  const wantLocations = addressObject !== 'Account';
  const locations = wantLocations ? await findLocations(ctx.db, [...names.keys()]) : [];
  const accountRecords = (rows: AccountRow[], isChild: boolean) =>
    wantAccounts ? rows.flatMap((row) => accountAddressRecord(row, addressType, isChild) ?? []) : [];
  const locationRecords = (isChild: boolean) =>
    locations
      .filter((location) => (location.accountId === account.id) !== isChild)
      .map((location) => locationRecord(location, names.get(location.accountId) ?? '', addressType, isChild));
  const quote =
    payload.quoteId && ownerScope ? ownQuote(await findQuote(ctx.db, payload.quoteId), ownerScope) : null;
  return {
    lstAccount: accountRecords([account], false),
    lstAccountChild: accountRecords(children, true),
    lstLocation: locationRecords(false),
    lstLocationChild: locationRecords(true),
    quoteAddress: quote ? quoteAddress(quote, addressType) : null,
  };
};

type SavePayload = CrmPayload<'saveAddress'>;

/** The account an address belongs to: the account acted for, or one of its child accounts (else 403). */
async function addressOwner(
  ctx: HandlerContext,
  scope: AccountScope,
  accountId: string,
): Promise<AccountRow> {
  if (accountId === scope.account.id) return scope.account;
  const child = await findAccount(ctx.db, accountId);
  if (!child || child.parentAccountId !== scope.account.id) throw forbidden();
  return child;
}

/** The location named by the payload, if it belongs to the account acted for or a child of it. */
async function ownLocation(
  ctx: HandlerContext,
  scope: AccountScope,
  payload: SavePayload,
): Promise<{ location: LocationRow; owner: AccountRow }> {
  if (!payload.locationId) throw invalidPayload(`is required for ${payload.addressObject}.`, 'locationId');
  const location = await findLocation(ctx.db, payload.locationId);
  if (!location) throw notFound('there is no location with this id.', 'locationId');
  const owner = await addressOwner(ctx, scope, location.accountId);
  if (payload.parentAccount && payload.parentAccount !== owner.id) {
    throw invalidPayload('is not the account of the location.', 'parentAccount');
  }
  return { location, owner };
}

/** The address form the payload holds, as the C§5 rules read it. */
function formOf(payload: SavePayload): AddressForm {
  const { firstName, lastName } = splitContactName(payload.contactName);
  const { address, address2, city, state, zip, country, locName } = payload;
  return {
    address,
    address2,
    city,
    state,
    zip,
    country,
    firstName,
    lastName,
    phone: payload.contactPhone,
    email: payload.contactEmail,
    locName,
  };
}

/** The address configuration of the storefront's checkout template the save comes from (C§5); else the defaults. */
async function addressConfigOf(
  ctx: HandlerContext,
  scope: QuoteScope,
  templateId: string | undefined,
): Promise<AddressFieldConfig> {
  if (!templateId) return DEFAULT_ADDRESS_FIELD_CONFIG;
  const template = await findCheckoutTemplate(ctx.db, scope.storefrontId, templateId);
  if (!template) throw notFound('there is no template with this id on this storefront.', 'templateId');
  return addressFieldConfigOf(template.sections);
}

function refused(issue: AddressIssue): SaveAddressAnswer {
  return {
    saveStatus: 'ERROR',
    locationId: null,
    message: issue.message,
    error: 'INVALID_ADDRESS',
    field: issue.field,
  };
}

const saved = (locationId: string | null): SaveAddressAnswer => ({
  saveStatus: 'SUCCESS',
  locationId,
  message: null,
  error: null,
  field: null,
});

/**
 * Saves an address onto the account's own quote and, for the location objects, the location records, in one
 * transaction holding the quote's lock (and the location's). Ownership of the quote, the parent account and
 * the location is checked first (403/404), then the C§5 rules; a refused save changes nothing.
 */
export const saveAddress: Handler<'saveAddress'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  await findChangeableQuote(ctx.db, scope, payload.quoteId);
  const { addressObject, addressType } = payload;
  // The guest account is shared by every guest: it keeps no address book.
  if (addressObject !== 'Account' && scope.account.isGuest) throw forbidden();
  const picked =
    addressObject !== 'Account' && (addressObject !== 'Location' || payload.locationId)
      ? await ownLocation(ctx, scope, payload)
      : null;
  const owner = picked?.owner ?? (await addressOwner(ctx, scope, payload.parentAccount ?? scope.account.id));

  if (addressObject === 'DeleteLocation') {
    const locationId = payload.locationId ?? '';
    await changeQuote(ctx, scope, payload.quoteId, async ({ db }, quote) => {
      await lockLocation(db, locationId);
      await deleteLocation(db, locationId);
      if (quote.shippingLocationId === locationId) {
        await updateQuoteAddress(db, quote.id, { shippingLocationId: null, shippingLocationName: null });
      }
    });
    return saved(locationId);
  }

  const form = formOf(payload);
  const [issue] = validateAddress(
    form,
    { addressType, addressObject, addingLocation: addressObject === 'Location' && !picked },
    await addressConfigOf(ctx, scope, payload.templateId),
  );
  if (issue) return refused(issue);

  const parts = normalisedAddress(form);
  const values: Omit<QuoteAddressValues, 'accountId'> = {
    parts,
    location: null,
    contact: {
      name: contactName(form.firstName, form.lastName),
      email: form.email.trim(),
      phone: form.phone.trim(),
    },
  };
  const locationId = await changeQuote(ctx, scope, payload.quoteId, async ({ db }, quote) => {
    const location = await savedLocation(db, payload, picked, owner, form, parts);
    // A guest's typed address is their named buyer's (the prospect, createGuestBuyer), or nobody's yet.
    const accountId = owner.isGuest ? quote.billToAccountId : owner.id;
    const linked = {
      ...values,
      accountId,
      ...(location && { location: { id: location.id, name: location.name } }),
    };
    const rerate =
      addressType === 'Shipping' && quote.shippingCarrier !== null && shipsElsewhere(quote, parts);
    await updateQuoteAddress(db, quote.id, {
      ...quoteAddressColumns(addressType, linked),
      // The method was rated for the old destination: the buyer chooses again from the new rates.
      ...(rerate && {
        ...NO_SHIPPING_METHOD,
        total: quoteTotal(
          { ...quote, ...storedCharges({ ...quote, ...NO_SHIPPING_METHOD }) },
          quote.currency,
        ),
      }),
    });
    return location?.id ?? null;
  });
  return saved(locationId);
};

/**
 * The location the quote's address is linked to after the save: a new one (Location without locationId), the
 * updated one (UpdateLocation), the picked one unless its address was edited (C§4: then the address is saved
 * at account level, no location); none for an account address.
 */
async function savedLocation(
  db: HandlerContext['db'],
  payload: SavePayload,
  picked: { location: LocationRow } | null,
  owner: AccountRow,
  form: AddressForm,
  parts: ReturnType<typeof normalisedAddress>,
): Promise<{ id: string; name: string } | null> {
  if (payload.addressObject === 'Account') return null;
  if (!picked) return insertLocation(db, owner.id, { name: form.locName.trim(), ...parts });
  // Locked so a parallel change or delete of the location cannot slip between the check and the write.
  const current = await lockLocation(db, picked.location.id);
  if (!current) throw notFound('there is no location with this id.', 'locationId');
  if (payload.addressObject === 'UpdateLocation') {
    const name = form.locName.trim() || current.name;
    await updateLocation(db, current.id, { name, ...parts });
    return { id: current.id, name };
  }
  return isEditedLocation(current, form) ? null : current;
}
