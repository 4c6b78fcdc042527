import { MESSAGES } from '@storefront/contracts';
import { belongsToStorefront, catalogueForAccount } from './access';
import { type AccountRow, type CatalogueRow, findAccountWithCatalogues } from './accounts';
import { forbidden, notFound } from './errors';
import type { HandlerContext } from './handler';

export interface AccountScope {
  account: AccountRow;
  catalogue: CatalogueRow;
  /** The storefront's Full catalogue, the one guests see; null when it has none. */
  full: CatalogueRow | null;
}

/** The account (which must belong to the storefront, else 403) and the catalogue it sees. */
export async function accountScope(
  ctx: HandlerContext,
  storefrontId: string,
  accountId: string,
): Promise<AccountScope> {
  const row = await findAccountWithCatalogues(ctx.db, accountId);
  if (!row || !belongsToStorefront(row.account, storefrontId)) throw forbidden();
  const catalogue = catalogueForAccount(row.own, row.full);
  if (!catalogue) throw notFound(MESSAGES.noRecordsFound);
  return { account: row.account, catalogue, full: row.full };
}
