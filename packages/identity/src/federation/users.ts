import type { IdentityContext } from '../context';
import { attributeWrites } from '../users/attributes';
import { addToGroup, requireGroup } from '../users/groups';
import type { Pool } from '../users/pools';
import { findUser, insertUser, mergeAttributes, type User } from '../users/repository';
import { mappingOf, type Provider } from './providers';

/**
 * The pool's user for someone a provider vouched for, as Cognito names them (`<provider>_<subject>`):
 * created as EXTERNAL_PROVIDER on the first sign-in (joining the provider's groups, with its fixed
 * attributes), and with the mapped attributes refreshed at every sign-in; a claim never replaces a fixed one.
 */
export async function federatedUser(
  ctx: IdentityContext,
  pool: Pool,
  provider: Provider,
  subject: string,
  claims: Record<string, unknown>,
): Promise<User> {
  const username = `${provider.name}_${subject}`;
  const { attributes: fixed } = provider.settings;
  const mapped = attributeWrites(
    Object.entries(mappingOf(provider)).flatMap(([Name, claim]) => {
      const value = claimText(claims[claim]);
      return value === undefined || Name in fixed ? [] : [{ Name, Value: value }];
    }),
    'admin',
  );
  const existing = await findUser(ctx.db, pool.id, username);
  if (existing) return mergeAttributes(ctx, existing.id, mapped);
  const identities = JSON.stringify([
    {
      userId: subject,
      providerName: provider.name,
      providerType: provider.type,
      primary: 'true',
      dateCreated: String(ctx.now().getTime()),
    },
  ]);
  const user = await insertUser(
    ctx.db,
    {
      poolId: pool.id,
      username,
      status: 'EXTERNAL_PROVIDER',
      attributes: {
        ...mapped,
        ...attributeWrites(
          Object.entries(fixed).map(([Name, Value]) => ({ Name, Value })),
          'admin',
        ),
        ...(mapped.email ? { email_verified: 'true' } : {}),
        identities,
      },
    },
    ctx.now(),
  );
  for (const name of provider.settings.groups)
    await addToGroup(ctx, user.id, await requireGroup(ctx, pool.id, name));
  return user;
}

/** A claim as attribute text: strings as they are, numbers and booleans spelled out, the first of a list. */
function claimText(value: unknown): string | undefined {
  if (Array.isArray(value)) return claimText(value[0]);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}
