import type { AddressForm, AddressFormField } from '@storefront/contracts/address-rules';
import { ADDRESS_BOOK_FIELDS } from '@storefront/contracts/crm-address-book';
import type { AddressRecord } from '@storefront/contracts/crm-addresses';
import { useEffect, useRef, useState } from 'react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { AddressFields } from '../../blocks/checkout/AddressFields';
import {
  type AddressErrors,
  addressLine,
  EMPTY_ADDRESS,
  formOfRecord,
} from '../../blocks/checkout/address-form';
import { focusFirstError } from '../../blocks/checkout/FormField';
import { SuggestedAddress } from '../../blocks/checkout/SuggestedAddress';
import {
  BOOK_DONE,
  BOOK_INTENTS,
  type BookIntent,
  changeAddressBook,
  loadAddressBook,
} from '../../features/address-book/address-book.server';
import type { AddressSuggestion } from '../../features/checkout/checkout-actions';
import { readForm } from '../../lib/form.server';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/shipping-address';
import styles from './shipping-address.css?url';

const PATH = '/billing/shippingaddress';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];

export const meta: Route.MetaFunction = () => [{ title: 'Address book' }];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  const params = args.url.searchParams;
  const done = params.get('done');
  return {
    book: await loadAddressBook(session),
    editing: params.get('edit'),
    done: BOOK_INTENTS.includes(done as BookIntent) ? BOOK_DONE[done as BookIntent] : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const session = await requireAccountSession(args);
  const result = await changeAddressBook(session, await readForm(args.request));
  if (result.ok) return redirect(`${PATH}?done=${result.intent}`);
  return data(result, { status: result.status });
}

export default function AddressBookPage({ loaderData, actionData }: Route.ComponentProps) {
  const { book, editing, done } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : null;
  const editedLocation = book.locations.find((location) => location.id === editing) ?? null;
  return (
    <div className="address-book">
      <h1>Address book</h1>
      {done && !failure && (
        <p className="address-book__status" role="status">
          {done}
        </p>
      )}
      {failure?.problem && (
        <p className="address-book__problem" role="alert">
          {failure.problem}
        </p>
      )}
      <section className="address-book__card" aria-labelledby="account-addresses">
        <h2 id="account-addresses">Account addresses</h2>
        <p className="address-book__note">
          Your account's billing and shipping address, kept by your account manager.
        </p>
        <dl className="address-book__account">
          <AccountAddress term="Billing address" record={book.billing} />
          <AccountAddress term="Shipping address" record={book.shipping} />
        </dl>
      </section>
      <section className="address-book__card" aria-labelledby="locations">
        <h2 id="locations">Shipping locations</h2>
        {book.locations.length === 0 ? (
          <p>You have no shipping locations yet.</p>
        ) : (
          <ul className="address-book__list">
            {book.locations.map((location) => (
              <LocationItem key={location.id} location={location} />
            ))}
          </ul>
        )}
      </section>
      <LocationEditor
        // A new location or another one to edit starts the form afresh.
        key={editedLocation?.id ?? 'new'}
        location={editedLocation}
        values={failure?.values ?? null}
        errors={failure?.errors ?? {}}
        taxCheck={failure?.taxCheck ?? null}
      />
    </div>
  );
}

function AccountAddress({ term, record }: { term: string; record: AddressRecord | null }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{record ? addressLine(record) : 'Not on file'}</dd>
    </div>
  );
}

function LocationItem({ location }: { location: AddressRecord & { isDefault: boolean } }) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const name = location.locName ?? '';
  const contact = [`${location.firstName} ${location.lastName}`.trim(), location.phone, location.email]
    .filter(Boolean)
    .join(' · ');
  return (
    <li className="address-book__item">
      <div className="address-book__place">
        <h3>
          {name}
          {location.isDefault && <span className="address-book__default"> Default</span>}
        </h3>
        <p>{addressLine(location)}</p>
        {contact && <p className="address-book__contact">{contact}</p>}
      </div>
      <div className="address-book__actions">
        <Link
          to={`?edit=${encodeURIComponent(location.id)}#location-form`}
          className="button button--secondary"
          aria-label={`Edit ${name}`}
        >
          Edit
        </Link>
        {!location.isDefault && (
          <Form method="post">
            <input type="hidden" name="locationId" value={location.id} />
            <button
              type="submit"
              name="intent"
              value="default"
              className="button button--secondary"
              aria-label={`Make default: ${name}`}
              disabled={busy}
            >
              Make default
            </button>
          </Form>
        )}
        <Form method="post">
          <input type="hidden" name="locationId" value={location.id} />
          <button
            type="submit"
            name="intent"
            value="delete"
            className="button button--secondary"
            aria-label={`Delete ${name}`}
            disabled={busy}
          >
            Delete
          </button>
        </Form>
      </div>
    </li>
  );
}

/** Adds a location or changes the one picked; every C§5 message shows beside its field (the server's check). */
function LocationEditor({
  location,
  values,
  errors,
  taxCheck,
}: {
  location: (AddressRecord & { isDefault: boolean }) | null;
  values: AddressForm | null;
  errors: AddressErrors;
  taxCheck: { message: string; suggestion: AddressSuggestion } | null;
}) {
  const [form, setForm] = useState<AddressForm>(
    values ?? (location ? formOfRecord(location) : EMPTY_ADDRESS),
  );
  // Fields changed since the server's answer lose its message; a new answer shows all of its own.
  const [fixed, setFixed] = useState<{ answer: AddressErrors; fields: AddressFormField[] }>({
    answer: errors,
    fields: [],
  });
  const shownErrors = Object.fromEntries(
    Object.entries(errors).filter(
      ([field]) => fixed.answer !== errors || !fixed.fields.includes(field as AddressFormField),
    ),
  ) as AddressErrors;
  // The suggestion applied: the tax service is not asked again until the address changes.
  const [checked, setChecked] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'save';
  // The server's answer keeps what was typed; the first field it refuses takes the focus.
  useEffect(() => {
    if (values) setForm(values);
    if (Object.keys(errors).length > 0) focusFirstError(formRef.current);
  }, [values, errors]);
  const onChange = (field: AddressFormField, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setChecked(false);
    setFixed((current) => ({
      answer: errors,
      fields: [...(current.answer === errors ? current.fields : []), field],
    }));
  };
  return (
    <section className="address-book__card" aria-labelledby="location-form">
      <h2 id="location-form">{location ? `Edit ${location.locName ?? ''}` : 'Add a location'}</h2>
      <Form method="post" noValidate ref={formRef} className="checkout-form">
        {location && <input type="hidden" name="locationId" value={location.id} />}
        <AddressFields
          idPrefix="book"
          values={form}
          errors={shownErrors}
          config={ADDRESS_BOOK_FIELDS}
          onChange={onChange}
          locationName
        />
        <input type="hidden" name="checked" value={String(checked)} />
        {taxCheck && !checked && (
          <SuggestedAddress
            message={taxCheck.message}
            suggestion={taxCheck.suggestion}
            onApply={(applied) => {
              setForm((current) => ({ ...current, ...applied }));
              setChecked(true);
            }}
          />
        )}
        <div className="address-book__buttons">
          <button type="submit" name="intent" value="save" className="button" disabled={saving}>
            {saving ? 'Saving…' : 'Save location'}
          </button>
          {location && (
            <Link to="." className="button button--secondary">
              Cancel
            </Link>
          )}
        </div>
      </Form>
    </section>
  );
}
