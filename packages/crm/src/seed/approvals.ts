import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { CrmDb } from '../db/open';
import * as schema from '../db/schema';

/**
 * The demo's spending limit (docs/decisions/0064-approvals-and-limits.md): Halvorsen's grants buyer may spend
 * 5,000 a calendar month, and an order over what is left waits for the demo manager's approval. A buyer of
 * its own, so the other demo buyers (and the browser tests that order as them) place orders as before.
 */
export const DEMO_SPENDING_LIMIT = {
  account: 'Halvorsen Research Institute',
  buyerEmail: 'grants@halvorsen.example',
  approverEmail: 'manager@halvorsen.example',
  monthlyLimit: 5000,
} as const;

/** Sets the limit once, when the buyer has none (a manager may change it since). */
export async function ensureDemoSpendingLimit(db: CrmDb): Promise<void> {
  const demo = DEMO_SPENDING_LIMIT;
  const [account] = await db
    .select({ id: schema.accounts.id })
    .from(schema.accounts)
    .where(eq(schema.accounts.name, demo.account))
    .limit(1);
  if (!account) return;
  const people = await db
    .select({ id: schema.contacts.id, email: schema.contacts.email })
    .from(schema.contacts)
    .where(
      and(
        eq(schema.contacts.accountId, account.id),
        inArray(schema.contacts.email, [demo.buyerEmail, demo.approverEmail]),
      ),
    );
  const buyer = people.find((person) => person.email === demo.buyerEmail);
  const approver = people.find((person) => person.email === demo.approverEmail);
  if (!buyer || !approver) return;
  await db
    .insert(schema.spendingLimits)
    .values({
      id: randomUUID(),
      accountId: account.id,
      contactId: buyer.id,
      monthlyLimit: demo.monthlyLimit,
      approverIds: [approver.id],
    })
    .onConflictDoNothing();
}
