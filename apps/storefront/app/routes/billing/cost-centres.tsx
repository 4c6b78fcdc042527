import {
  COST_CENTRE_CODE_MAX,
  COST_CENTRE_NAME_MAX,
  COST_CENTRE_STATE_LABELS,
  COST_CENTRES_PATH,
  type CostCentre,
  type CostCentreField,
} from '@storefront/contracts/crm-cost-centres';
import { data, Form, Link, type MetaDescriptor, redirect, useLocation, useNavigation } from 'react-router';
import {
  type CostCentreResult,
  loadCostCentres,
  saveCostCentreForm,
  saveSettingsForm,
  setCostCentreActiveForm,
} from '../../features/cost-centres/cost-centres.server';
import { ORDERS_PATH } from '../../features/orders/paths';
import { readForm } from '../../lib/form.server';
import { formatDay, formatMoney } from '../../lib/format';
import { GatewayCallError } from '../../lib/gateway';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/cost-centres';
import listStyles from './account-lists.css?url';
import styles from './cost-centres.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: listStyles },
  { rel: 'stylesheet', href: styles },
];
export const meta: Route.MetaFunction = (): MetaDescriptor[] => [{ title: 'Cost centres and grant codes' }];

const MANAGERS_ONLY = 'Only your account’s managers can change its cost centres and grant codes.';

/** The account's codes; `?edit={id}` opens one in the manager's form. */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  const list = await loadCostCentres(session);
  const editId = session.url.searchParams.get('edit');
  const editing = list.canManage ? (list.costCentres.find((code) => code.id === editId) ?? null) : null;
  return { list, editing, saved: session.url.searchParams.get('saved') };
}

export async function action(args: Route.ActionArgs) {
  const session = await requireAccountSession(args);
  const body = await readForm(args.request);
  const intent =
    body.get('intent') === 'setActive' || body.get('intent') === 'settings' ? body.get('intent') : 'save';
  let result: CostCentreResult;
  try {
    result =
      intent === 'setActive'
        ? await setCostCentreActiveForm(session, body)
        : intent === 'settings'
          ? await saveSettingsForm(session, body)
          : await saveCostCentreForm(session, body);
  } catch (error) {
    // The gateway lets only the account's managers change its codes: anyone else is told so, not shown a 500.
    if (!(error instanceof GatewayCallError) || error.status !== 403) throw error;
    const refused: CostCentreResult = { ok: false, intent: 'save', field: null, message: MANAGERS_ONLY };
    return data(refused, { status: 403 });
  }
  // A saved code empties the form for the next one.
  if (result.ok && result.intent === 'save') {
    return redirect(`${COST_CENTRES_PATH}?saved=${encodeURIComponent(result.code)}`);
  }
  return data(result, { status: result.ok ? 200 : 400 });
}

export default function CostCentresPage({ loaderData, actionData }: Route.ComponentProps) {
  const { list, editing, saved } = loaderData;
  const location = useLocation();
  const { canManage, costCentres, currency } = list;
  return (
    <section className="cost-centres" aria-labelledby="cost-centres-heading">
      <h1 id="cost-centres-heading">Cost centres and grant codes</h1>
      <p className="cost-centres__note">
        {canManage
          ? 'Buyers charge each order to one of these codes at checkout. Spend is what placed orders carrying the code came to (cancelled orders give it back).'
          : 'The codes you can charge an order to at checkout. Your account manager keeps this list.'}
        {list.required ? ' Every order needs one.' : ''}
      </p>
      {(actionData?.ok || (saved && !actionData)) && (
        <p className="cost-centres__status" role="status">
          {actionData?.ok ? actionData.message : `${saved} is saved.`}
        </p>
      )}
      {actionData && !actionData.ok && (actionData.intent !== 'save' || !list.canManage) && (
        <p className="checkout-field__error" role="alert">
          {actionData.message}
        </p>
      )}
      {costCentres.length > 0 ? (
        <CostCentreTable costCentres={costCentres} currency={currency} canManage={canManage} />
      ) : (
        <p>{canManage ? 'No codes yet: add the first below.' : 'There are no codes to charge orders to.'}</p>
      )}
      {canManage && (
        <>
          <CostCentreEditor
            // A new page (a save, an edit opened) starts the form afresh; a refusal keeps what was typed.
            key={`${editing?.id ?? 'new'}:${location.key}`}
            editing={editing}
            owners={list.owners}
            currency={currency}
            result={actionData?.intent === 'save' ? actionData : undefined}
          />
          <RequiredSetting required={list.required} />
        </>
      )}
    </section>
  );
}

function validity(code: CostCentre): string {
  if (code.validFrom && code.validUntil)
    return `${formatDay(code.validFrom)} – ${formatDay(code.validUntil)}`;
  if (code.validFrom) return `From ${formatDay(code.validFrom)}`;
  if (code.validUntil) return `Until ${formatDay(code.validUntil)}`;
  return 'Always';
}

function CostCentreTable({
  costCentres,
  currency,
  canManage,
}: {
  costCentres: CostCentre[];
  currency: string;
  canManage: boolean;
}) {
  const navigation = useNavigation();
  return (
    <table className="data-table">
      <caption className="visually-hidden">Cost centres and grant codes of the account, by code</caption>
      <thead>
        <tr>
          <th scope="col">Code</th>
          <th scope="col">Name</th>
          <th scope="col">Owner</th>
          <th scope="col">Valid</th>
          <th scope="col">Status</th>
          <th scope="col" className="data-table__amount">
            Budget
          </th>
          <th scope="col" className="data-table__amount">
            Spent
          </th>
          <th scope="col" className="data-table__amount">
            Remaining
          </th>
          {canManage && <th scope="col">Actions</th>}
        </tr>
      </thead>
      <tbody>
        {costCentres.map((code) => (
          <tr key={code.id}>
            <th scope="row" data-label="Code">
              {code.code}
            </th>
            <td data-label="Name">{code.name}</td>
            <td data-label="Owner">{code.ownerName ?? '—'}</td>
            <td data-label="Valid">{validity(code)}</td>
            <td data-label="Status" className={`cost-centres__state--${code.state}`}>
              {COST_CENTRE_STATE_LABELS[code.state]}
            </td>
            <td data-label="Budget" className="data-table__amount">
              {code.budget === null ? 'No limit' : formatMoney(code.budget, currency)}
            </td>
            <td data-label="Spent" className="data-table__amount">
              {code.spent > 0 ? (
                // What the spend is made of: the orders charged to the code.
                <Link to={`${ORDERS_PATH}?costCentre=${encodeURIComponent(code.code)}`}>
                  {formatMoney(code.spent, currency)}
                  <span className="visually-hidden">, orders charged to {code.code}</span>
                </Link>
              ) : (
                formatMoney(code.spent, currency)
              )}
            </td>
            <td
              data-label="Remaining"
              className={`data-table__amount${code.remaining !== null && code.remaining < 0 ? ' cost-centres__overspent' : ''}`}
            >
              {code.remaining === null ? '—' : formatMoney(code.remaining, currency)}
            </td>
            {canManage && (
              <td data-label="Actions" className="cost-centres__actions data-table__wide">
                <span className="cost-centres__buttons">
                  <Link to={`${COST_CENTRES_PATH}?edit=${encodeURIComponent(code.id)}#cost-centre-form`}>
                    Edit<span className="visually-hidden"> {code.code}</span>
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="intent" value="setActive" />
                    <input type="hidden" name="costCentreId" value={code.id} />
                    <input type="hidden" name="active" value={String(!code.active)} />
                    <button
                      type="submit"
                      className="button button--secondary"
                      disabled={navigation.state !== 'idle'}
                    >
                      {code.active ? 'Deactivate' : 'Activate'}
                      <span className="visually-hidden"> {code.code}</span>
                    </button>
                  </Form>
                </span>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CostCentreEditor({
  editing,
  owners,
  currency,
  result,
}: {
  editing: CostCentre | null;
  owners: { contactId: string; name: string }[];
  currency: string;
  result: CostCentreResult | undefined;
}) {
  const navigation = useNavigation();
  const refusal = result && !result.ok ? result : null;
  const errorOf = (field: CostCentreField) => (refusal?.field === field ? refusal.message : null);
  const field = (name: CostCentreField, label: string, input: React.ReactNode, hint?: string) => {
    const error = errorOf(name);
    return (
      <div className="checkout-field">
        <label htmlFor={`cost-centre-${name}`}>{label}</label>
        {input}
        {hint && <p className="cost-centres__note">{hint}</p>}
        {error && (
          <p id={`cost-centre-${name}-error`} className="checkout-field__error" role="alert">
            {error}
          </p>
        )}
      </div>
    );
  };
  const invalid = (name: CostCentreField) =>
    errorOf(name) ? { 'aria-invalid': true as const, 'aria-describedby': `cost-centre-${name}-error` } : {};
  return (
    <section id="cost-centre-form" className="cost-centres__card" aria-labelledby="cost-centre-form-heading">
      <h2 id="cost-centre-form-heading">
        {editing ? `Edit ${editing.code}` : 'Add a cost centre or grant code'}
      </h2>
      {refusal && !refusal.field && (
        <p className="checkout-field__error" role="alert">
          {refusal.message}
        </p>
      )}
      <Form method="post" noValidate className="checkout-form">
        <input type="hidden" name="intent" value="save" />
        {editing && <input type="hidden" name="costCentreId" value={editing.id} />}
        <div className="cost-centres__fields">
          {field(
            'code',
            'Code',
            <input
              id="cost-centre-code"
              name="code"
              required
              maxLength={COST_CENTRE_CODE_MAX}
              defaultValue={editing?.code ?? ''}
              {...invalid('code')}
            />,
          )}
          {field(
            'name',
            'Name',
            <input
              id="cost-centre-name"
              name="name"
              required
              maxLength={COST_CENTRE_NAME_MAX}
              defaultValue={editing?.name ?? ''}
              {...invalid('name')}
            />,
          )}
          {field(
            'ownerContactId',
            'Owner',
            <select
              id="cost-centre-ownerContactId"
              name="ownerContactId"
              defaultValue={editing?.ownerContactId ?? ''}
              {...invalid('ownerContactId')}
            >
              <option value="">No owner</option>
              {owners.map((owner) => (
                <option key={owner.contactId} value={owner.contactId}>
                  {owner.name}
                </option>
              ))}
            </select>,
          )}
          {field(
            'budget',
            `Budget (${currency})`,
            <input
              id="cost-centre-budget"
              name="budget"
              inputMode="decimal"
              defaultValue={editing?.budget ?? ''}
              {...invalid('budget')}
            />,
            'Empty: no limit.',
          )}
          {field(
            'validFrom',
            'Valid from',
            <input
              id="cost-centre-validFrom"
              name="validFrom"
              type="date"
              defaultValue={editing?.validFrom ?? ''}
              {...invalid('validFrom')}
            />,
          )}
          {field(
            'validUntil',
            'Valid until',
            <input
              id="cost-centre-validUntil"
              name="validUntil"
              type="date"
              defaultValue={editing?.validUntil ?? ''}
              {...invalid('validUntil')}
            />,
          )}
        </div>
        <label className="cost-centres__check">
          <input type="checkbox" name="active" defaultChecked={editing?.active ?? true} /> Active (buyers can
          choose it)
        </label>
        <div className="cost-centres__buttons">
          <button type="submit" className="button" disabled={navigation.state !== 'idle'}>
            {editing ? `Save ${editing.code}` : 'Add code'}
          </button>
          {editing && <Link to={COST_CENTRES_PATH}>Cancel</Link>}
        </div>
      </Form>
    </section>
  );
}

function RequiredSetting({ required }: { required: boolean }) {
  const navigation = useNavigation();
  return (
    <section className="cost-centres__card" aria-labelledby="cost-centre-setting-heading">
      <h2 id="cost-centre-setting-heading">At checkout</h2>
      <Form method="post" className="checkout-form">
        <input type="hidden" name="intent" value="settings" />
        <label className="cost-centres__check">
          <input type="checkbox" name="required" defaultChecked={required} /> Require a cost centre or grant
          code on every order
        </label>
        <div className="cost-centres__buttons">
          <button type="submit" className="button button--secondary" disabled={navigation.state !== 'idle'}>
            Save setting
          </button>
        </div>
      </Form>
    </section>
  );
}
