import type { ShippingPreferences } from '@storefront/contracts/crm-address-book';
import type { ShippingOption } from '@storefront/contracts/crm-shipping';

/**
 * The method a quote without one starts from: the account's own carrier account when it keeps one and the
 * storefront offers it, else its preferred carrier and service when they reach the address; none otherwise.
 */
export function preferredOption(
  options: readonly ShippingOption[],
  preferred: ShippingPreferences | null,
): Pick<ShippingOption, 'ShippingCarrier' | 'ShippingMethod' | 'customerShippingAccount'> | null {
  if (!preferred) return null;
  const { carrier, service, carrierAccountNumber } = preferred;
  const ownOffered = options.some((option) => option.customerShippingAccount !== null);
  if (carrierAccountNumber && ownOffered) {
    return {
      ShippingCarrier: carrier ?? '',
      ShippingMethod: service ?? '',
      customerShippingAccount: carrierAccountNumber,
    };
  }
  return (
    options.find(
      (option) =>
        option.customerShippingAccount === null &&
        option.ShippingCarrier === carrier &&
        option.ShippingMethod === service,
    ) ?? null
  );
}
