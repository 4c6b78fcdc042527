import type { PortalContact } from '@storefront/contracts';
import { findAccount } from '../../core/accounts';
import { notFound } from '../../core/errors';
import type { Handler, HandlerContext } from '../../core/handler';
import { recordBusinessEvent } from '../../events';
import {
  findContactByEmail,
  insertContact,
  lockAccountContact,
  type PortalContactRow,
  updateAccountContact,
} from '../queries/portal-contacts';

/**
 * The contacts portal users are (spec P§7): a manager's new user is a contact of the account first, and the
 * contact follows the pool user's name and state. The gateway calls these for the account it has checked.
 */

function contactView(row: PortalContactRow): PortalContact {
  return {
    contactId: row.id,
    accountId: row.accountId,
    awsUserId: row.awsUserId,
    portalUserActive: row.portalUserActive,
  };
}

const noContact = () => notFound('No contact of this account has that id.', 'cid');

export const contactInSF: Handler<'contactInSF'> = async (ctx, payload) => {
  if (!(await findAccount(ctx.db, payload.accId))) throw notFound('No account has that id.', 'accId');
  const found = await findContactByEmail(ctx.db, payload.accId, payload.email);
  if (found) return contactView(found);
  const made = await insertContact(ctx.db, {
    accountId: payload.accId,
    firstName: payload.fn,
    lastName: payload.ln,
    email: payload.email,
  });
  return contactView(made);
};

/**
 * Changes the account's contact and, in the same transaction, records the business event the change is: a pool
 * user linked to a contact that had none is a user created; an active user made inactive is a user deactivated.
 */
async function changeContact(
  ctx: HandlerContext,
  scope: { accId: string; cid: string },
  values: Partial<Pick<PortalContactRow, 'awsUserId' | 'portalUserActive'>>,
): Promise<PortalContact> {
  let recorded = false;
  const row = await ctx.db.transaction(async (tx) => {
    const before = await lockAccountContact(tx, scope.accId, scope.cid);
    if (!before) return undefined;
    const after = await updateAccountContact(tx, scope.accId, scope.cid, values);
    if (!after) return undefined;
    const type =
      before.awsUserId === null && after.awsUserId !== null
        ? 'user.created'
        : before.portalUserActive && !after.portalUserActive
          ? 'user.deactivated'
          : null;
    if (type) {
      const account = await findAccount(tx, after.accountId);
      if (!account) throw noContact();
      await recordBusinessEvent(tx, {
        storefrontId: account.storefrontId,
        type,
        subject: `user:${after.id}`,
        data: {
          contactId: after.id,
          accountId: after.accountId,
          email: after.email,
          firstName: after.firstName,
          lastName: after.lastName,
          active: after.portalUserActive,
        },
      });
      recorded = true;
    }
    return after;
  });
  if (!row) throw noContact();
  if (recorded) void ctx.events.deliver();
  return contactView(row);
}

export const updateContactInSF: Handler<'updateContactInSF'> = (ctx, payload) =>
  changeContact(ctx, payload, { awsUserId: payload.awsUserId });

export const userActivatedInAWS: Handler<'userActivatedInAWS'> = (ctx, payload) =>
  changeContact(ctx, payload, { portalUserActive: true });

export const userDeactivatedInAWS: Handler<'userDeactivatedInAWS'> = (ctx, payload) =>
  changeContact(ctx, payload, { portalUserActive: false });
