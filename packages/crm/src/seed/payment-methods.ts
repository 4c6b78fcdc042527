import type { CardBrand } from '@storefront/contracts';
import { inArray } from 'drizzle-orm';
import type { CrmDb } from '../db/open';
import * as schema from '../db/schema';

/**
 * The accounts whose buyers find saved cards in the demo, as the test provider would have answered them:
 * token, brand, last 4 and expiry only. The others start with none.
 */
const DEMO_CARDS: Readonly<Record<string, readonly DemoCard[]>> = {
  'Halvorsen Research Institute': [
    { key: 'visa', brand: 'Visa', last4: '4242', expMonth: 8, expYear: 2029, isDefault: true },
    { key: 'mastercard', brand: 'MasterCard', last4: '4444', expMonth: 3, expYear: 2031, isDefault: false },
  ],
  'Marlowe Genomics Core': [
    { key: 'amex', brand: 'American Express', last4: '1009', expMonth: 6, expYear: 2030, isDefault: true },
  ],
};

interface DemoCard {
  key: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
}

/**
 * The demo cards (on each storefront), for an account with no card that has never started saving one: once
 * its buyers have used the page, what they did is kept.
 */
export async function addDemoPaymentMethods(db: CrmDb): Promise<void> {
  const accounts = await db
    .select({ id: schema.accounts.id, name: schema.accounts.name })
    .from(schema.accounts)
    .where(inArray(schema.accounts.name, Object.keys(DEMO_CARDS)));
  if (accounts.length === 0) return;
  const ids = accounts.map((row) => row.id);
  const used = await db
    .select({ accountId: schema.paymentMethodRequests.accountId })
    .from(schema.paymentMethodRequests)
    .where(inArray(schema.paymentMethodRequests.accountId, ids));
  const withCards = await db
    .select({ accountId: schema.paymentMethods.accountId })
    .from(schema.paymentMethods)
    .where(inArray(schema.paymentMethods.accountId, ids));
  const touched = new Set([...used, ...withCards].map((row) => row.accountId));
  const rows = accounts
    .filter(({ id }) => !touched.has(id))
    .flatMap(({ id: accountId, name }) =>
      (DEMO_CARDS[name] ?? []).map(({ key, ...card }) => ({
        ...card,
        id: `pm-demo-${key}-${accountId}`,
        accountId,
        token: `tok_demo_${key}_${accountId}`,
      })),
    );
  if (rows.length > 0) await db.insert(schema.paymentMethods).values(rows).onConflictDoNothing();
}
