import { z } from 'zod';
import { crmType } from './crm-base';
import { id, text } from './crm-fields';
import { ACCOUNT_PAY_ONLINE_TERMS } from './crm-payments';

/**
 * Related accounts and the ship-to account (spec P§2, P§6, C§1, C§6; docs/decisions/0025-related-accounts.md).
 * A master account relates other accounts through portal accessible account records (Master_Account,
 * Related_Account, Portal_Context); a user of the master may act for a related account ("Select Account") and
 * have orders shipped to a related account that takes them in its behalf. The choice is kept per storefront
 * and contact by the CRM, so every instance of the gateway and every device of the user see the same one.
 */

/** The account fields a related account record may carry besides Id and Name (its displayFields). */
export const PA_ACCOUNT_FIELDS = [
  'BillingCity',
  'BillingState',
  'BillingCountry',
  'ShippingCity',
  'ShippingState',
  'ShippingCountry',
  'CurrencyIsoCode',
] as const;
export type PaAccountField = (typeof PA_ACCOUNT_FIELDS)[number];

/** The only object whose records the list reads: other objects are not portal accessible. */
export const PA_ACCOUNT_OBJECT = 'Portal_Accessible_Account__c';

const accountRef = z.object({ Id: z.string(), Name: z.string() });

/** One portal accessible account record: the master, the related account with its configured fields. */
export const paAccountSchema = z.object({
  Id: z.string(),
  Master_Account: accountRef,
  Related_Account: accountRef.extend(
    Object.fromEntries(PA_ACCOUNT_FIELDS.map((field) => [field, z.string().optional()])) as Record<
      PaAccountField,
      z.ZodOptional<z.ZodString>
    >,
  ),
  Portal_Context: z.boolean(),
  /** The related account takes orders shipped in the master's behalf (the in-behalf ship-to account). */
  Ship_To: z.boolean(),
});
export type PaAccount = z.infer<typeof paAccountSchema>;

/** An account's postal address as the account page shows it. */
const postalAddress = z.object({
  street: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
});
export type PostalAddress = z.infer<typeof postalAddress>;

/** What the account page shows of an account (P§2 /billing/account). */
export const accountDetailsSchema = z.object({
  Id: z.string(),
  Name: z.string(),
  billingAddress: postalAddress.nullable(),
  shippingAddress: postalAddress.nullable(),
  paymentTerms: z.enum(ACCOUNT_PAY_ONLINE_TERMS).nullable(),
  currency: z.string(),
  /** The people of the account the CRM knows (its contacts). */
  usersCount: z.number().int().nonnegative(),
  parentAccount: accountRef.nullable(),
});
export type AccountDetails = z.infer<typeof accountDetailsSchema>;

/** The accounts a contact chose: the account they act for and the ship-to account; null is their own / none. */
export const accountChoiceSchema = z.object({
  selectedAccountId: z.string().nullable(),
  shipToAccountId: z.string().nullable(),
});
export type AccountChoice = z.infer<typeof accountChoiceSchema>;

/** A contact's choice: who the storefront and contact are is the gateway's to say (the principal's). */
const selectionScope = { storefrontId: id, contactId: id.optional() };

// Relations and choices change while a user is signed in: never cached by the result cache (the gateway
// keeps the relations briefly in a cache of its own, docs/decisions/0025).
const accountRow = { group: 'ecommerce', cacheable: false, method: 'POST' } as const;

export const ACCOUNT_CRM_TYPES = {
  /**
   * The related accounts of a master (P§7): records whose Master_Account equals `queryFilters.Master_Account`,
   * which must be the account the call acts for (403 otherwise); Portal_Context records only when
   * `isPortalContext`; `searchText` matches the related account's name. Sorted by name.
   */
  getPAAccounts: crmType({
    ...accountRow,
    payload: z.object({
      storefrontId: id,
      accountId: id,
      displayFields: z.array(z.enum(PA_ACCOUNT_FIELDS)).max(PA_ACCOUNT_FIELDS.length).default([]),
      obj: text().max(80).default(PA_ACCOUNT_OBJECT),
      searchText: text().max(255).default(''),
      queryFilters: z.object({ Master_Account: id }),
      isPortalContext: z.boolean().default(false),
    }),
    answer: z.array(paAccountSchema),
  }),
  /** The account page's account: name, addresses, payment terms, currency, users' count and parent. */
  getAccountDetails: crmType({
    ...accountRow,
    payload: z.object({ storefrontId: id, accountId: id }),
    answer: accountDetailsSchema,
  }),
  /** The contact's stored choice (read by the gateway when it builds the principal). */
  getAccountSelection: crmType({
    ...accountRow,
    payload: z.object(selectionScope),
    answer: accountChoiceSchema,
  }),
  /**
   * Stores the contact's choice. The gateway has checked that both accounts are ones the principal may act
   * for; the CRM checks they are accounts of the storefront, not its guest account, and that a ship-to
   * account takes orders in behalf of another (400 naming the field otherwise). Null clears a choice.
   */
  saveAccountSelection: crmType({
    ...accountRow,
    payload: z.object({
      ...selectionScope,
      selectedAccountId: id.nullable(),
      shipToAccountId: id.nullable().default(null),
    }),
    answer: accountChoiceSchema,
  }),
};
