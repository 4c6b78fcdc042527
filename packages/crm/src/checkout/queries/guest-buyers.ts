import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import { accounts, contacts, quotes } from '../../db/schema';

export type ContactRow = typeof contacts.$inferSelect;

/** What a guest buyer is made of: the company (the prospect account's name) and the person buying. */
export interface GuestBuyerValues {
  companyName: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** The contact a quote names and its prospect account, if the quote's bill-to account is that prospect. */
export async function findQuoteBuyer(
  db: CrmDb,
  quote: { contactId: string | null; billToAccountId: string | null },
): Promise<{ contact: ContactRow; companyName: string } | undefined> {
  if (!quote.contactId || !quote.billToAccountId) return undefined;
  const [row] = await db
    .select({ contact: contacts, companyName: accounts.name })
    .from(contacts)
    .innerJoin(accounts, eq(accounts.id, contacts.accountId))
    .where(
      and(
        eq(contacts.id, quote.contactId),
        eq(contacts.accountId, quote.billToAccountId),
        eq(accounts.isProspect, true),
      ),
    )
    .limit(1);
  return row;
}

/**
 * A prospect account on the guest account's storefront and organisation, in the storefront's currency and
 * seeing its Full catalogue (no catalogue of its own), with the guest account's payment terms: a new buyer
 * gets no more credit than a guest.
 */
export async function insertProspect(
  db: CrmDb,
  guestAccount: typeof accounts.$inferSelect,
  currency: string,
  values: GuestBuyerValues,
): Promise<ContactRow> {
  const accountId = randomUUID();
  await db.insert(accounts).values({
    id: accountId,
    name: values.companyName,
    organisationId: guestAccount.organisationId,
    storefrontId: guestAccount.storefrontId,
    isGuest: false,
    isProspect: true,
    currency,
    catalogueId: null,
    payOnlineTerms: guestAccount.payOnlineTerms,
  });
  const [contact] = await db
    .insert(contacts)
    .values({ id: randomUUID(), accountId, ...contactValues(values) })
    .returning();
  if (!contact) throw new Error('contact not created');
  return contact;
}

/** A second naming of the same quote's buyer changes that prospect and contact instead of making more. */
export async function updateProspect(
  db: CrmDb,
  contact: ContactRow,
  values: GuestBuyerValues,
): Promise<ContactRow> {
  await db.update(accounts).set({ name: values.companyName }).where(eq(accounts.id, contact.accountId));
  const [row] = await db
    .update(contacts)
    .set(contactValues(values))
    .where(eq(contacts.id, contact.id))
    .returning();
  if (!row) throw new Error(`contact ${contact.id} vanished while being updated`);
  return row;
}

function contactValues(values: GuestBuyerValues) {
  const { firstName, lastName, email, phone } = values;
  return { firstName, lastName, email, phone };
}

/** The quote names the contact as its buyer and bills the contact's prospect account. */
export async function bindQuoteToBuyer(db: CrmDb, quoteId: string, contact: ContactRow): Promise<void> {
  await db
    .update(quotes)
    .set({ contactId: contact.id, billToAccountId: contact.accountId, modifiedAt: sql`now()` })
    .where(eq(quotes.id, quoteId));
}
