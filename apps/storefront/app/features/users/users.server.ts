import {
  type ListUsersInput,
  listUsersInput,
  newUserInput,
  ROLE_FILTERS,
  type RoleFilter,
  STATUS_FILTERS,
  type StatusFilter,
  type UserListAnswer,
  userUpdateInput,
} from '@storefront/contracts/account-users';
import type { z } from 'zod';
import { GatewayCallError } from '../../lib/gateway';
import type { StorefrontSession } from '../../lib/storefront.server';

/**
 * The manage-users page's calls (spec P§7): listUsers and cognitoActions through the session's gateway client,
 * with the user's own token. The gateway decides the pool, the account and what the user may do; this only
 * reads the page's URL and forms.
 */

export interface UserListQuery {
  status: StatusFilter;
  role: RoleFilter;
  search: string;
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** The tab, role, search and page the URL names; anything else is the first page of all users. */
export function userListQuery(url: URL): UserListQuery {
  const page = Number(url.searchParams.get('page') ?? '1');
  return {
    status: oneOf(STATUS_FILTERS, url.searchParams.get('status'), 'all'),
    role: oneOf(ROLE_FILTERS, url.searchParams.get('role'), 'all'),
    search: (url.searchParams.get('q') ?? '').trim().slice(0, 100),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export async function listUsers(session: StorefrontSession, query: UserListQuery): Promise<UserListAnswer> {
  const data: ListUsersInput = {
    userPoolId: session.storefront.awsUserPoolId,
    user_status: query.status,
    role: query.role,
    page: query.page,
    ...(query.search ? { given_name: query.search } : {}),
  };
  return (await session.gateway('ListUsers', {
    data: JSON.stringify(listUsersInput.parse(data)),
  })) as UserListAnswer;
}

export const USER_INTENTS = [
  'createUser',
  'updateUser',
  'addToGroup',
  'activate',
  'deactivate',
  'resetPassword',
] as const;
export type UserIntent = (typeof USER_INTENTS)[number];

/** What an action answers the page: a success message for the toast, or the problem beside its field. */
export type UserActionResult =
  | { ok: true; intent: UserIntent; username: string; message: string }
  | { ok: false; intent: UserIntent; username: string; message: string; fieldErrors: Record<string, string> };

function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The gateway's data for an intent, checked with the same rules the gateway applies. */
function dataOf(intent: UserIntent, form: FormData): { data: object } | { errors: Record<string, string> } {
  const value = (name: string) => String(form.get(name) ?? '');
  const parse = <S extends z.ZodType>(schema: S, input: unknown) => {
    const parsed = schema.safeParse(input);
    return parsed.success ? { data: parsed.data as object } : { errors: fieldErrorsOf(parsed.error) };
  };
  const names = { given_name: value('given_name'), family_name: value('family_name'), local: value('local') };
  if (intent === 'createUser') {
    return parse(newUserInput, {
      ...names,
      email: value('email'),
      groupName: value('groupName'),
      enabled: form.get('enabled') === 'on',
    });
  }
  if (intent === 'updateUser') return parse(userUpdateInput, names);
  if (intent === 'addToGroup') return { data: { groupName: value('groupName') } };
  return { data: {} };
}

/** Runs one form of the page as the signed-in user. */
export async function userAction(session: StorefrontSession, form: FormData): Promise<UserActionResult> {
  const intent = oneOf(USER_INTENTS, String(form.get('intent')), 'createUser');
  const username = String(form.get('username') ?? '');
  const checked = dataOf(intent, form);
  if ('errors' in checked) {
    return { ok: false, intent, username, message: '', fieldErrors: checked.errors };
  }
  try {
    const answer = (await session.gateway('CognitoActions', {
      action: intent,
      username: username || null,
      data: JSON.stringify(checked.data),
    })) as { message: string };
    return { ok: true, intent, username, message: answer.message };
  } catch (error) {
    if (!(error instanceof GatewayCallError)) throw error;
    // The gateway's field refusals read 'Invalid data: field: problem'.
    const field = /^Invalid data: (\w+): (.*)$/.exec(error.message);
    const fieldErrors: Record<string, string> = field?.[1] && field[2] ? { [field[1]]: field[2] } : {};
    return { ok: false, intent, username, message: field ? '' : error.message, fieldErrors };
  }
}
