import { OWN_CARRIER_LABEL, type ShippingOption } from '@storefront/contracts/crm-shipping';
import { describe, expect, it } from 'vitest';
import { preferredOption } from './preferred-method';

const rated = (carrier: string, method: string): ShippingOption => ({
  ShippingCarrier: carrier,
  ShippingMethod: method,
  ShippingCharge: 24,
  labelToShow: `${carrier} ${method} (3 days)`,
  customerShippingAccount: null,
  quoteAdditionalSurcharge: 0,
  transitDays: 3,
});
const own: ShippingOption = {
  ...rated('', ''),
  labelToShow: OWN_CARRIER_LABEL,
  customerShippingAccount: '',
  transitDays: null,
};
const options = [rated('FedEx', '2Day'), rated('UPS', 'Ground'), own];
const ups = { carrier: 'UPS', service: 'Ground', carrierAccountNumber: null };

describe('the shipping method a quote without one starts from', () => {
  it("is the preferred carrier's rated service when it reaches the address", () => {
    expect(preferredOption(options, ups)).toBe(options[1]);
    expect(preferredOption([options[0] as ShippingOption, own], ups)).toBeNull();
    expect(preferredOption(options, null)).toBeNull();
  });

  it("is the buyer's own carrier account, with the preferred carrier and service, where it is offered", () => {
    const withAccount = { ...ups, carrierAccountNumber: 'UPS-4471' };
    expect(preferredOption(options, withAccount)).toEqual({
      ShippingCarrier: 'UPS',
      ShippingMethod: 'Ground',
      customerShippingAccount: 'UPS-4471',
    });
    // A storefront without customer carriers offers no own-carrier option: the rated service is used.
    expect(preferredOption(options.slice(0, 2), withAccount)).toBe(options[1]);
  });
});
