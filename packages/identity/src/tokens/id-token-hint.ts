import { compactVerify, decodeJwt } from 'jose';
import type { IdentityContext } from '../context';
import { unverifiedOrigin } from './access';

/**
 * The pool and client of an `id_token_hint` (OpenID Connect RP-initiated logout): an id token signed by the
 * pool its issuer names. An expired one still counts, as the standard asks: a hint says who signs out and
 * grants nothing. Undefined for anything else.
 */
export async function idTokenHintOrigin(
  ctx: IdentityContext,
  hint: string,
): Promise<{ poolId: string; clientId: string } | undefined> {
  let origin: { poolId: string; kid: string };
  try {
    origin = unverifiedOrigin(ctx, hint);
  } catch {
    return undefined;
  }
  const key = await ctx.keys.verifier(origin.poolId, origin.kid);
  if (!key) return undefined;
  try {
    await compactVerify(hint, key, { algorithms: ['RS256'] });
  } catch {
    return undefined;
  }
  const { token_use: use, aud } = decodeJwt(hint);
  return use === 'id' && typeof aud === 'string' ? { poolId: origin.poolId, clientId: aud } : undefined;
}
