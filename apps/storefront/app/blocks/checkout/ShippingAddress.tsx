import {
  type AddressForm,
  type AddressFormField,
  validateAddress,
} from '@storefront/contracts/address-rules';
import type { AddressRecord } from '@storefront/contracts/crm-addresses';
import { useEffect, useRef, useState } from 'react';
import { BILLING_PREFIX } from '../../features/checkout/checkout-actions';
import { useCheckoutAction } from '../../features/checkout/use-checkout-action';
import type { BlockProps, ShippingAddressData } from '../types';
import { AddressFields } from './AddressFields';
import {
  type AddressErrors,
  EMPTY_ADDRESS,
  formOfQuoteAddress,
  formOfRecord,
  prefixed,
  sourceOfRecord,
} from './address-form';
import { focusFirstError } from './FormField';
import { Step } from './Step';

/** The shipping address step (C§4): the address book or a new address, and the billing address. */
export function ShippingAddress({ fields, data, block }: BlockProps<'shippingAddress'>) {
  const save = useCheckoutAction();
  if (!data) return <p className="checkout-empty">Your cart is empty: there is nothing to check out.</p>;
  return (
    <Step
      id={block.blockId}
      heading={fields.heading}
      available={data.available}
      complete={data.complete}
      error={
        save.refusal && save.refusal.field === null && !save.refusal.suggestion ? save.refusal.message : null
      }
      busy={save.busy}
    >
      {data.detail && (
        <AddressStep quoteId={data.quoteId} detail={data.detail} config={fields.addressFields} save={save} />
      )}
    </Step>
  );
}

interface AddressStepProps {
  quoteId: string;
  detail: ShippingAddressData;
  config: BlockProps<'shippingAddress'>['fields']['addressFields'];
  save: ReturnType<typeof useCheckoutAction>;
}

const NEW_ADDRESS = 'new';

function AddressStep({ quoteId, detail, config, save }: AddressStepProps) {
  const [picked, setPicked] = useState<string>(() => savedRecordId(detail));
  const [shipping, setShipping] = useState<AddressForm>(() => formOfQuoteAddress(detail.shippingAddress));
  const [useForBilling, setUseForBilling] = useState(true);
  const [billing, setBilling] = useState<AddressForm>(() => formOfQuoteAddress(detail.billingAddress));
  const [errors, setErrors] = useState<{ shipping: AddressErrors; billing: AddressErrors }>({
    shipping: {},
    billing: {},
  });
  const [checked, setChecked] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useBillingAutoSave(quoteId, detail.autoSaveBilling);

  // The CRM's refusal of a field shows beside it, like the browser's own checks.
  const refusal = save.refusal;
  useEffect(() => {
    if (!refusal?.field) return;
    const field = refusal.field;
    const billingField = field.startsWith(BILLING_PREFIX);
    const name = (billingField ? field.slice(BILLING_PREFIX.length) : field) as AddressFormField;
    setErrors(
      billingField
        ? { shipping: {}, billing: { [name]: refusal.message } }
        : { shipping: { [name]: refusal.message }, billing: {} },
    );
  }, [refusal]);
  useEffect(() => {
    const shown = Object.keys(errors.shipping).length + Object.keys(errors.billing).length;
    if (shown > 0) focusFirstError(formRef.current);
  }, [errors]);

  const record = detail.addresses.find((entry) => entry.id === picked) ?? null;
  const pick = (value: string) => {
    setPicked(value);
    const chosen = detail.addresses.find((entry) => entry.id === value);
    // The contact the buyer typed stays unless the picked address names one of its own.
    setShipping((current) =>
      chosen ? withContact(formOfRecord(chosen), current) : { ...EMPTY_ADDRESS, ...contactOf(current) },
    );
    setErrors({ shipping: {}, billing: {} });
  };
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const addressObject = record?.addressObject ?? 'Account';
    const shippingIssues = validateAddress(
      shipping,
      { addressType: 'Shipping', addressObject, addingLocation: false },
      config,
    );
    const billingIssues = useForBilling
      ? []
      : validateAddress(
          billing,
          { addressType: 'Billing', addressObject: 'Account', addingLocation: false },
          config,
        );
    const byField = (issues: typeof shippingIssues) =>
      Object.fromEntries(issues.flatMap((issue) => (issue.field ? [[issue.field, issue.message]] : [])));
    if (shippingIssues.length > 0 || billingIssues.length > 0) {
      setErrors({ shipping: byField(shippingIssues), billing: byField(billingIssues) });
      return;
    }
    setErrors({ shipping: {}, billing: {} });
    save.submit('saveAddress', {
      quoteId,
      ...(record ? sourceOfRecord(record) : { addressObject: 'Account' }),
      ...prefixed(shipping),
      ...(useForBilling ? {} : prefixed(billing, BILLING_PREFIX)),
      useForBilling: String(useForBilling),
      checked: String(checked),
    });
  };
  const suggestion = refusal?.suggestion ?? null;

  return (
    <form ref={formRef} className="checkout-form" noValidate onSubmit={onSubmit}>
      {detail.addresses.length > 0 && (
        <AddressBook addresses={detail.addresses} picked={picked} onPick={pick} />
      )}
      <AddressFields
        idPrefix={`${quoteId}-shipping`}
        values={shipping}
        errors={errors.shipping}
        config={config}
        onChange={(field, value) => {
          setShipping((current) => ({ ...current, [field]: value }));
          setChecked(false);
        }}
      />
      {suggestion && refusal && (
        <div className="checkout-suggestion" role="alert">
          <p>{refusal.message}</p>
          <p>
            {[
              suggestion.address,
              suggestion.address2,
              suggestion.city,
              suggestion.state,
              suggestion.zip,
              suggestion.country,
            ]
              .filter(Boolean)
              .join(', ')}
          </p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setShipping((current) => ({ ...current, ...suggestion }));
              setChecked(true);
            }}
          >
            Apply the suggestion
          </button>
        </div>
      )}
      <div className="field field--check">
        <input
          id={`${quoteId}-use-for-billing`}
          type="checkbox"
          checked={useForBilling}
          onChange={(event) => setUseForBilling(event.target.checked)}
        />
        <label htmlFor={`${quoteId}-use-for-billing`}>Use for billing</label>
      </div>
      {!useForBilling && (
        <fieldset className="checkout-billing">
          <legend>Billing address</legend>
          <AddressFields
            idPrefix={`${quoteId}-billing`}
            values={billing}
            errors={errors.billing}
            config={config}
            onChange={(field, value) => setBilling((current) => ({ ...current, [field]: value }))}
          />
        </fieldset>
      )}
      <button type="submit" className="button" disabled={save.busy}>
        {save.busy ? 'Saving the address…' : 'Save the address'}
      </button>
    </form>
  );
}

/** The address book: the account's addresses and locations, and its child accounts'. */
function AddressBook({
  addresses,
  picked,
  onPick,
}: {
  addresses: AddressRecord[];
  picked: string;
  onPick: (id: string) => void;
}) {
  return (
    <fieldset className="checkout-book">
      <legend>Ship to</legend>
      {addresses.map((entry) => (
        <div key={entry.id} className="field field--check">
          <input
            id={`book-${entry.id}`}
            type="radio"
            name="addressBook"
            value={entry.id}
            checked={picked === entry.id}
            onChange={() => onPick(entry.id)}
          />
          <label htmlFor={`book-${entry.id}`}>
            <strong>{entry.locName ?? entry.name}</strong>
            {entry.isChild ? ' (child account)' : ''}:{' '}
            {[entry.address, entry.city, entry.state, entry.zip, entry.country].filter(Boolean).join(', ')}
          </label>
        </div>
      ))}
      <div className="field field--check">
        <input
          id="book-new"
          type="radio"
          name="addressBook"
          value={NEW_ADDRESS}
          checked={picked === NEW_ADDRESS}
          onChange={() => onPick(NEW_ADDRESS)}
        />
        <label htmlFor="book-new">A new address</label>
      </div>
    </fieldset>
  );
}

/** C§4: a quote without a billing address gets the account's billing address, once, when the step opens. */
function useBillingAutoSave(quoteId: string, record: AddressRecord | null) {
  const autoSave = useCheckoutAction();
  const submit = autoSave.submit;
  const started = useRef(false);
  useEffect(() => {
    if (!record || started.current) return;
    started.current = true;
    submit('saveBilling', { quoteId, ...sourceOfRecord(record), ...prefixed(formOfRecord(record)) });
  }, [quoteId, record, submit]);
}

/** The book's record the quote's saved shipping address came from, else a new address. */
function savedRecordId({ addresses, shippingAddress: saved }: ShippingAddressData): string {
  if (!saved) return NEW_ADDRESS;
  const same = addresses.find(
    (entry) =>
      entry.locationId === saved.locationId &&
      entry.address === saved.address &&
      entry.zip === saved.zip &&
      entry.country === saved.country,
  );
  return same?.id ?? NEW_ADDRESS;
}

const CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const;

function contactOf(form: AddressForm): Pick<AddressForm, (typeof CONTACT_FIELDS)[number]> {
  return { firstName: form.firstName, lastName: form.lastName, email: form.email, phone: form.phone };
}

function withContact(picked: AddressForm, typed: AddressForm): AddressForm {
  const hasContact = CONTACT_FIELDS.some((field) => picked[field].trim() !== '');
  return hasContact ? picked : { ...picked, ...contactOf(typed) };
}
