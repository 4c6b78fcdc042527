import type { HandlerContext } from '../../core/handler';
import type { AccountScope } from '../../core/scope';
import type { ProductRef } from '../queries/catalogue';
import { findItem } from '../queries/catalogue';

type ItemRow = NonNullable<Awaited<ReturnType<typeof findItem>>>;

/**
 * The item a ref names, in the account's catalogue: its own, or the one of the same SKU when the ref names
 * an item of the storefront's Full catalogue (a link a guest shared, a bookmark made before sign-in).
 * `elsewhere`: the Full catalogue's item, which the account's catalogue lacks. Only the Full catalogue is
 * looked at: it is public, so naming its products tells an account nothing another account bought.
 */
export async function resolveItem(
  ctx: HandlerContext,
  { catalogue, full }: AccountScope,
  ref: ProductRef,
): Promise<{ item: ItemRow } | { elsewhere: ItemRow } | undefined> {
  const item = await findItem(ctx.db, catalogue.id, ref);
  if (item) return { item };
  if (!full || full.id === catalogue.id) return undefined;
  const shared = await findItem(ctx.db, full.id, ref);
  if (!shared) return undefined;
  const same = await findItem(ctx.db, catalogue.id, { sku: shared.sku });
  return same ? { item: same } : { elsewhere: shared };
}
