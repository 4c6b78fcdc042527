import type { AddressFieldConfig, AddressForm, AddressFormField } from '@storefront/contracts/address-rules';
import { FormField } from './FormField';

const LABELS: Record<AddressFormField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  address: 'Address line 1',
  address2: 'Address line 2',
  city: 'City',
  state: 'State or province',
  zip: 'ZIP or postal code',
  country: 'Country',
  locName: 'Location name',
};

const AUTOCOMPLETE: Partial<Record<AddressFormField, string>> = {
  firstName: 'given-name',
  lastName: 'family-name',
  email: 'email',
  phone: 'tel',
  address: 'address-line1',
  address2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  zip: 'postal-code',
  country: 'country',
};

type ConfiguredField = AddressFormField & keyof AddressFieldConfig;

/** The contact of an address: not asked for a deliver-to address (C§5). */
const CONTACT: readonly ConfiguredField[] = ['firstName', 'lastName', 'email', 'phone'];
const PLACE: readonly ConfiguredField[] = ['address', 'address2', 'city', 'state', 'zip', 'country'];

interface AddressFieldsProps {
  /** Prefix of the inputs' ids, unique on the page. */
  idPrefix: string;
  values: AddressForm;
  errors: Partial<Record<AddressFormField, string>>;
  config: AddressFieldConfig;
  onChange: (field: AddressFormField, value: string) => void;
  /** Whether the contact is asked for (not for a deliver-to address). */
  contact?: boolean;
  /** Whether a location name is asked for (the address is added as a new location; then it is required). */
  locationName?: boolean;
}

/**
 * An address form's inputs, each with its label and its C§5 message beside it (aria-describedby), contact
 * first. Country and state are free text: codes, full names and USA are all accepted (C§5).
 */
export function AddressFields({
  idPrefix,
  values,
  errors,
  config,
  onChange,
  contact = true,
  locationName = false,
}: AddressFieldsProps) {
  const shown: AddressFormField[] = [
    ...(locationName ? (['locName'] as const) : []),
    ...(contact ? CONTACT : []),
    ...PLACE,
  ];
  return (
    <div className="checkout-fields">
      {shown.map((field) => (
        <FormField
          key={field}
          id={`${idPrefix}-${field}`}
          name={field}
          label={LABELS[field]}
          value={values[field]}
          required={field === 'locName' || config[field].required}
          error={errors[field]}
          autoComplete={AUTOCOMPLETE[field]}
          onChange={(value) => onChange(field, value)}
        />
      ))}
    </div>
  );
}
