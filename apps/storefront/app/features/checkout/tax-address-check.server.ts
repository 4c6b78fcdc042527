import type { AddressForm } from '@storefront/contracts/address-rules';
import { INCOMPLETE_ADDRESS_MESSAGE, isTaxCheckCountry } from '@storefront/contracts/crm-tax';
import { crmCall } from '../../lib/crm.server';
import type { StorefrontSession } from '../../lib/storefront.server';
import type { AddressSuggestion } from './checkout-actions';

/**
 * With the tax service's address validation on, a US or Canadian address it cannot confirm is refused with
 * its suggestion, which the buyer may apply (C§4, C§5); checkout and the address book both ask it. Null: the
 * address may be saved as it is.
 */
export async function taxServiceRefusal(
  session: StorefrontSession,
  address: AddressForm,
): Promise<{ message: string; suggestion: AddressSuggestion | null } | null> {
  if (!isTaxCheckCountry(address.country.trim())) return null;
  const storefrontId = session.storefront.storefrontId;
  if (!(await crmCall(session, 'isAvataxAddressValidation', { storefrontId }))) return null;
  const answer = await crmCall(session, 'resolveAvataxAddress', {
    storefrontId,
    line1: address.address,
    line2: address.address2,
    city: address.city,
    region: address.state,
    country: address.country,
    postalCode: address.zip,
  });
  if (answer.messages.length === 0) return null;
  const [suggested] = answer.validatedAddresses;
  const suggestion = suggested
    ? {
        address: suggested.line1 ?? '',
        address2: suggested.line2 ?? '',
        city: suggested.city ?? '',
        state: suggested.region ?? '',
        zip: suggested.postalCode ?? '',
        country: suggested.country ?? '',
      }
    : null;
  return { message: INCOMPLETE_ADDRESS_MESSAGE, suggestion };
}
