import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { CrmDb } from '../db/open';
import * as schema from '../db/schema';
import { addDays } from '../invoices/rules/invoices';

/**
 * The demo account's cost centres and grant codes (docs/decisions/0063-cost-centres.md): one to charge with a
 * budget, one without, a grant that expired and a cost centre the manager closed, so each state shows at
 * /billing/costcentres and at checkout.
 */
export const DEMO_COST_CENTRES = {
  account: 'Halvorsen Research Institute',
  ownerEmail: 'manager@halvorsen.example',
  codes: [
    { code: 'HRI-CC-4100', name: 'Flow cytometry core', budget: 25_000, days: [-180, 365], active: true },
    { code: 'HRI-OPS', name: 'Lab operations', budget: null, days: null, active: true },
    {
      code: 'G-2024-17',
      name: 'Zebrafish imaging grant',
      budget: 40_000,
      dates: ['2024-07-01', '2025-06-30'],
    },
    { code: 'HRI-CC-3900', name: 'Histology lab (closed)', budget: 8_000, days: null, active: false },
  ],
} as const;

/** Adds the codes once, when the account has none; the manager owns the ones with a budget. */
export async function ensureDemoCostCentres(db: CrmDb, today: string): Promise<void> {
  const [account] = await db
    .select({ id: schema.accounts.id })
    .from(schema.accounts)
    .where(eq(schema.accounts.name, DEMO_COST_CENTRES.account))
    .limit(1);
  if (!account) return;
  const [present] = await db
    .select({ id: schema.costCentres.id })
    .from(schema.costCentres)
    .where(eq(schema.costCentres.accountId, account.id))
    .limit(1);
  if (present) return;
  const [owner] = await db
    .select({ id: schema.contacts.id })
    .from(schema.contacts)
    .where(
      and(eq(schema.contacts.accountId, account.id), eq(schema.contacts.email, DEMO_COST_CENTRES.ownerEmail)),
    )
    .limit(1);
  await db.insert(schema.costCentres).values(
    DEMO_COST_CENTRES.codes.map((entry) => {
      const [validFrom, validUntil] =
        'dates' in entry
          ? entry.dates
          : entry.days
            ? [addDays(today, entry.days[0]), addDays(today, entry.days[1])]
            : [null, null];
      return {
        id: randomUUID(),
        accountId: account.id,
        code: entry.code,
        name: entry.name,
        ownerContactId: entry.budget === null ? null : (owner?.id ?? null),
        budget: entry.budget,
        validFrom,
        validUntil,
        active: 'active' in entry ? entry.active : true,
      };
    }),
  );
}
