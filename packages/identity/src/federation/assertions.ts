import { lt } from 'drizzle-orm';
import type { IdentityContext } from '../context';
import { samlAssertions } from '../db/schema';
import type { Provider } from './providers';
import { RefusedAnswer } from './refusal';

/**
 * Records an accepted assertion's ID until it expires, refusing one already recorded. The insert is the
 * check, so two servers (or two concurrent posts) can never both accept the same assertion.
 */
export async function consumeAssertion(
  ctx: IdentityContext,
  provider: Provider,
  assertion: { id: string; expiresAt: Date },
): Promise<void> {
  await ctx.db.delete(samlAssertions).where(lt(samlAssertions.expiresAt, ctx.now()));
  const recorded = await ctx.db
    .insert(samlAssertions)
    .values({
      poolId: provider.poolId,
      providerName: provider.name,
      assertionId: assertion.id,
      expiresAt: assertion.expiresAt,
    })
    .onConflictDoNothing()
    .returning({ id: samlAssertions.assertionId });
  if (!recorded.length)
    throw new RefusedAnswer('This sign-in answer was already used. Start again from the storefront.');
}
