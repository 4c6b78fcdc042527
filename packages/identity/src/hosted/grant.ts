import { createHash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { IdentityContext } from '../context';
import { authorizationCodes } from '../db/schema';
import { safeEqual, tokenHash } from '../security/compare';

/** What an /oauth2/authorize request asked for, carried through the sign-in to the code it ends with. */
export const authorizeGrantSchema = z.object({
  redirectUri: z.string(),
  codeChallenge: z.string(),
  scopes: z.array(z.string()),
  nonce: z.string().optional(),
  state: z.string().optional(),
});
export type AuthorizeGrant = z.infer<typeof authorizeGrantSchema>;

/** Cognito's authorization codes are good for 5 minutes. */
const CODE_MS = 5 * 60_000;

export async function issueAuthorizationCode(
  ctx: IdentityContext,
  grant: AuthorizeGrant,
  values: { clientId: string; userId: string },
): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  const now = ctx.now();
  await ctx.db.delete(authorizationCodes).where(lt(authorizationCodes.expiresAt, now));
  await ctx.db.insert(authorizationCodes).values({
    codeHash: tokenHash(code),
    clientId: values.clientId,
    userId: values.userId,
    redirectUri: grant.redirectUri,
    codeChallenge: grant.codeChallenge,
    scopes: grant.scopes,
    nonce: grant.nonce ?? null,
    authTime: now,
    expiresAt: new Date(now.getTime() + CODE_MS),
    createdAt: now,
  });
  return code;
}

type RedeemedCode = typeof authorizationCodes.$inferSelect;

/**
 * Redeems a code once (it is deleted whatever happens next): same client and redirect URI, not expired,
 * and the PKCE verifier hashing to the challenge (S256). Null when any of it fails.
 */
export async function redeemAuthorizationCode(
  ctx: IdentityContext,
  request: { code: string; clientId: string; redirectUri: string; codeVerifier: string },
): Promise<RedeemedCode | null> {
  const [row] = await ctx.db
    .delete(authorizationCodes)
    .where(eq(authorizationCodes.codeHash, tokenHash(request.code)))
    .returning();
  if (!row || row.expiresAt <= ctx.now()) return null;
  const challenge = createHash('sha256').update(request.codeVerifier).digest('base64url');
  const matches =
    row.clientId === request.clientId &&
    row.redirectUri === request.redirectUri &&
    safeEqual(challenge, row.codeChallenge);
  return matches ? row : null;
}
