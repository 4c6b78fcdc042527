import { z } from 'zod';
import {
  emailIssue,
  FIRST_NAME_MESSAGES,
  LAST_NAME_MESSAGES,
  personNameIssue,
  tooLong,
} from './address-rules';
import { crmType } from './crm-base';
import { id, quoteScope, text } from './crm-fields';

/**
 * A guest checks out as a new buyer (issue 11, `checkoutAccount`): the company and the person buying. The CRM
 * makes a prospect account and a contact of it and binds the guest's quote to them
 * (docs/decisions/0021-guest-buyers.md). The rules are shared by the CRM (the authority, which answers the first
 * broken one) and the browser (which shows each beside its field before sending).
 */

export const GUEST_BUYER_FIELDS = ['companyName', 'firstName', 'lastName', 'email', 'phone'] as const;
export type GuestBuyerField = (typeof GUEST_BUYER_FIELDS)[number];
export type GuestBuyerForm = Record<GuestBuyerField, string>;

/** The longest value of each field: the lengths of a CRM account name and of a contact's fields. */
export const GUEST_BUYER_LIMITS: Record<GuestBuyerField, number> = {
  companyName: 255,
  firstName: 40,
  lastName: 80,
  email: 80,
  phone: 40,
};

/** Each field as the messages name it (C§5's wording: 'First Name is required', '… should be less than N'). */
const MESSAGE_LABELS: Record<GuestBuyerField, string> = {
  companyName: 'Company Name',
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phone: 'Phone',
};

export const GUEST_BUYER_MESSAGES = {
  companyRequired: 'Company Name is required',
} as const;

export interface GuestBuyerIssue {
  field: GuestBuyerField;
  message: string;
}

/**
 * Every rule the form breaks, in form order, at most one per field: company and names required, names without
 * a space (C§5), email required and of C§5's pattern, phone optional, each within its length.
 */
export function validateGuestBuyer(form: GuestBuyerForm): GuestBuyerIssue[] {
  const ruleOf: Record<GuestBuyerField, () => string | null> = {
    companyName: () => (form.companyName.trim() === '' ? GUEST_BUYER_MESSAGES.companyRequired : null),
    firstName: () => personNameIssue(form.firstName, true, FIRST_NAME_MESSAGES),
    lastName: () => personNameIssue(form.lastName, true, LAST_NAME_MESSAGES),
    email: () => emailIssue(form.email, true),
    phone: () => null,
  };
  return GUEST_BUYER_FIELDS.flatMap((field) => {
    const tooLongMessage =
      form[field].trim().length > GUEST_BUYER_LIMITS[field]
        ? tooLong(MESSAGE_LABELS[field], GUEST_BUYER_LIMITS[field])
        : null;
    const message = ruleOf[field]() ?? tooLongMessage;
    return message ? [{ field, message }] : [];
  });
}

/** Longest value a field's payload takes; the limits above are checked within it and answered with C§5's text. */
const GUEST_BUYER_TEXT_LIMIT = 1000;
const buyerText = text().max(GUEST_BUYER_TEXT_LIMIT).default('');

/** The buyer a guest's quote names: its prospect account and contact. */
const guestBuyerSchema = z.object({
  quoteId: z.string(),
  accountId: z.string(),
  contactId: z.string(),
  companyName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type GuestBuyer = z.infer<typeof guestBuyerSchema>;

// A guest's buyer is theirs alone and changes at checkout: never cached.
const buyerRow = { group: 'ecommerce', cacheable: false } as const;

export const GUEST_BUYER_CRM_TYPES = {
  /**
   * The guest's quote gets its buyer: a prospect account (the company) and its contact, made once per quote
   * and updated by a second call. Only the guest whose secret made the cart (403 otherwise); a signed-in
   * account buys for itself (403). A broken rule is a 400 naming the field, with its message.
   */
  createGuestBuyer: crmType({
    ...buyerRow,
    method: 'POST',
    payload: z.object({
      ...quoteScope,
      quoteId: id,
      companyName: buyerText,
      firstName: buyerText,
      lastName: buyerText,
      email: buyerText,
      phone: buyerText,
    }),
    answer: guestBuyerSchema,
  }),
  /** The buyer the caller's own quote names; null until a guest has named one (and for signed-in buyers). */
  getGuestBuyer: crmType({
    ...buyerRow,
    method: 'POST',
    payload: z.object({ ...quoteScope, quoteId: id }),
    answer: z.object({ buyer: guestBuyerSchema.nullable() }),
  }),
};
