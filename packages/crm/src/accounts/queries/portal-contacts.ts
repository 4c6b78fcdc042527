import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import { contacts } from '../../db/schema';

export type PortalContactRow = typeof contacts.$inferSelect;

/** The contact of `accountId` with this email, compared case-insensitively as mail addresses are. */
export async function findContactByEmail(
  db: CrmDb,
  accountId: string,
  email: string,
): Promise<PortalContactRow | undefined> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), sql`lower(${contacts.email}) = lower(${email})`))
    .orderBy(contacts.createdAt)
    .limit(1);
  return row;
}

export async function insertContact(
  db: CrmDb,
  values: { accountId: string; firstName: string; lastName: string; email: string },
): Promise<PortalContactRow> {
  const [row] = await db
    .insert(contacts)
    .values({ id: randomUUID(), ...values })
    .returning();
  if (!row) throw new Error('contact not created');
  return row;
}

/** One contact of one account, locked for the rest of the transaction; undefined when it has no such contact. */
export async function lockAccountContact(
  tx: CrmDb,
  accountId: string,
  contactId: string,
): Promise<PortalContactRow | undefined> {
  const [row] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.accountId, accountId)))
    .for('no key update');
  return row;
}

/** Changes one contact of one account; undefined when the account has no such contact. */
export async function updateAccountContact(
  db: CrmDb,
  accountId: string,
  contactId: string,
  values: Partial<Pick<PortalContactRow, 'awsUserId' | 'portalUserActive'>>,
): Promise<PortalContactRow | undefined> {
  const [row] = await db
    .update(contacts)
    .set(values)
    .where(and(eq(contacts.id, contactId), eq(contacts.accountId, accountId)))
    .returning();
  return row;
}

export type ContactSeed = Pick<
  PortalContactRow,
  'id' | 'accountId' | 'firstName' | 'lastName' | 'email' | 'awsUserId' | 'portalUserActive'
>;

/** Makes the contacts that are missing (the demo users' own); existing ones are left as they are. */
export async function ensureContacts(crm: { db: CrmDb }, rows: readonly ContactSeed[]): Promise<void> {
  if (rows.length > 0)
    await crm.db
      .insert(contacts)
      .values([...rows])
      .onConflictDoNothing();
}
