import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { unitPrice } from '../catalogue/rules/pricing';
import { catalogueForAccount } from '../core/access';
import { findAccountWithCatalogues } from '../core/accounts';
import { roundInCurrency } from '../core/money';
import type { CrmDb } from '../db/open';
import * as schema from '../db/schema';

interface DemoLine {
  name: string;
  qty: number;
  /** The discount sales agreed on the account's catalogue price, in percent. */
  discountPercent: number;
  note?: string;
}

interface DemoPreparedQuote {
  number: string;
  title: string;
  preparedBy: string;
  preparedByEmail: string;
  note: string;
  /** Open for this many days from the day it is seeded, or a quote that expired on a day long past. */
  validity: { forDays: number } | { expiredOn: string };
  lines: readonly DemoLine[];
}

const ACCOUNT_MANAGER = { preparedBy: 'Elena Marsh', preparedByEmail: 'elena.marsh@bionova.example' };

/**
 * What the demo accounts' account manager prepared: the sorter's service year with its wear parts and sort
 * consumables for Halvorsen (and an analyser renewal it let expire), the sequencer's retraining and a quarter's
 * library prep for Marlowe. Lines name catalogue items; prices are the account's catalogue price less the
 * agreed discount.
 */
export const DEMO_PREPARED_QUOTES: Readonly<Record<string, readonly DemoPreparedQuote[]>> = {
  'Halvorsen Research Institute': [
    {
      number: 'SQ-2026-0412',
      title: 'Cell sorter CS4-2019-00417: service year and sort consumables',
      ...ACCOUNT_MANAGER,
      note:
        'As discussed at the core facility review: the sorter’s extended warranty with its annual preventive ' +
        'maintenance, spare nozzles and deflection plates, a fluidics refresh and a quarter of QC beads and ' +
        'cleaning solution at the agreed core-facility discount.',
      validity: { forDays: 45 },
      lines: [
        {
          name: 'Extended Warranty, Cell Sorter, 1 Year',
          qty: 1,
          discountPercent: 10,
          note: 'Covers serial CS4-2019-00417 from the end of the current Gold plan.',
        },
        { name: 'Sort Nozzle, 70 µm', qty: 2, discountPercent: 15 },
        { name: 'Deflection Plate Set', qty: 1, discountPercent: 12 },
        { name: 'Fluidics Tubing Kit', qty: 1, discountPercent: 15 },
        { name: 'Cytometer Setup & Tracking Beads', qty: 3, discountPercent: 15 },
        {
          name: 'Cleaning Solution',
          qty: 6,
          discountPercent: 20,
          note: 'Two bottles a month for the quarter.',
        },
      ],
    },
    {
      number: 'SQ-2026-0187',
      title: 'Benchtop analyser BFC3-2021-01182: service plan renewal',
      ...ACCOUNT_MANAGER,
      note: 'Renewal of the Silver plan with a fluidics refresh.',
      validity: { expiredOn: '2025-03-31' },
      lines: [
        { name: 'Extended Warranty, Flow Cytometer, 1 Year', qty: 1, discountPercent: 8 },
        { name: 'Fluidics Tubing Kit', qty: 1, discountPercent: 10 },
      ],
    },
  ],
  'Marlowe Genomics Core': [
    {
      number: 'SQ-2026-0431',
      title: 'Sequencer NGS-2022-00354: operator retraining and Q1 library prep',
      ...ACCOUNT_MANAGER,
      note:
        'Two days on site to retrain the core’s new operators on the sequencer, and the first quarter’s ' +
        'library prep and quantification at the volume pricing we agreed for the core.',
      validity: { forDays: 30 },
      lines: [
        {
          name: 'On-Site Installation and Operator Training',
          qty: 1,
          discountPercent: 20,
          note: 'Operator retraining on NGS-2022-00354, up to six people.',
        },
        { name: 'NGS Library Prep Kit, 96 reactions', qty: 4, discountPercent: 18 },
        { name: 'Library Quantification Kit', qty: 4, discountPercent: 15 },
        { name: 'PCR Clean-Up Magnetic Beads, 60 mL', qty: 2, discountPercent: 15 },
      ],
    },
  ],
};

function lastValidDay(validity: DemoPreparedQuote['validity']): string {
  if ('expiredOn' in validity) return validity.expiredOn;
  return new Date(Date.now() + validity.forDays * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The demo accounts' prepared quotes, for an account that has none yet; numbers are unique, so a quote is
 * never added twice. Validity runs from the day of seeding, so the open ones can be taken in a fresh demo.
 */
export async function addDemoPreparedQuotes(db: CrmDb): Promise<void> {
  const accounts = await db
    .select({ id: schema.accounts.id, name: schema.accounts.name })
    .from(schema.accounts)
    .where(inArray(schema.accounts.name, Object.keys(DEMO_PREPARED_QUOTES)));
  const having = await db
    .selectDistinct({ accountId: schema.preparedQuotes.accountId })
    .from(schema.preparedQuotes)
    .where(
      inArray(
        schema.preparedQuotes.accountId,
        accounts.map((account) => account.id),
      ),
    );
  const done = new Set(having.map((row) => row.accountId));
  for (const account of accounts) {
    if (done.has(account.id)) continue;
    const found = await findAccountWithCatalogues(db, account.id);
    const catalogue = found && catalogueForAccount(found.own, found.full);
    if (!found || !catalogue) continue;
    for (const quote of DEMO_PREPARED_QUOTES[account.name] ?? []) {
      await addPreparedQuote(db, { account: found.account, catalogue }, quote);
    }
  }
}

async function addPreparedQuote(
  db: CrmDb,
  {
    account,
    catalogue,
  }: { account: { id: string; storefrontId: string }; catalogue: { id: string; currency: string } },
  quote: DemoPreparedQuote,
): Promise<void> {
  const items = await db
    .select({
      id: schema.catalogueItems.id,
      name: schema.catalogueItems.name,
      priceSource: schema.catalogueItems.priceSource,
      listPrice: schema.catalogueItems.listPrice,
      negotiatedPrice: schema.catalogueItems.negotiatedPrice,
    })
    .from(schema.catalogueItems)
    .where(
      and(
        eq(schema.catalogueItems.catalogueId, catalogue.id),
        inArray(
          schema.catalogueItems.name,
          quote.lines.map((line) => line.name),
        ),
      ),
    );
  const inCatalogue = new Map(items.map((item) => [item.name, item]));
  const lines = quote.lines.flatMap((line) => {
    const item = inCatalogue.get(line.name);
    if (!item) return [];
    const agreed = roundInCurrency(unitPrice(item) * (1 - line.discountPercent / 100), catalogue.currency);
    return [{ item, line, agreed }];
  });
  if (lines.length === 0) return;
  const id = randomUUID();
  const added = await db
    .insert(schema.preparedQuotes)
    .values({
      id,
      storefrontId: account.storefrontId,
      accountId: account.id,
      number: quote.number,
      title: quote.title,
      preparedBy: quote.preparedBy,
      preparedByEmail: quote.preparedByEmail,
      note: quote.note,
      currency: catalogue.currency,
      validUntil: lastValidDay(quote.validity),
    })
    .onConflictDoNothing()
    .returning({ id: schema.preparedQuotes.id });
  if (added.length === 0) return;
  await db.insert(schema.preparedQuoteLines).values(
    lines.map(({ item, line, agreed }, position) => ({
      id: randomUUID(),
      preparedQuoteId: id,
      position,
      catalogItemId: item.id,
      qty: line.qty,
      agreedUnitPrice: agreed,
      note: line.note ?? null,
    })),
  );
}
