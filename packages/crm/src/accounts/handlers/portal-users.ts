import type { PortalContact } from '@storefront/contracts';
import { findAccount } from '../../core/accounts';
import { notFound } from '../../core/errors';
import type { Handler } from '../../core/handler';
import {
  findContactByEmail,
  insertContact,
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

export const updateContactInSF: Handler<'updateContactInSF'> = async (ctx, payload) => {
  const row = await updateAccountContact(ctx.db, payload.accId, payload.cid, {
    awsUserId: payload.awsUserId,
  });
  if (!row) throw noContact();
  return contactView(row);
};

export const userActivatedInAWS: Handler<'userActivatedInAWS'> = async (ctx, payload) => {
  const row = await updateAccountContact(ctx.db, payload.accId, payload.cid, { portalUserActive: true });
  if (!row) throw noContact();
  return contactView(row);
};

export const userDeactivatedInAWS: Handler<'userDeactivatedInAWS'> = async (ctx, payload) => {
  const row = await updateAccountContact(ctx.db, payload.accId, payload.cid, { portalUserActive: false });
  if (!row) throw noContact();
  return contactView(row);
};
