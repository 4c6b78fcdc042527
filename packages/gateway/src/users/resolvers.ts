import {
  ASSIGNABLE_ROLES,
  type AssignableRole,
  type Envelope,
  envelope,
  listUsersInput,
  newUserInput,
  text,
  USER_MESSAGES,
  type UserAction,
  userNamesInput,
  userUpdateInput,
  usesSingleSignOn,
} from '@storefront/contracts';
import { z } from 'zod';
import { GatewayRefusal, NOT_SIGNED_IN, notAvailableYet } from '../envelope';
import { type Operation, rootField } from '../operation';
import type { Principal } from '../principal';
import { parseInput } from '../resolver-input';
import { UserPoolError } from '../user-pool-admin';
import { userActionWriteKind } from '../write-limits';
import { accountUser, allowedActions, userPage } from './account-users';
import type { DirectoryUser } from './directory';

/**
 * cognitoActions, listUsers, userActions and listCustomerOrgAPIUsers (spec P§5-P§7, issue 12): a manager
 * manages the users of their own account in their storefront's own pool. Every rule is enforced here; the
 * pool and account are the principal's, whatever the client names (docs/decisions/0024-managing-users.md).
 */

/** The helpers read the context, never the arguments, so any field's operation will do. */
type AnyOperation = Operation<unknown>;

/**
 * Whom the caller may see: the users of their own account (the token's `homeAccountId`, whichever related
 * account they act for; never the guest account) in their own storefront's pool.
 */
interface Scope {
  principal: Principal;
  poolId: string;
  accountId: string;
}

async function scopeOf(operation: AnyOperation, claims: { pool?: unknown; account?: unknown } = {}) {
  const principal = await operation.ctx.principal();
  if (!principal.username) throw new GatewayRefusal(401, NOT_SIGNED_IN);
  const { awsUserPoolId, guestAccountId } = principal.storefront;
  if (principal.homeAccountId === guestAccountId) throw new GatewayRefusal(403, USER_MESSAGES.managersOnly);
  const named = (value: unknown) => value !== undefined && value !== null && value !== '';
  if (named(claims.pool) && claims.pool !== awsUserPoolId)
    throw new GatewayRefusal(403, USER_MESSAGES.notFound);
  if (named(claims.account) && claims.account !== principal.homeAccountId) {
    throw new GatewayRefusal(403, USER_MESSAGES.notFound);
  }
  return { principal, poolId: awsUserPoolId, accountId: principal.homeAccountId } satisfies Scope;
}

function management(operation: AnyOperation) {
  const users = operation.ctx.users;
  if (!users) throw new GatewayRefusal(501, notAvailableYet().content);
  return users;
}

async function accountUsers(operation: AnyOperation, scope: Scope): Promise<DirectoryUser[]> {
  return management(operation).directory.accountUsers(scope.poolId, scope.accountId);
}

/** A user of the caller's account, by username (the pool's usernames ignore case); others do not exist. */
async function targetUser(operation: AnyOperation, scope: Scope, username: unknown): Promise<DirectoryUser> {
  const wanted = typeof username === 'string' ? username.toLowerCase() : '';
  const user = (await accountUsers(operation, scope)).find(
    (candidate) => candidate.username.toLowerCase() === wanted,
  );
  if (!wanted || !user) throw new GatewayRefusal(404, USER_MESSAGES.notFound);
  return user;
}

/** A write: a manager only (a guest 401, anyone else 403), on a user of their account this action applies to. */
async function managed(operation: AnyOperation, action: UserAction, scope: Scope, username: unknown) {
  requireManager(scope);
  const user = await targetUser(operation, scope, username);
  if (!allowedActions(scope.principal, user).includes(action)) {
    const singleSignOn =
      usesSingleSignOn(scope.principal.storefront.clientName) &&
      ['activate', 'deactivate', 'resetPassword'].includes(action);
    throw new GatewayRefusal(403, singleSignOn ? USER_MESSAGES.singleSignOn : USER_MESSAGES.notAllowed);
  }
  return user;
}

function requireManager(scope: Scope): void {
  if (scope.principal.userType !== 'AWSManager') throw new GatewayRefusal(403, USER_MESSAGES.managersOnly);
}

/** A pool refusal keeps its meaning; the pool being down is the gateway's 500 already. */
function poolRefusal(error: unknown): never {
  if (!(error instanceof UserPoolError)) throw error;
  if (error.type === 'UsernameExistsException' || error.type === 'AliasExistsException') {
    throw new GatewayRefusal(409, USER_MESSAGES.exists);
  }
  if (error.type === 'UserNotFoundException') throw new GatewayRefusal(404, USER_MESSAGES.notFound);
  // The pool's own limits: its admin operations spend a budget only by sending a user a reset code.
  if (error.type === 'LimitExceededException') throw new GatewayRefusal(429, USER_MESSAGES.tooManyCodes);
  if (error.type === 'TooManyRequestsException') throw new GatewayRefusal(429, error.message);
  throw new GatewayRefusal(400, error.message);
}

async function admin(operation: AnyOperation, name: string, input: Record<string, unknown>) {
  return management(operation).admin(name, input).catch(poolRefusal);
}

/** Whether the pool has a user of this name now, whichever account they belong to. */
async function poolHasUser(operation: AnyOperation, poolId: string, username: string): Promise<boolean> {
  return management(operation)
    .admin('AdminGetUser', { UserPoolId: poolId, Username: username })
    .then(
      () => true,
      (error: unknown) => {
        if (error instanceof UserPoolError && error.type === 'UserNotFoundException') return false;
        return poolRefusal(error);
      },
    );
}

/** After a write: the directory takes the user as the pool now has it, and the answer shows that. */
async function changed(operation: AnyOperation, scope: Scope, username: string, message: string) {
  const user = await management(operation).directory.refresh(scope.poolId, username);
  return envelope(200, { message, user: user ? accountUser(scope.principal, user) : null });
}

/** Keeps the user's CRM contact in step; a contact the CRM does not know is not the pool's problem. */
async function syncContact(
  operation: AnyOperation,
  scope: Scope,
  type: 'userActivatedInAWS' | 'userDeactivatedInAWS',
  contactId: string | null,
): Promise<void> {
  if (!contactId) return;
  const answer = await operation.crm({ type, params: { accId: scope.accountId, cid: contactId } });
  if (answer.statusCode >= 500) throw new GatewayRefusal(answer.statusCode, String(answer.content));
}

/**
 * A new password for a user: someone who never signed in gets a new invitation with a temporary password
 * (FORCE_CHANGE_PASSWORD); anyone else a reset code (RESET_REQUIRED), as P§4's activation says.
 */
async function newPassword(operation: AnyOperation, scope: Scope, user: DirectoryUser): Promise<void> {
  const key = { UserPoolId: scope.poolId, Username: user.username };
  if (user.userStatus === 'FORCE_CHANGE_PASSWORD') {
    await admin(operation, 'AdminCreateUser', {
      ...key,
      MessageAction: 'RESEND',
      DesiredDeliveryMediums: ['EMAIL'],
    });
  } else {
    await admin(operation, 'AdminResetUserPassword', key);
  }
}

const attribute = (Name: string, Value: string) => ({ Name, Value });
/** The custom local attribute keeps Salesforce's form (en_US); the page shows en-US (P§3). */
const localAttribute = (locale: string) => attribute('custom:local', locale.replace('-', '_'));

/**
 * An edit of a managed user's attributes: may this manager edit them (P§5: Active users only), then the
 * attributes `read` parses from the request.
 */
async function editUser(
  operation: AnyOperation,
  scope: Scope,
  username: unknown,
  read: () => { Name: string; Value: string }[],
): Promise<Envelope> {
  const user = await managed(operation, 'edit', scope, username);
  await admin(operation, 'AdminUpdateUserAttributes', {
    UserPoolId: scope.poolId,
    Username: user.username,
    UserAttributes: read(),
  });
  return changed(operation, scope, user.username, USER_MESSAGES.updated);
}

const groupInput = z.object({ groupName: z.enum(ASSIGNABLE_ROLES) });
const recreateInput = z.object({ storefrontId: text().nullish(), domain: text().nullish(), email: text() });
const userActionsInput = z.object({ username: text() });
const apiUsersFilter = z
  .object({
    salesforceUserId: z.union([text(), z.object({ eq: text() }).transform(({ eq }) => eq)]).optional(),
  })
  .nullish();

type ActionBody = (
  operation: AnyOperation,
  scope: Scope,
  data: unknown,
  username: unknown,
) => Promise<Envelope>;

async function listBody(operation: AnyOperation, data: unknown): Promise<Envelope> {
  const input = parseInput(listUsersInput, data ?? {}, 'data');
  const scope = await scopeOf(operation, { pool: input.userPoolId, account: input.salesforceAccountId });
  const users = await accountUsers(operation, scope);
  const query = {
    search: input.given_name?.trim() ?? '',
    status: input.user_status,
    role: input.role,
    page: input.page,
    limit: input.limit,
  };
  const answer = userPage(scope.principal, users, query);
  const invited = answer.allUsers.filter((user) => user.status === 'Invited').map((user) => user.id);
  if (invited.length === 0) return envelope(200, answer);
  const { directory } = management(operation);
  const rechecked = await directory.recheck(scope.poolId, scope.accountId, invited);
  return envelope(200, rechecked === users ? answer : userPage(scope.principal, rechecked, query));
}

/** cognitoActions' actions (P§7). */
const ACTIONS: Record<string, ActionBody> = {
  list: (operation, _scope, data) => listBody(operation, data),

  listUserGroups: async (operation, scope, _data, username) => {
    const user = await targetUser(operation, scope, username);
    return envelope(200, { groups: user.groups });
  },

  createUser: async (operation, scope, data) => {
    requireManager(scope);
    const input = parseInput(newUserInput, data, 'data');
    const { principal } = scope;
    // Nothing is written for an e-mail the pool has already (a user of this or another account): the CRM
    // contact that would come first would be left behind the pool's refusal.
    if (await poolHasUser(operation, scope.poolId, input.email)) {
      throw new GatewayRefusal(409, USER_MESSAGES.exists);
    }
    // The contact first (P§5: no contact, no user).
    const contact = await operation.crm({
      type: 'contactInSF',
      payload: { accId: scope.accountId, fn: input.given_name, ln: input.family_name, email: input.email },
    });
    if (contact.statusCode !== 200) return contact;
    const { contactId } = contact.content as { contactId: string };
    const key = { UserPoolId: scope.poolId, Username: input.email };
    await admin(operation, 'AdminCreateUser', {
      ...key,
      DesiredDeliveryMediums: ['EMAIL'],
      UserAttributes: [
        attribute('email', input.email),
        attribute('email_verified', 'true'),
        attribute('given_name', input.given_name),
        attribute('family_name', input.family_name),
        attribute('custom:salesforceAccountId', scope.accountId),
        attribute('custom:salesforceContactId', contactId),
        attribute('custom:salesforceOrgId', principal.storefront.salesforceOrgId),
        localAttribute(input.local),
        attribute('custom:createdBy', principal.username ?? ''),
      ],
    });
    await admin(operation, input.enabled ? 'AdminEnableUser' : 'AdminDisableUser', key);
    await admin(operation, 'AdminAddUserToGroup', { ...key, GroupName: input.groupName });
    await operation.crm({
      type: 'updateContactInSF',
      payload: {
        accId: scope.accountId,
        cid: contactId,
        awsUserId: `${input.email}${principal.storefront.storefrontId}`,
      },
    });
    await syncContact(
      operation,
      scope,
      input.enabled ? 'userActivatedInAWS' : 'userDeactivatedInAWS',
      contactId,
    );
    return changed(operation, scope, input.email, USER_MESSAGES.created);
  },

  updateUser: (operation, scope, data, username) =>
    editUser(operation, scope, username, () => {
      const input = parseInput(userUpdateInput, data, 'data');
      return [
        attribute('given_name', input.given_name),
        attribute('family_name', input.family_name),
        localAttribute(input.local),
      ];
    }),

  updateUserName: (operation, scope, data, username) =>
    editUser(operation, scope, username, () => {
      const input = parseInput(userNamesInput, data, 'data');
      return [attribute('given_name', input.given_name), attribute('family_name', input.family_name)];
    }),

  addToGroup: async (operation, scope, data, username) => {
    const user = await managed(operation, 'changeRole', scope, username);
    const { groupName } = parseInput(groupInput, data, 'data');
    const key = { UserPoolId: scope.poolId, Username: user.username };
    // One role at a time: the other role group goes before the chosen one is added.
    const others = user.groups.filter(
      (group): group is AssignableRole =>
        group !== groupName && (ASSIGNABLE_ROLES as readonly string[]).includes(group),
    );
    for (const GroupName of others) await admin(operation, 'AdminRemoveUserFromGroup', { ...key, GroupName });
    await admin(operation, 'AdminAddUserToGroup', { ...key, GroupName: groupName });
    return changed(operation, scope, user.username, USER_MESSAGES.roleUpdated);
  },

  activate: async (operation, scope, _data, username) => {
    const user = await managed(operation, 'activate', scope, username);
    // The new password first: it is what the pool may refuse (the user's code budget), and then nothing changed.
    await newPassword(operation, scope, user);
    await admin(operation, 'AdminEnableUser', { UserPoolId: scope.poolId, Username: user.username });
    await syncContact(operation, scope, 'userActivatedInAWS', user.contactId);
    return changed(operation, scope, user.username, USER_MESSAGES.activated);
  },

  deactivate: async (operation, scope, _data, username) => {
    const user = await managed(operation, 'deactivate', scope, username);
    await admin(operation, 'AdminDisableUser', { UserPoolId: scope.poolId, Username: user.username });
    await syncContact(operation, scope, 'userDeactivatedInAWS', user.contactId);
    return changed(operation, scope, user.username, USER_MESSAGES.deactivated);
  },

  resetPassword: async (operation, scope, _data, username) => {
    const user = await managed(operation, 'resetPassword', scope, username);
    await newPassword(operation, scope, user);
    return changed(operation, scope, user.username, USER_MESSAGES.passwordReset);
  },

  /** A new invitation (a new temporary password) for a user who has not signed in yet. */
  recreateUser: async (operation, scope, data) => {
    const input = parseInput(recreateInput, data, 'data');
    const { storefront } = scope.principal;
    if (
      (input.storefrontId && input.storefrontId !== storefront.storefrontId) ||
      (input.domain && input.domain !== storefront.domain)
    ) {
      throw new GatewayRefusal(403, USER_MESSAGES.notFound);
    }
    const user = await managed(operation, 'resetPassword', scope, input.email);
    if (user.userStatus !== 'FORCE_CHANGE_PASSWORD') throw new GatewayRefusal(409, USER_MESSAGES.notAllowed);
    await newPassword(operation, scope, user);
    return changed(operation, scope, user.username, USER_MESSAGES.created);
  },
};

export const userResolvers = {
  cognitoActions: rootField<{ action: string; data?: unknown; username?: string | null }>(
    'cognitoActions',
    async (operation) => {
      const body = Object.hasOwn(ACTIONS, operation.args.action) ? ACTIONS[operation.args.action] : undefined;
      if (!body) throw new GatewayRefusal(400, 'Unknown action');
      const { data, username } = operation.args;
      const claims = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
      const scope = await scopeOf(operation, {
        pool: claims.userPoolId,
        account: claims.salesforceAccountId,
      });
      // Before anything changes: a refused action leaves the user as they were.
      const write = userActionWriteKind(operation.args.action);
      if (write) await operation.ctx.writeLimits.count(write, scope.principal, operation.ctx.clientAddress);
      return body(operation, scope, data, username);
    },
  ),

  listUsers: rootField<{ data?: unknown }>('listUsers', (operation) =>
    listBody(operation, operation.args.data),
  ),

  /** The actions the caller may take on one user of their account (empty unless a manager). */
  userActions: rootField<{ data?: unknown }>('userActions', async (operation) => {
    const { username } = parseInput(userActionsInput, operation.args.data, 'data');
    const scope = await scopeOf(operation);
    const user = await targetUser(operation, scope, username);
    return envelope(200, { username: user.username, actions: allowedActions(scope.principal, user) });
  }),

  /**
   * P§3's customer org API users: how the account's pool users map to the CRM (contact, pool user id, who
   * invited them), for a manager; paged by an opaque offset token.
   */
  listCustomerOrgAPIUsers: rootField<{ filter?: unknown; limit?: number | null; nextToken?: string | null }>(
    'listCustomerOrgAPIUsers',
    async (operation) => {
      const scope = await scopeOf(operation);
      requireManager(scope);
      const filter = parseInput(apiUsersFilter, operation.args.filter, 'filter') ?? {};
      const limit = Math.min(Math.max(operation.args.limit ?? 20, 1), 60);
      const offset = Number(Buffer.from(operation.args.nextToken ?? '', 'base64url').toString() || 0);
      if (!Number.isInteger(offset) || offset < 0) throw new GatewayRefusal(400, 'Invalid nextToken');
      const users = (await accountUsers(operation, scope))
        .filter((user) => !filter.salesforceUserId || user.contactId === filter.salesforceUserId)
        .sort((a, b) => a.username.localeCompare(b.username));
      const items = users.slice(offset, offset + limit).map((user) => ({
        id: user.username,
        salesforceUserId: user.contactId,
        local: user.locale,
        eCProductUsersId: `${user.username}${scope.principal.storefront.storefrontId}`,
        customerOrgApiUsersId: scope.accountId,
        owner: user.createdBy,
      }));
      const next =
        offset + limit < users.length ? Buffer.from(String(offset + limit)).toString('base64url') : null;
      return envelope(200, { items, nextToken: next });
    },
  ),
};
