import {
  type AddressContext,
  type AddressForm,
  type AddressFormField,
  type AddressIssue,
  validateAddress,
} from '@storefront/contracts/address-rules';
import type { AddressRecord } from '@storefront/contracts/crm-addresses';
import { useEffect, useRef, useState } from 'react';
import { BILLING_PREFIX, DELIVER_TO_PREFIX } from '../../features/checkout/checkout-actions';
import { useCheckoutAction } from '../../features/checkout/use-checkout-action';
import type { BlockProps, ShippingAddressData } from '../types';
import { AddressFields } from './AddressFields';
import {
  type AddressErrors,
  addressLine,
  EMPTY_ADDRESS,
  formOfQuoteAddress,
  formOfRecord,
  prefixed,
  sourceOfRecord,
} from './address-form';
import { focusFirstError } from './FormField';
import { Step } from './Step';
import { SuggestedAddress } from './SuggestedAddress';

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
      summary={data.detail?.shippingAddress ? <AddressSummary detail={data.detail} /> : undefined}
      saved={save.result?.ok ? save.result : undefined}
    >
      {data.detail && (
        <AddressStep quoteId={data.quoteId} detail={data.detail} config={fields.addressFields} save={save} />
      )}
    </Step>
  );
}

/** Where the order goes and who receives it; the billing address when it is another one. */
function AddressSummary({ detail }: { detail: ShippingAddressData }) {
  const { shippingAddress: shipTo, billingAddress: billTo, deliverToAddress: deliverTo } = detail;
  if (!shipTo) return null;
  const billing = billTo && addressLine(billTo);
  return (
    <dl className="checkout-summary-lines">
      <dt>Ship to</dt>
      <dd>
        {[shipTo.locName, addressLine(shipTo)].filter(Boolean).join(': ')}
        {shipTo.contactName && (
          <span className="checkout-summary-lines__contact"> · {shipTo.contactName}</span>
        )}
      </dd>
      {deliverTo && (
        <>
          <dt>Deliver to</dt>
          <dd>{addressLine(deliverTo)}</dd>
        </>
      )}
      {billing && (
        <>
          <dt>Bill to</dt>
          <dd>{billing === addressLine(shipTo) ? 'Same as shipping' : billing}</dd>
        </>
      )}
    </dl>
  );
}

interface AddressStepProps {
  quoteId: string;
  detail: ShippingAddressData;
  config: BlockProps<'shippingAddress'>['fields']['addressFields'];
  save: ReturnType<typeof useCheckoutAction>;
}

const NEW_ADDRESS = 'new';

/** C§9: the address loading indicator hides after 2 seconds at most. */
export const ADDRESS_LOADING_MAX_MS = 2000;

/** The step's three address forms, and the billing address as a whole ('Please enter valid Billing Address.'). */
interface StepErrors {
  shipping: AddressErrors;
  billing: AddressErrors;
  deliverTo: AddressErrors;
  billingAddress: string | null;
}

const NO_ERRORS: StepErrors = { shipping: {}, billing: {}, deliverTo: {}, billingAddress: null };

/** A CRM refusal's field as the form it belongs to (by its prefix) and the field in it. */
function errorsOfRefusal(field: string, message: string): StepErrors {
  for (const [form, prefix] of [
    ['billing', BILLING_PREFIX],
    ['deliverTo', DELIVER_TO_PREFIX],
  ] as const) {
    if (field.startsWith(prefix)) {
      return { ...NO_ERRORS, [form]: { [field.slice(prefix.length) as AddressFormField]: message } };
    }
  }
  return { ...NO_ERRORS, shipping: { [field as AddressFormField]: message } };
}

/** Each broken rule beside its field; at most one per field (validateAddress already keeps the first). */
function byField(issues: AddressIssue[]): AddressErrors {
  return Object.fromEntries(issues.flatMap((issue) => (issue.field ? [[issue.field, issue.message]] : [])));
}

function AddressStep({ quoteId, detail, config, save }: AddressStepProps) {
  const [picked, setPicked] = useState<string>(() => savedRecordId(detail));
  const [shipping, setShipping] = useState<AddressForm>(() => {
    const saved = formOfQuoteAddress(detail.shippingAddress);
    // A guest's first shipping contact is the buyer they just named.
    const noContact = !saved.firstName && !saved.lastName && !saved.email && !saved.phone;
    return noContact && detail.buyer ? { ...saved, ...detail.buyer } : saved;
  });
  const [useForBilling, setUseForBilling] = useState(true);
  const [billing, setBilling] = useState<AddressForm>(() => formOfQuoteAddress(detail.billingAddress));
  const [addLocation, setAddLocation] = useState(false);
  const [deliverElsewhere, setDeliverElsewhere] = useState(detail.deliverToAddress !== null);
  const [deliverTo, setDeliverTo] = useState<AddressForm>(() => formOfQuoteAddress(detail.deliverToAddress));
  const [errors, setErrors] = useState<StepErrors>(NO_ERRORS);
  const [checked, setChecked] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const autoSaving = useBillingAutoSave(quoteId, detail.templateId, detail.autoSaveBilling);
  const loading = useLoadingIndicator(save.busy || autoSaving);

  // The CRM's refusal of a field shows beside it, like the browser's own checks.
  const refusal = save.refusal;
  useEffect(() => {
    if (refusal?.field) setErrors(errorsOfRefusal(refusal.field, refusal.message));
  }, [refusal]);
  useEffect(() => {
    if (errors !== NO_ERRORS) focusFirstError(formRef.current);
  }, [errors]);

  const record = detail.addresses.find((entry) => entry.id === picked) ?? null;
  const addingLocation = detail.canAddLocation && picked === NEW_ADDRESS && addLocation;
  const pick = (value: string) => {
    setPicked(value);
    const chosen = detail.addresses.find((entry) => entry.id === value);
    // The contact the buyer typed stays unless the picked address names one of its own.
    setShipping((current) =>
      chosen ? withContact(formOfRecord(chosen), current) : { ...EMPTY_ADDRESS, ...contactOf(current) },
    );
    setErrors(NO_ERRORS);
  };
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const account = { addressObject: 'Account', addingLocation: false } as const;
    const check = (form: AddressForm, context: AddressContext, asked: boolean) =>
      asked ? validateAddress(form, context, config) : [];
    const shippingIssues = check(
      shipping,
      addingLocation
        ? { addressType: 'Shipping', addressObject: 'Location', addingLocation: true }
        : { ...account, addressType: 'Shipping', addressObject: record?.addressObject ?? 'Account' },
      true,
    );
    const billingIssues = check(billing, { ...account, addressType: 'Billing' }, !useForBilling);
    const deliverToIssues = check(deliverTo, { ...account, addressType: 'DeliverTo' }, deliverElsewhere);
    if (shippingIssues.length + billingIssues.length + deliverToIssues.length > 0) {
      setErrors({
        shipping: byField(shippingIssues),
        billing: byField(billingIssues),
        deliverTo: byField(deliverToIssues),
        billingAddress: billingIssues.find((issue) => issue.field === null)?.message ?? null,
      });
      return;
    }
    setErrors(NO_ERRORS);
    const source = addingLocation
      ? { addressObject: 'Location' }
      : record
        ? sourceOfRecord(record)
        : { addressObject: 'Account' };
    save.submit('saveAddress', {
      quoteId,
      templateId: detail.templateId,
      ...source,
      ...prefixed(shipping),
      ...(useForBilling ? {} : prefixed(billing, BILLING_PREFIX)),
      ...(deliverElsewhere ? prefixed(deliverTo, DELIVER_TO_PREFIX) : {}),
      useForBilling: String(useForBilling),
      deliverTo: String(deliverElsewhere),
      checked: String(checked),
    });
  };
  const suggestion = refusal?.suggestion ?? null;
  const billingErrorId = `${quoteId}-billing-error`;

  return (
    <form ref={formRef} className="checkout-form" noValidate onSubmit={onSubmit}>
      {detail.addresses.length > 0 && (
        <AddressBook addresses={detail.addresses} picked={picked} onPick={pick} />
      )}
      {detail.canAddLocation && picked === NEW_ADDRESS && (
        <div className="field field--check">
          <input
            id={`${quoteId}-add-location`}
            type="checkbox"
            checked={addLocation}
            onChange={(event) => setAddLocation(event.target.checked)}
          />
          <label htmlFor={`${quoteId}-add-location`}>Save it as a new location of your account</label>
        </div>
      )}
      <AddressFields
        idPrefix={`${quoteId}-shipping`}
        values={shipping}
        errors={errors.shipping}
        config={config}
        locationName={addingLocation}
        onChange={(field, value) => {
          setShipping((current) => ({ ...current, [field]: value }));
          setChecked(false);
        }}
      />
      {suggestion && refusal && (
        <SuggestedAddress
          message={refusal.message}
          suggestion={suggestion}
          onApply={(applied) => {
            setShipping((current) => ({ ...current, ...applied }));
            setChecked(true);
          }}
        />
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
        <fieldset
          className="checkout-billing"
          aria-describedby={errors.billingAddress ? billingErrorId : undefined}
        >
          <legend>Billing address</legend>
          {errors.billingAddress && (
            <p id={billingErrorId} className="checkout-field__error">
              {errors.billingAddress}
            </p>
          )}
          <AddressFields
            idPrefix={`${quoteId}-billing`}
            values={billing}
            errors={errors.billing}
            config={config}
            onChange={(field, value) => setBilling((current) => ({ ...current, [field]: value }))}
          />
        </fieldset>
      )}
      <div className="field field--check">
        <input
          id={`${quoteId}-deliver-elsewhere`}
          type="checkbox"
          checked={deliverElsewhere}
          onChange={(event) => setDeliverElsewhere(event.target.checked)}
        />
        <label htmlFor={`${quoteId}-deliver-elsewhere`}>Deliver to a different address</label>
      </div>
      {deliverElsewhere && (
        <fieldset className="checkout-billing">
          <legend>Deliver-to address (for example a building or lab on the site)</legend>
          <AddressFields
            idPrefix={`${quoteId}-deliver-to`}
            values={deliverTo}
            errors={errors.deliverTo}
            config={config}
            contact={false}
            onChange={(field, value) => setDeliverTo((current) => ({ ...current, [field]: value }))}
          />
        </fieldset>
      )}
      <p className="checkout-note checkout-loading" role="status">
        {loading ? 'Loading addresses…' : ''}
      </p>
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

/**
 * C§4: a quote without a billing address gets the account's billing address, once, when the step opens.
 * Answers whether that save (and the addresses' reload after it) is under way.
 */
function useBillingAutoSave(quoteId: string, templateId: string, record: AddressRecord | null): boolean {
  const autoSave = useCheckoutAction();
  const submit = autoSave.submit;
  const started = useRef(false);
  useEffect(() => {
    if (!record || started.current) return;
    started.current = true;
    submit('saveBilling', {
      quoteId,
      templateId,
      ...sourceOfRecord(record),
      ...prefixed(formOfRecord(record)),
    });
  }, [quoteId, templateId, record, submit]);
  return autoSave.busy;
}

/**
 * C§9: shown while addresses are saved and loaded again, and hidden after 2 seconds at most, so a slow answer
 * does not leave the step looking stuck.
 */
function useLoadingIndicator(busy: boolean): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    setShown(busy);
    if (!busy) return;
    const timer = setTimeout(() => setShown(false), ADDRESS_LOADING_MAX_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  return shown;
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
