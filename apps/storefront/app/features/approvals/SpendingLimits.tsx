import {
  LIMIT_ROLES,
  type LimitRole,
  type SpendingLimit,
  type SpendingLimits,
} from '@storefront/contracts/crm-approvals';
import { useId } from 'react';
import { useFetcher } from 'react-router';
import { formatMoney } from '../../lib/format';

/** What the limits forms answer: the limits as they now are, or the problem. */
export type LimitActionResult =
  | { intent: 'saveLimit'; ok: true; message: string; limits: SpendingLimits }
  | { intent: 'saveLimit'; ok: false; message: string };

const ROLE_NAMES: Record<LimitRole, string> = { AWSPortalUser: 'Users', AWSManager: 'Managers' };
const NO_LIMIT: SpendingLimit = { orderLimit: null, monthlyLimit: null, approverIds: [] };

const amountText = (amount: number | null) => (amount === null ? '' : amount.toFixed(2));

/**
 * A manager's spending limits on /billing/manageusers (docs/decisions/0064-approvals-and-limits.md): per role,
 * and per user (a user's own limit wins over their role's); empty amounts mean no limit, no approvers chosen
 * means the account's managers approve. The CRM refuses a limit that applies to the manager setting it.
 */
export function SpendingLimitsSection({
  limits,
  users,
}: {
  limits: SpendingLimits;
  /** The account's users on this page of the list, by contact. */
  users: { contactId: string; name: string }[];
}) {
  const money = (amount: number | null) =>
    amount === null ? 'No limit' : formatMoney(amount, limits.currency);
  // A limit that would apply to the manager is another manager's to set.
  const withoutOwn = users.filter(
    (user) =>
      user.contactId !== limits.callerId && !limits.users.some((limit) => limit.contactId === user.contactId),
  );
  return (
    <section className="spending-limits" aria-labelledby="spending-limits-heading">
      <h2 id="spending-limits-heading">Spending limits</h2>
      <p>
        An order over its buyer’s limit per order or per calendar month waits for approval on the Approvals
        page before it is placed. Amounts are in {limits.currency}; leave one empty for no limit.
      </p>
      <h3>By role</h3>
      <div className="spending-limits__grid">
        {LIMIT_ROLES.map((role) => {
          const limit = limits.roles.find((found) => found.role === role) ?? NO_LIMIT;
          return (
            <LimitForm
              key={role}
              title={ROLE_NAMES[role]}
              subject={{ forRole: role }}
              limit={limit}
              contacts={limits.contacts}
            />
          );
        })}
      </div>
      <h3>By user</h3>
      {limits.users.length === 0 ? (
        <p>No user has a limit of their own.</p>
      ) : (
        <table className="manage-users__table spending-limits__table">
          <caption className="visually-hidden">Users with a limit of their own</caption>
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col">Per order</th>
              <th scope="col">Per month</th>
              <th scope="col">Approvers</th>
            </tr>
          </thead>
          <tbody>
            {limits.users.map((limit) => (
              <tr key={limit.contactId}>
                <th scope="row" data-label="User">
                  {limit.name}
                </th>
                <td data-label="Per order">{money(limit.orderLimit)}</td>
                <td data-label="Per month">{money(limit.monthlyLimit)}</td>
                <td data-label="Approvers">{approverNames(limit.approverIds, limits)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="spending-limits__grid">
        {limits.users.map((limit) => (
          <LimitForm
            key={limit.contactId}
            title={`Change ${limit.name}’s limit`}
            subject={{ forContactId: limit.contactId }}
            limit={limit}
            contacts={limits.contacts}
          />
        ))}
        {withoutOwn.length > 0 && (
          <LimitForm
            title="Set a user’s own limit"
            choose={withoutOwn}
            limit={NO_LIMIT}
            contacts={limits.contacts}
          />
        )}
      </div>
    </section>
  );
}

function approverNames(ids: string[], limits: SpendingLimits): string {
  if (ids.length === 0) return 'The account’s managers';
  return ids.map((id) => limits.contacts.find((contact) => contact.contactId === id)?.name ?? id).join(', ');
}

/** One limit's form: a role's, a user's, or (with `choose`) a user picked from the list. */
function LimitForm({
  title,
  subject,
  choose,
  limit,
  contacts,
}: {
  title: string;
  subject?: { forRole: LimitRole } | { forContactId: string };
  choose?: { contactId: string; name: string }[];
  limit: SpendingLimit;
  contacts: SpendingLimits['contacts'];
}) {
  const fetcher = useFetcher<LimitActionResult>();
  const id = useId();
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  return (
    <fetcher.Form method="post" className="spending-limit" aria-label={title}>
      <h4>{title}</h4>
      <input type="hidden" name="intent" value="saveLimit" />
      {subject && 'forRole' in subject && <input type="hidden" name="forRole" value={subject.forRole} />}
      {subject && 'forContactId' in subject && (
        <input type="hidden" name="forContactId" value={subject.forContactId} />
      )}
      {choose && (
        <div className="user-field">
          <label htmlFor={`${id}-user`}>User</label>
          <select id={`${id}-user`} name="forContactId" required defaultValue="">
            <option value="" disabled>
              Choose a user
            </option>
            {choose.map((user) => (
              <option key={user.contactId} value={user.contactId}>
                {user.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="user-field">
        <label htmlFor={`${id}-order`}>Limit per order</label>
        <input
          id={`${id}-order`}
          name="orderLimit"
          inputMode="decimal"
          defaultValue={amountText(limit.orderLimit)}
          placeholder="No limit"
        />
      </div>
      <div className="user-field">
        <label htmlFor={`${id}-month`}>Limit per month</label>
        <input
          id={`${id}-month`}
          name="monthlyLimit"
          inputMode="decimal"
          defaultValue={amountText(limit.monthlyLimit)}
          placeholder="No limit"
        />
      </div>
      <div className="user-field">
        <label htmlFor={`${id}-approvers`}>Approvers (none chosen: the account’s managers)</label>
        <select id={`${id}-approvers`} name="approverIds" multiple size={3} defaultValue={limit.approverIds}>
          {contacts.map((contact) => (
            <option key={contact.contactId} value={contact.contactId}>
              {contact.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button--secondary" disabled={fetcher.state !== 'idle'}>
        {fetcher.state !== 'idle' ? 'Saving…' : 'Save limit'}
      </button>
      {result && (
        <p role={result.ok ? 'status' : 'alert'} className={result.ok ? 'notice' : 'field-error'}>
          {result.message}
        </p>
      )}
    </fetcher.Form>
  );
}
