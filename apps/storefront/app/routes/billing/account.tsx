import type { PostalAddress } from '@storefront/contracts/crm-accounts';
import { useId } from 'react';
import { data, Form, useNavigation } from 'react-router';
import {
  type RelatedAccountRow,
  SELECT_ACCOUNT_INTENT,
  SHIP_TO_INTENT,
  type ShipToChoice,
} from '../../features/accounts/related-accounts';
import { loadAccountPage, saveAccountChoice } from '../../features/accounts/related-accounts.server';
import { SpendingSummary } from '../../features/approvals/ApprovalParts';
import { loadSpending } from '../../features/approvals/approvals.server';
import { orElse } from '../../lib/crm.server';
import { readForm } from '../../lib/form.server';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/account';
import accountStyles from './account.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

/** The account a user acts for, and the Related accounts they may switch to (spec P§2, P§6). */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  const [page, spending] = await Promise.all([
    loadAccountPage(session),
    orElse('Spending', null, () => loadSpending(session)),
  ]);
  return { storefrontName: session.storefront.storefrontName, ...page, spending };
}

/** Select Account and the ship-to account: stored on the server, then every page acts for the choice. */
export async function action(args: Route.ActionArgs) {
  const session = await requireAccountSession(args);
  const result = await saveAccountChoice(session, await readForm(args.request));
  return result.ok ? result : data(result, { status: result.status });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Account | ${loaderData.storefrontName}` : 'Account' },
  { name: 'robots', content: 'noindex' },
];

export default function AccountRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { account, rows, shipTo, spending } = loaderData;
  return (
    <div className="account-page">
      <h1>Account</h1>
      <section className="account-card" aria-labelledby="account-name">
        <h2 id="account-name">{account.Name}</h2>
        <dl className="account-facts">
          <Fact term="Billing address">
            <Address address={account.billingAddress} />
          </Fact>
          <Fact term="Shipping address">
            <Address address={account.shippingAddress} />
          </Fact>
          <Fact term="Payment terms">{account.paymentTerms ?? 'Not set'}</Fact>
          <Fact term="Currency">{account.currency}</Fact>
          <Fact term="Users">{account.usersCount}</Fact>
          {account.parentAccount && <Fact term="Parent account">{account.parentAccount.Name}</Fact>}
        </dl>
        <SpendingSummary spending={spending} />
      </section>
      {actionData && !actionData.ok && (
        <p className="account-page__error" role="alert">
          {actionData.message}
        </p>
      )}
      {actionData?.ok && (
        <p className="account-page__status" role="status">
          {actionData.intent === SELECT_ACCOUNT_INTENT
            ? `You now act for ${account.Name}: its prices, catalogue and cart.`
            : 'Ship-to account saved.'}
        </p>
      )}
      <RelatedAccounts rows={rows} />
      {shipTo.options.length > 0 && <ShipTo choice={shipTo} actingFor={account.Name} />}
    </div>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="account-facts__item">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Address({ address }: { address: PostalAddress | null }) {
  if (!address) return <>Not on file</>;
  return (
    <address>
      {address.street}
      <br />
      {[address.city, [address.state, address.postalCode].filter(Boolean).join(' ')].join(', ')}
      <br />
      {address.country}
    </address>
  );
}

/** One row per account: the master first, then its related sites by name; Select Account on all but the current. */
function RelatedAccounts({ rows }: { rows: RelatedAccountRow[] }) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === SELECT_ACCOUNT_INTENT;
  return (
    <section className="related-accounts" aria-labelledby="related-accounts">
      <h2 id="related-accounts">Related accounts</h2>
      <ul className="related-accounts__list">
        {rows.map((row) => (
          <li key={row.id} className="related-accounts__row">
            <div className="related-accounts__name">
              <span>{row.name}</span>
              {row.place && <span className="related-accounts__place">{row.place}</span>}
            </div>
            <div className="related-accounts__labels">
              {row.labels.map((label) => (
                <span key={label} className="related-accounts__label">
                  {label}
                </span>
              ))}
            </div>
            {row.selectable && (
              <Form method="post" className="related-accounts__action">
                <input type="hidden" name="accountId" value={row.id} />
                <button
                  type="submit"
                  name="intent"
                  value={SELECT_ACCOUNT_INTENT}
                  className="button button--secondary"
                  aria-label={`Select Account ${row.name}`}
                  disabled={busy}
                >
                  Select Account
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The related account orders ship to in behalf of the account acted for (docs/decisions/0025). */
function ShipTo({ choice, actingFor }: { choice: ShipToChoice; actingFor: string }) {
  const selectId = useId();
  return (
    <section className="ship-to" aria-labelledby="ship-to">
      <h2 id="ship-to">Ship-to account</h2>
      <p>Orders can ship to a related site that receives them in behalf of {actingFor}.</p>
      <Form method="post" className="ship-to__form">
        <label htmlFor={selectId}>Ship orders to</label>
        <select id={selectId} name="shipToAccountId" defaultValue={choice.selectedId ?? ''}>
          <option value="">No ship-to account</option>
          {choice.options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
        <button type="submit" name="intent" value={SHIP_TO_INTENT} className="button button--secondary">
          Save ship-to account
        </button>
      </Form>
    </section>
  );
}
