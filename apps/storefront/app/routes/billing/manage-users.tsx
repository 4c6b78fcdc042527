import {
  type AccountUser,
  LOCALES,
  ROLE_FILTERS,
  type RoleFilter,
  STATUS_FILTERS,
  type StatusFilter,
  USER_PAGE_SIZE,
} from '@storefront/contracts/account-users';
import { MANAGER_USER_TYPE } from '@storefront/contracts/constants';
import { useEffect, useId, useState } from 'react';
import { Form, Link, type MetaDescriptor, useActionData, useNavigation } from 'react-router';
import { useToast } from '../../components/toast/Toasts';
import { limitAction, loadLimits } from '../../features/approvals/approvals.server';
import { SpendingLimitsSection } from '../../features/approvals/SpendingLimits';
import {
  listUsers,
  type UserActionResult,
  type UserListQuery,
  userAction,
  userListQuery,
} from '../../features/users/users.server';
import { readForm } from '../../lib/form.server';
import { formatCount, formatDay } from '../../lib/format';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/manage-users';
import styles from './manage-users.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];
export const meta: Route.MetaFunction = (): MetaDescriptor[] => [{ title: 'Manage users' }];

/**
 * Manage users, /billing/manageusers (spec P§2-P§8): the account's users by status and role, a name search,
 * pages of 20, and a manager's actions. The gateway decides who may do what; the page shows what it answers.
 */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  const query = userListQuery(session.url);
  const isManager = session.viewer.userType === MANAGER_USER_TYPE;
  // A manager sets the account's spending limits here too (docs/decisions/0064-approvals-and-limits.md).
  const [list, limits] = await Promise.all([
    listUsers(session, query),
    isManager ? loadLimits(session) : null,
  ]);
  return {
    query,
    list,
    limits,
    isManager,
    created: Object.fromEntries(list.allUsers.map((user) => [user.id, formatDay(user.UserCreateDate)])),
  };
}

export async function action(args: Route.ActionArgs) {
  const session = await requireAccountSession(args);
  const form = await readForm(args.request);
  // The limit forms post through a fetcher of their own; everything else is a user action.
  if (form.get('intent') === 'saveLimit') return limitAction(session, form);
  return userAction(session, form);
}

const STATUS_TABS: Record<StatusFilter, string> = {
  all: 'All Users',
  inactive: 'Inactive',
  active: 'Active',
  invited: 'Invited',
};
const ROLE_TABS: Record<RoleFilter, string> = {
  all: 'All Roles',
  AWSManager: 'Manager',
  AWSPortalUser: 'Users',
};

const MANAGE_USERS_PATH = '/billing/manageusers';

/** The page's URL with some of its query changed; a new tab or search starts at page 1. */
function hrefOf(query: UserListQuery, change: Partial<UserListQuery>): string {
  const next = { ...query, page: 1, ...change };
  const params = new URLSearchParams();
  if (next.status !== 'all') params.set('status', next.status);
  if (next.role !== 'all') params.set('role', next.role);
  if (next.search) params.set('q', next.search);
  if (next.page > 1) params.set('page', String(next.page));
  const search = params.toString();
  return search ? `${MANAGE_USERS_PATH}?${search}` : MANAGE_USERS_PATH;
}

export default function ManageUsers({ loaderData }: Route.ComponentProps) {
  const { query, list, limits, isManager, created } = loaderData;
  const actionData = useActionData<typeof action>();
  const result = actionData?.intent === 'saveLimit' ? undefined : actionData;
  const toast = useToast();
  useEffect(() => {
    if (result?.ok) toast.show({ message: result.message, variant: 'success' });
  }, [result, toast]);
  const pages = Math.max(1, Math.ceil(list.totalUsers / USER_PAGE_SIZE));
  // Says when the page has hydrated, so browser tests do not type into a page about to be replaced.
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);

  return (
    <section className="manage-users" aria-labelledby="manage-users-title" data-interactive={interactive}>
      <div className="manage-users__head">
        <h1 id="manage-users-title">Manage users</h1>
        {isManager && <NewUser result={result?.intent === 'createUser' ? result : undefined} />}
      </div>
      {!isManager && (
        <p className="manage-users__notice">
          Only a manager of your account can invite users or change them. Ask a manager of your account.
        </p>
      )}

      <Form method="get" className="manage-users__search" role="search">
        <label htmlFor="user-search">Search by name</label>
        <input id="user-search" name="q" type="search" defaultValue={query.search} maxLength={100} />
        {query.status !== 'all' && <input type="hidden" name="status" value={query.status} />}
        {query.role !== 'all' && <input type="hidden" name="role" value={query.role} />}
        <button type="submit" className="button button--secondary">
          Search
        </button>
      </Form>

      <nav aria-label="User status" className="manage-users__tabs">
        {STATUS_FILTERS.map((status) => (
          <Link
            key={status}
            to={hrefOf(query, { status })}
            aria-current={query.status === status ? 'page' : undefined}
            className="manage-users__tab"
          >
            {STATUS_TABS[status]}{' '}
            <span className="manage-users__count">{formatCount(list.counts.status[status])}</span>
          </Link>
        ))}
      </nav>
      <nav aria-label="User role" className="manage-users__tabs">
        {ROLE_FILTERS.map((role) => (
          <Link
            key={role}
            to={hrefOf(query, { role })}
            aria-current={query.role === role ? 'page' : undefined}
            className="manage-users__tab"
          >
            {ROLE_TABS[role]}{' '}
            <span className="manage-users__count">{formatCount(list.counts.role[role])}</span>
          </Link>
        ))}
      </nav>

      {list.allUsers.length === 0 ? (
        <p className="manage-users__empty">No users match.</p>
      ) : (
        <table className="manage-users__table">
          <caption className="visually-hidden">
            Users, newest first: page {query.page} of {pages}
          </caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Created</th>
              {isManager && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {list.allUsers.map((user) => (
              <tr key={user.id} data-user={user.id}>
                <th scope="row" data-label="Name">
                  {user.given_name} {user.family_name}
                </th>
                <td data-label="Email">{user.email}</td>
                <td data-label="Role">{user.displayGroup}</td>
                <td data-label="Status">
                  <span className={`user-status user-status--${user.status.toLowerCase()}`}>
                    {user.status}
                  </span>
                </td>
                <td data-label="Created">{created[user.id]}</td>
                {isManager && (
                  <td data-label="Actions">
                    {user.actions.length > 0 ? (
                      <UserActions
                        // A changed row starts with its actions closed.
                        key={`${user.status}-${user.GroupName}`}
                        user={user}
                        result={result?.username === user.id ? result : undefined}
                      />
                    ) : (
                      <span className="manage-users__none">No actions</span>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {pages > 1 && (
        <nav aria-label="Pages of users" className="manage-users__pages">
          {query.page > 1 && <Link to={hrefOf(query, { page: query.page - 1 })}>Previous page</Link>}
          <span>
            Page {query.page} of {pages}
          </span>
          {query.page < pages && <Link to={hrefOf(query, { page: query.page + 1 })}>Next page</Link>}
        </nav>
      )}

      {limits && (
        <SpendingLimitsSection
          limits={limits}
          users={list.allUsers.flatMap((user) =>
            user.contactId
              ? [{ contactId: user.contactId, name: `${user.given_name} ${user.family_name}` }]
              : [],
          )}
        />
      )}
    </section>
  );
}

/** A field of the users' forms: its label, and the problem beside it when the last submit had one. */
function Field({
  name,
  label,
  error,
  children,
}: {
  name: string;
  label: string;
  error: string | undefined;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => React.ReactNode;
}) {
  const id = `${useId()}-${name}`;
  return (
    <div className="user-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, ...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {}) })}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

function FormProblem({ result }: { result: UserActionResult | undefined }) {
  if (!result || result.ok || !result.message) return null;
  return (
    <p className="field-error" role="alert">
      {result.message}
    </p>
  );
}

function LocaleSelect(props: { id: string; defaultValue: string }) {
  return (
    <select name="local" {...props}>
      {LOCALES.map((locale) => (
        <option key={locale} value={locale}>
          {locale}
        </option>
      ))}
    </select>
  );
}

function RoleSelect(props: { id: string; defaultValue: string }) {
  return (
    <select name="groupName" {...props}>
      <option value="AWSPortalUser">User</option>
      <option value="AWSManager">Manager</option>
    </select>
  );
}

/** Submitting: the button says so and cannot be pressed twice. */
function useSubmitting(intent: string, username = '') {
  const navigation = useNavigation();
  return (
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === intent &&
    String(navigation.formData?.get('username') ?? '') === username
  );
}

function NewUser({ result }: { result: UserActionResult | undefined }) {
  const errors = result && !result.ok ? result.fieldErrors : {};
  const submitting = useSubmitting('createUser');
  return (
    <details className="user-panel new-user" open={result !== undefined && !result.ok}>
      <summary className="button">New user</summary>
      <Form method="post" className="user-form" key={result?.ok ? 'sent' : 'editing'}>
        <input type="hidden" name="intent" value="createUser" />
        <Field name="email" label="Email" error={errors.email}>
          {(props) => <input {...props} name="email" type="email" autoComplete="off" required />}
        </Field>
        <Field name="given_name" label="First name" error={errors.given_name}>
          {(props) => <input {...props} name="given_name" autoComplete="off" required />}
        </Field>
        <Field name="family_name" label="Last name" error={errors.family_name}>
          {(props) => <input {...props} name="family_name" autoComplete="off" required />}
        </Field>
        <Field name="local" label="Language" error={errors.local}>
          {(props) => <LocaleSelect {...props} defaultValue="en-US" />}
        </Field>
        <Field name="groupName" label="Role" error={errors.groupName}>
          {(props) => <RoleSelect {...props} defaultValue="AWSPortalUser" />}
        </Field>
        <label className="user-check">
          <input type="checkbox" name="enabled" defaultChecked /> Enabled
        </label>
        <FormProblem result={result} />
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? 'Creating…' : 'Create user'}
        </button>
      </Form>
    </details>
  );
}

const ACTION_LABELS = {
  resetPassword: 'Reset password',
  activate: 'Activate',
  deactivate: 'Deactivate',
} as const;

function UserActions({ user, result }: { user: AccountUser; result: UserActionResult | undefined }) {
  const name = `${user.given_name} ${user.family_name}`;
  const errors = result && !result.ok ? result.fieldErrors : {};
  const can = (action: AccountUser['actions'][number]) => user.actions.includes(action);
  const quick = (['resetPassword', 'activate', 'deactivate'] as const).filter(can);
  return (
    <details className="user-panel" open={result !== undefined && !result.ok}>
      <summary className="button button--secondary">
        Actions<span className="visually-hidden"> for {name}</span>
      </summary>
      <div className="user-panel__body">
        {quick.map((action) => (
          <Form method="post" key={action}>
            <input type="hidden" name="intent" value={action} />
            <input type="hidden" name="username" value={user.id} />
            <button type="submit" className="button button--secondary">
              {ACTION_LABELS[action]}
              <span className="visually-hidden"> {name}</span>
            </button>
          </Form>
        ))}
        {can('changeRole') && (
          <Form method="post" className="user-form user-form--inline">
            <input type="hidden" name="intent" value="addToGroup" />
            <input type="hidden" name="username" value={user.id} />
            <Field name="groupName" label={`Role of ${name}`} error={errors.groupName}>
              {(props) => <RoleSelect {...props} defaultValue={user.GroupName ?? 'AWSPortalUser'} />}
            </Field>
            <button type="submit" className="button button--secondary">
              Change role
            </button>
          </Form>
        )}
        {can('edit') && (
          <Form method="post" className="user-form">
            <input type="hidden" name="intent" value="updateUser" />
            <input type="hidden" name="username" value={user.id} />
            <Field name="given_name" label="First name" error={errors.given_name}>
              {(props) => <input {...props} name="given_name" defaultValue={user.given_name} required />}
            </Field>
            <Field name="family_name" label="Last name" error={errors.family_name}>
              {(props) => <input {...props} name="family_name" defaultValue={user.family_name} required />}
            </Field>
            <Field name="local" label="Language" error={errors.local}>
              {(props) => <LocaleSelect {...props} defaultValue={user.locale} />}
            </Field>
            <button type="submit" className="button button--secondary">
              Save<span className="visually-hidden"> {name}</span>
            </button>
          </Form>
        )}
        <FormProblem result={result} />
      </div>
    </details>
  );
}
