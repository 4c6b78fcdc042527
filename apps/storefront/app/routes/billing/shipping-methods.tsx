import { data, Form, redirect, useNavigation } from 'react-router';
import { serviceKey } from '../../features/address-book/shipping-preferences';
import {
  loadShippingPreferences,
  savePreferences,
} from '../../features/address-book/shipping-preferences.server';
import { readForm } from '../../lib/form.server';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/shipping-methods';
import styles from './shipping-address.css?url';

const PATH = '/billing/shippingmethods';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];

export const meta: Route.MetaFunction = () => [{ title: 'Shipping preferences' }];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  const saved = args.url.searchParams.has('saved');
  return { ...(await loadShippingPreferences(session)), saved };
}

export async function action(args: Route.ActionArgs) {
  const session = await requireAccountSession(args);
  const result = await savePreferences(session, await readForm(args.request));
  return result.ok ? redirect(`${PATH}?saved`) : data(result, { status: 400 });
}

/** The account's preferred carrier and service and its own carrier account number: checkout starts from them. */
export default function ShippingPreferencesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { preferences, carriers, saved } = loaderData;
  const refusal = actionData && !actionData.ok ? actionData : null;
  const navigation = useNavigation();
  const saving = navigation.state !== 'idle';
  const serviceError = refusal && refusal.field !== 'carrierAccountNumber' ? refusal.message : null;
  const accountError = refusal?.field === 'carrierAccountNumber' ? refusal.message : null;
  return (
    <div className="address-book">
      <h1>Shipping preferences</h1>
      {saved && !refusal && (
        <p className="address-book__status" role="status">
          Shipping preferences saved. Checkout will start from them.
        </p>
      )}
      <section className="address-book__card" aria-labelledby="preferred-shipping">
        <h2 id="preferred-shipping">How your orders ship</h2>
        <p className="address-book__note">
          Checkout picks this method for you when it can ship your order that way; you can still change it
          there.
        </p>
        <Form method="post" noValidate className="checkout-form">
          <div className="checkout-field">
            <label htmlFor="preferred-service">Preferred carrier and service</label>
            <select
              id="preferred-service"
              name="service"
              defaultValue={serviceKey(preferences.carrier, preferences.service)}
              aria-invalid={serviceError ? true : undefined}
              aria-describedby={serviceError ? 'preferred-service-error' : undefined}
            >
              <option value="">No preference</option>
              {carriers.map((entry) => (
                <optgroup key={entry.carrier} label={entry.carrier}>
                  {entry.services.map((service) => (
                    <option key={service} value={serviceKey(entry.carrier, service)}>
                      {entry.carrier} {service}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
            {serviceError && (
              <p id="preferred-service-error" className="checkout-field__error">
                {serviceError}
              </p>
            )}
          </div>
          {preferences.allowCustomerShippingAccount && (
            <div className="checkout-field">
              <label htmlFor="carrier-account-number">Your carrier account number</label>
              <input
                id="carrier-account-number"
                name="carrierAccountNumber"
                defaultValue={preferences.carrierAccountNumber ?? ''}
                maxLength={32}
                aria-describedby={`carrier-account-hint${accountError ? ' carrier-account-number-error' : ''}`}
                aria-invalid={accountError ? true : undefined}
              />
              <p id="carrier-account-hint" className="address-book__note">
                Optional. With it, checkout ships on your own account with the carrier and service above.
              </p>
              {accountError && (
                <p id="carrier-account-number-error" className="checkout-field__error">
                  {accountError}
                </p>
              )}
            </div>
          )}
          <div className="address-book__buttons">
            <button type="submit" className="button" disabled={saving}>
              {saving ? 'Saving…' : 'Save preferences'}
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}
