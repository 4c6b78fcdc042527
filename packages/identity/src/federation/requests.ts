import { randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { IdentityContext } from '../context';
import { federationRequests } from '../db/schema';
import { type AuthorizeGrant, authorizeGrantSchema } from '../hosted/grant';
import { tokenHash } from '../security/compare';

/** A user has this long at the provider before the request is forgotten. */
const REQUEST_MS = 10 * 60_000;

export interface FederationRequest {
  poolId: string;
  clientId: string;
  providerName: string;
  grant: AuthorizeGrant;
  codeVerifier?: string;
  nonce?: string;
  samlRequestId?: string;
}

/** Stores the request and returns its state (the OIDC `state`, the SAML `RelayState`). */
export async function saveFederationRequest(
  ctx: IdentityContext,
  request: FederationRequest,
): Promise<string> {
  const state = randomBytes(32).toString('base64url');
  const now = ctx.now();
  await ctx.db.delete(federationRequests).where(lt(federationRequests.expiresAt, now));
  await ctx.db.insert(federationRequests).values({
    ...request,
    codeVerifier: request.codeVerifier ?? null,
    nonce: request.nonce ?? null,
    samlRequestId: request.samlRequestId ?? null,
    stateHash: tokenHash(state),
    expiresAt: new Date(now.getTime() + REQUEST_MS),
    createdAt: now,
  });
  return state;
}

/**
 * Takes the request a state stands for, once: the delete is the check, so of two concurrent answers (on any
 * server) only one gets it.
 */
export async function takeFederationRequest(
  ctx: IdentityContext,
  state: string,
): Promise<FederationRequest | undefined> {
  const [row] = await ctx.db
    .delete(federationRequests)
    .where(eq(federationRequests.stateHash, tokenHash(state)))
    .returning();
  if (!row || row.expiresAt <= ctx.now()) return undefined;
  return {
    poolId: row.poolId,
    clientId: row.clientId,
    providerName: row.providerName,
    grant: authorizeGrantSchema.parse(row.grant),
    ...(row.codeVerifier ? { codeVerifier: row.codeVerifier } : {}),
    ...(row.nonce ? { nonce: row.nonce } : {}),
    ...(row.samlRequestId ? { samlRequestId: row.samlRequestId } : {}),
  };
}
