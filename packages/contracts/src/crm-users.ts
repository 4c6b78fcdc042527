import { z } from 'zod';
import { crmType } from './crm-base';
import { id, text } from './crm-fields';

/**
 * The CRM side of managing users (spec P§7, issue 12): the contact each portal user is, kept in step with the
 * user pools. Only the gateway calls these (CRM_ACCESS 'internal'), after it has checked that the manager acts
 * for `accId`; the CRM also refuses a contact of another account (404), so a wrong id never reaches one.
 */

/** The contact a portal user is; `awsUserId` names the pool user (username plus storefront id). */
const contactAnswer = z.object({
  contactId: z.string(),
  accountId: z.string(),
  awsUserId: z.string().nullable(),
  portalUserActive: z.boolean(),
});
export type PortalContact = z.infer<typeof contactAnswer>;

const userRow = { group: 'ecommerce', cacheable: false } as const;
const contactOfAccount = { accId: id, cid: id };

export const USER_CRM_TYPES = {
  /** The contact of `accId` with this email (case-insensitive), made when there is none. */
  contactInSF: crmType({
    ...userRow,
    method: 'POST',
    payload: z.object({
      accId: id,
      fn: text().trim().min(1, 'must not be empty').max(40),
      ln: text().trim().min(1, 'must not be empty').max(80),
      email: text().trim().min(3, 'must be an email address').max(80),
    }),
    answer: contactAnswer,
  }),
  /** The pool user a contact became: `awsUserId` is the username plus the storefront id. */
  updateContactInSF: crmType({
    ...userRow,
    method: 'POST',
    payload: z.object({ ...contactOfAccount, awsUserId: text().trim().min(1).max(255) }),
    answer: contactAnswer,
  }),
  /** The contact's portal user was enabled in the pool. */
  userActivatedInAWS: crmType({
    ...userRow,
    method: 'GET',
    payload: z.object(contactOfAccount),
    answer: contactAnswer,
  }),
  /** The contact's portal user was disabled in the pool. */
  userDeactivatedInAWS: crmType({
    ...userRow,
    method: 'GET',
    payload: z.object(contactOfAccount),
    answer: contactAnswer,
  }),
};
