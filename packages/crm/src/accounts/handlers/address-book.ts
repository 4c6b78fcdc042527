import {
  ADDRESS_BOOK_FIELDS,
  type AddressForm,
  CARRIER_ACCOUNT_PATTERN,
  type CrmAnswer,
  normalisedAddress,
  type SaveAddressAnswer,
  SHIPPING_PREFERENCE_MESSAGES,
  validateAddress,
} from '@storefront/contracts';
import {
  accountAddressRecord,
  deleteLocation,
  findLocation,
  findLocations,
  type LocationRow,
  locationRecord,
} from '../../checkout';
import { belongsToStorefront } from '../../core/access';
import { type AccountRow, findAccount } from '../../core/accounts';
import { forbidden, notFound } from '../../core/errors';
import type { Handler, HandlerContext } from '../../core/handler';
import { lockLocation } from '../../db/locks';
import { findService, findShippingSettings } from '../../shipping';
import {
  insertBookLocation,
  makeDefaultLocation,
  updateBookLocation,
  updateShippingPreferences,
} from '../queries/address-book';

/**
 * The account's address book and shipping preferences (docs/decisions/0032). Everything acts on the account
 * the gateway verified, which must be a customer of the storefront (not the shared guest account, not a
 * prospect); a location of any other account is refused (403), a child account's included: the book is the
 * account's own.
 */

async function bookAccount(
  ctx: HandlerContext,
  storefrontId: string,
  accountId: string,
): Promise<AccountRow> {
  const account = await findAccount(ctx.db, accountId);
  if (!account || !belongsToStorefront(account, storefrontId) || account.isGuest || account.isProspect) {
    throw forbidden();
  }
  return account;
}

/** The account's location, locked when asked (inside a transaction); 404 unknown, 403 another account's. */
async function ownLocation(
  db: HandlerContext['db'],
  account: AccountRow,
  locationId: string,
  lock = false,
): Promise<LocationRow> {
  const location = await (lock ? lockLocation(db, locationId) : findLocation(db, locationId));
  if (!location) throw notFound('there is no location with this id.', 'locationId');
  if (location.accountId !== account.id) throw forbidden();
  return location;
}

export const getAddressBook: Handler<'getAddressBook'> = async (ctx, { storefrontId, accountId }) => {
  const account = await bookAccount(ctx, storefrontId, accountId);
  const locations = await findLocations(ctx.db, [account.id]);
  return {
    billing: accountAddressRecord(account, 'Billing', false),
    shipping: accountAddressRecord(account, 'Shipping', false),
    locations: locations.map((location) => ({
      ...locationRecord(location, account.name, 'Shipping', false),
      isDefault: location.isDefault,
    })),
  };
};

/**
 * Adds or changes a location. Ownership first (403/404), then every C§5 rule with the book's configuration
 * (a location always has a name); a refused save answers the rule and writes nothing.
 */
export const saveAccountLocation: Handler<'saveAccountLocation'> = async (ctx, payload) => {
  const account = await bookAccount(ctx, payload.storefrontId, payload.accountId);
  if (payload.locationId) await ownLocation(ctx.db, account, payload.locationId);
  const form: AddressForm = {
    address: payload.address,
    address2: payload.address2,
    city: payload.city,
    state: payload.state,
    zip: payload.zip,
    country: payload.country,
    firstName: payload.firstName,
    lastName: payload.lastName,
    phone: payload.phone,
    email: payload.email,
    locName: payload.locName,
  };
  const [issue] = validateAddress(
    form,
    {
      addressType: 'Shipping',
      addressObject: payload.locationId ? 'UpdateLocation' : 'Location',
      addingLocation: true,
    },
    ADDRESS_BOOK_FIELDS,
  );
  if (issue) {
    return {
      saveStatus: 'ERROR',
      locationId: null,
      message: issue.message,
      error: 'INVALID_ADDRESS',
      field: issue.field,
    } satisfies SaveAddressAnswer;
  }
  const fields = {
    name: form.locName.trim(),
    ...normalisedAddress(form),
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    phone: form.phone.trim(),
    email: form.email.trim(),
  };
  const { locationId } = payload;
  const saved = locationId
    ? await ctx.db.transaction(async (db) => {
        // Locked: a delete in parallel either comes first (404 here) or waits for this change.
        await ownLocation(db, account, locationId, true);
        await updateBookLocation(db, locationId, fields);
        return locationId;
      })
    : await insertBookLocation(ctx.db, account.id, fields);
  return { saveStatus: 'SUCCESS', locationId: saved, message: null, error: null, field: null };
};

export const deleteAccountLocation: Handler<'deleteAccountLocation'> = async (ctx, payload) => {
  const account = await bookAccount(ctx, payload.storefrontId, payload.accountId);
  await ctx.db.transaction(async (db) => {
    await ownLocation(db, account, payload.locationId, true);
    await deleteLocation(db, payload.locationId);
  });
  return { locationId: payload.locationId };
};

export const setDefaultAccountLocation: Handler<'setDefaultAccountLocation'> = async (ctx, payload) => {
  const account = await bookAccount(ctx, payload.storefrontId, payload.accountId);
  await ctx.db.transaction(async (db) => {
    await ownLocation(db, account, payload.locationId, true);
    await makeDefaultLocation(db, account.id, payload.locationId);
  });
  return { locationId: payload.locationId };
};

async function customerCarrierAllowed(ctx: HandlerContext, storefrontId: string): Promise<boolean> {
  return (await findShippingSettings(ctx.db, storefrontId))?.customerCarrierAllowed ?? false;
}

export const getShippingPreferences: Handler<'getShippingPreferences'> = async (
  ctx,
  { storefrontId, accountId },
) => {
  const account = await bookAccount(ctx, storefrontId, accountId);
  return {
    carrier: account.preferredShippingCarrier,
    service: account.preferredShippingService,
    carrierAccountNumber: account.carrierAccountNumber,
    allowCustomerShippingAccount: await customerCarrierAllowed(ctx, storefrontId),
  };
};

type PreferencesAnswer = CrmAnswer<'saveShippingPreferences'>;

/**
 * The carrier and service must be one of the storefront's (getShippingPicklists), chosen together; a carrier
 * account number only where the storefront ships on customer carriers (C§3). All empty clears the preference.
 */
export const saveShippingPreferences: Handler<'saveShippingPreferences'> = async (ctx, payload) => {
  const account = await bookAccount(ctx, payload.storefrontId, payload.accountId);
  const { carrier, service, carrierAccountNumber } = payload;
  const refuse = (
    field: 'carrier' | 'service' | 'carrierAccountNumber',
    message: string,
  ): PreferencesAnswer => ({
    saveStatus: 'ERROR',
    message,
    field,
  });
  if (carrier && !findService(carrier, service))
    return refuse('service', SHIPPING_PREFERENCE_MESSAGES.service);
  if (!carrier && service) return refuse('carrier', SHIPPING_PREFERENCE_MESSAGES.service);
  if (carrierAccountNumber) {
    if (!(await customerCarrierAllowed(ctx, payload.storefrontId))) {
      return refuse('carrierAccountNumber', SHIPPING_PREFERENCE_MESSAGES.ownCarrierNotAllowed);
    }
    if (!CARRIER_ACCOUNT_PATTERN.test(carrierAccountNumber)) {
      return refuse('carrierAccountNumber', SHIPPING_PREFERENCE_MESSAGES.carrierAccountNumber);
    }
  }
  const preferences = {
    carrier: carrier || null,
    service: service || null,
    carrierAccountNumber: carrierAccountNumber || null,
  };
  await updateShippingPreferences(ctx.db, account.id, {
    preferredShippingCarrier: preferences.carrier,
    preferredShippingService: preferences.service,
    carrierAccountNumber: preferences.carrierAccountNumber,
  });
  return { saveStatus: 'SUCCESS', preferences };
};
