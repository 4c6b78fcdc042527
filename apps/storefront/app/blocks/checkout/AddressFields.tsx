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

/** The fields the checkout's address forms show, contact first. */
const SHOWN: readonly (AddressFormField & keyof AddressFieldConfig)[] = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'address',
  'address2',
  'city',
  'state',
  'zip',
  'country',
];

interface AddressFieldsProps {
  /** Prefix of the inputs' ids, unique on the page. */
  idPrefix: string;
  values: AddressForm;
  errors: Partial<Record<AddressFormField, string>>;
  config: AddressFieldConfig;
  onChange: (field: AddressFormField, value: string) => void;
}

/**
 * An address form's inputs, each with its label and its C§5 message beside it (aria-describedby). Country and
 * state are free text: codes, full names and USA are all accepted (C§5).
 */
export function AddressFields({ idPrefix, values, errors, config, onChange }: AddressFieldsProps) {
  return (
    <div className="checkout-fields">
      {SHOWN.map((field) => (
        <FormField
          key={field}
          id={`${idPrefix}-${field}`}
          name={field}
          label={LABELS[field]}
          value={values[field]}
          required={config[field].required}
          error={errors[field]}
          autoComplete={AUTOCOMPLETE[field]}
          onChange={(value) => onChange(field, value)}
        />
      ))}
    </div>
  );
}
