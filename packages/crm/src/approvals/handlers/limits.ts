import { LIMIT_ROLES, type SpendingLimits } from '@storefront/contracts';
import { CrmHttpError, forbidden } from '../../core/errors';
import type { Handler, HandlerContext } from '../../core/handler';
import { accountScope } from '../../core/scope';
import { approversOf } from '../hold';
import {
  accountContacts,
  accountLimits,
  limitOf,
  monthSpend,
  rememberUserType,
  saveLimit,
} from '../queries/limits';
import { contactsById } from '../queries/requests';
import { isManaging, monthStart } from '../rules/limits';

/** The caller as the gateway bound them: their account (checked against the storefront), contact and type. */
interface Caller {
  storefrontId: string;
  accountId: string;
  contactId?: string | undefined;
  userType?: string | undefined;
}

/** The account the call acts for (403 unless it belongs to the storefront); the caller's type remembered. */
export async function callerScope(ctx: HandlerContext, caller: Caller) {
  const scope = await accountScope(ctx, caller.storefrontId, caller.accountId);
  await rememberUserType(ctx.db, {
    contactId: caller.contactId,
    userType: caller.userType,
    accountId: caller.accountId,
  });
  return scope;
}

const nameOf = (contact: { firstName: string; lastName: string }) =>
  `${contact.firstName} ${contact.lastName}`.trim();

async function limitsView(
  ctx: HandlerContext,
  accountId: string,
  currency: string,
  callerId: string | undefined,
): Promise<SpendingLimits> {
  const [rows, contacts] = await Promise.all([
    accountLimits(ctx.db, accountId),
    accountContacts(ctx.db, accountId),
  ]);
  const names = new Map(contacts.map((contact) => [contact.contactId, nameOf(contact)]));
  const limitOfRow = (row: (typeof rows)[number]) => ({
    orderLimit: row.orderLimit,
    monthlyLimit: row.monthlyLimit,
    approverIds: row.approverIds,
  });
  return {
    currency,
    roles: LIMIT_ROLES.flatMap((role) => {
      const row = rows.find((candidate) => candidate.userType === role);
      return row ? [{ role, ...limitOfRow(row) }] : [];
    }),
    users: rows.flatMap((row) =>
      row.contactId
        ? [{ contactId: row.contactId, name: names.get(row.contactId) ?? row.contactId, ...limitOfRow(row) }]
        : [],
    ),
    contacts: contacts.map((contact) => ({
      contactId: contact.contactId,
      name: nameOf(contact),
      email: contact.email,
    })),
    callerId: callerId ?? null,
  };
}

function requireManager(userType: string | undefined): void {
  if (!isManaging(userType)) throw forbidden();
}

/** A manager reads the account's limits. */
export const getSpendingLimits: Handler<'getSpendingLimits'> = async (ctx, payload) => {
  requireManager(payload.userType);
  const scope = await callerScope(ctx, payload);
  return limitsView(ctx, scope.account.id, scope.account.currency, payload.contactId);
};

/**
 * A manager sets a user's or a role's limit. A limit that would apply to the caller (their own, or their
 * role's) is another manager's (or an admin's) to set; users and approvers must be the account's contacts.
 */
export const saveSpendingLimit: Handler<'saveSpendingLimit'> = async (ctx, payload) => {
  requireManager(payload.userType);
  const scope = await callerScope(ctx, payload);
  const accountId = scope.account.id;
  const own = payload.forContactId !== undefined && payload.forContactId === payload.contactId;
  const ownRole = payload.forRole !== undefined && payload.forRole === payload.userType;
  if (own || ownRole) {
    throw new CrmHttpError(
      403,
      'FORBIDDEN',
      'You cannot change a spending limit that applies to you; another manager of your account sets it.',
    );
  }
  const known = new Set((await accountContacts(ctx.db, accountId)).map((contact) => contact.contactId));
  if (payload.forContactId !== undefined && !known.has(payload.forContactId)) {
    throw new CrmHttpError(403, 'FORBIDDEN', 'This user is not of your account.', 'forContactId');
  }
  const approverIds = [...new Set(payload.approverIds)];
  if (approverIds.some((id) => !known.has(id))) {
    throw new CrmHttpError(400, 'INVALID_PAYLOAD', 'Approvers must be users of your account.', 'approverIds');
  }
  if (payload.forContactId !== undefined && approverIds.includes(payload.forContactId)) {
    throw new CrmHttpError(400, 'INVALID_PAYLOAD', 'A user cannot approve their own orders.', 'approverIds');
  }
  await saveLimit(ctx.db, {
    accountId,
    contactId: payload.forContactId ?? null,
    userType: payload.forRole ?? null,
    orderLimit: payload.orderLimit,
    monthlyLimit: payload.monthlyLimit,
    approverIds,
    updatedBy: payload.contactId ?? null,
  });
  return limitsView(ctx, accountId, scope.account.currency, payload.contactId);
};

/** The caller's spend this calendar month against the limit that applies to them. */
export const getMySpending: Handler<'getMySpending'> = async (ctx, payload) => {
  const scope = await callerScope(ctx, payload);
  const { currency } = scope.account;
  if (!payload.contactId) throw forbidden();
  const buyer = { accountId: scope.account.id, contactId: payload.contactId };
  const limit = await limitOf(ctx.db, buyer.accountId, buyer.contactId, payload.userType);
  const spent = await monthSpend(ctx.db, buyer, monthStart(ctx.today), '');
  const approvers = limit
    ? await contactsById(ctx.db, await approversOf(ctx.db, buyer.accountId, limit.approverIds))
    : new Map();
  return {
    currency,
    orderLimit: limit?.orderLimit ?? null,
    monthlyLimit: limit?.monthlyLimit ?? null,
    spent,
    remaining:
      limit?.monthlyLimit != null ? Math.max(0, Math.round((limit.monthlyLimit - spent) * 100) / 100) : null,
    approvers: [...approvers.values()].map((person) => person.name),
  };
};
