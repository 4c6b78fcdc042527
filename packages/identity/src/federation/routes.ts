import { randomBytes } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { IdentityContext } from '../context';
import type { AuthorizeRequest } from '../hosted/authorize';
import { withParams } from '../hosted/authorize';
import { messagePage } from '../hosted/pages';
import { signedIn } from '../sign-in/result';
import { findPool } from '../users/pools';
import { consumeAssertion } from './assertions';
import { createOidcFederation, type InProcessProvider } from './oidc';
import { findProvider, type Provider } from './providers';
import { RefusedAnswer } from './refusal';
import { type FederationRequest, saveFederationRequest, takeFederationRequest } from './requests';
import { samlAssertion, samlRedirectUrl, samlRequestId } from './saml';
import { federatedUser } from './users';

export interface Federation {
  /** Sends an authorize request on to the provider: the URL to redirect the browser to. */
  start(provider: Provider, request: AuthorizeRequest): Promise<string>;
  /** The providers' answers: /oauth2/idpresponse (OIDC) and /saml2/idpresponse (SAML). */
  routes: Hono;
}

const samlForm = z.object({
  SAMLResponse: z.string().min(1).max(500_000),
  RelayState: z.string().min(1).max(128),
});

/**
 * Single sign-on: the pool's sign-in handed to an OIDC or SAML provider, the answer verified, the user
 * found or created (EXTERNAL_PROVIDER), and the client's authorize request finished with our own code.
 */
export function createFederation(ctx: IdentityContext, inProcess?: InProcessProvider): Federation {
  const oidc = createOidcFederation(ctx, inProcess);

  async function start(provider: Provider, request: AuthorizeRequest): Promise<string> {
    const base = {
      poolId: request.pool.id,
      clientId: request.client.id,
      providerName: provider.name,
      grant: request.grant,
    };
    if (provider.type === 'SAML') {
      const id = samlRequestId();
      const relayState = await saveFederationRequest(ctx, { ...base, samlRequestId: id });
      return samlRedirectUrl(ctx, provider.poolId, provider.settings, { id, relayState });
    }
    const checks = {
      codeVerifier: randomBytes(48).toString('base64url'),
      nonce: randomBytes(24).toString('base64url'),
    };
    const state = await saveFederationRequest(ctx, { ...base, ...checks });
    return (await oidc.authorizationUrl(provider.settings, { ...checks, state })).toString();
  }

  /** Ends a federated sign-in at the client: a code, or an error (the redirect URI was checked at authorize). */
  async function finish(
    c: Context,
    request: FederationRequest,
    verify: (provider: Provider) => Promise<{ subject: string; claims: Record<string, unknown> }>,
  ): Promise<Response> {
    const { grant } = request;
    const refuse = (description: string) =>
      c.redirect(
        withParams(grant.redirectUri, {
          error: 'access_denied',
          error_description: description,
          state: grant.state,
        }),
        302,
      );
    const provider = await findProvider(ctx.db, request.poolId, request.providerName);
    if (!provider) return refuse('The identity provider is no longer configured.');
    let verified: { subject: string; claims: Record<string, unknown> };
    try {
      verified = await verify(provider);
    } catch (error) {
      ctx.logger.warn(
        { provider: provider.name, error: String(error) },
        'identity: a provider answer was refused',
      );
      return refuse(
        error instanceof RefusedAnswer
          ? error.message
          : 'The identity provider’s answer could not be verified.',
      );
    }
    const pool = await findPool(ctx.db, request.poolId);
    const user = await federatedUser(ctx, pool, provider, verified.subject, verified.claims);
    if (!user.enabled) return refuse('User is disabled.');
    const response = await signedIn(ctx, { pool, clientId: request.clientId, user, authorize: grant });
    if (!('AuthorizationCode' in response)) throw new Error('a hosted sign-in ended without a code');
    return c.redirect(
      withParams(grant.redirectUri, { code: response.AuthorizationCode, state: grant.state }),
      302,
    );
  }

  const expired = (c: Context) =>
    c.html(
      messagePage(
        'Sign-in error',
        'The sign-in has expired or was already used. Start again from the storefront.',
      ),
      400,
    );

  const routes = new Hono();
  routes.get('/oauth2/idpresponse', async (c) => {
    const state = c.req.query('state') ?? '';
    const request = state ? await takeFederationRequest(ctx, state) : undefined;
    if (!request?.codeVerifier || !request.nonce) return expired(c);
    const checks = { state, codeVerifier: request.codeVerifier, nonce: request.nonce };
    const query = new URL(c.req.url).searchParams.toString();
    return finish(c, request, async (provider) => {
      if (provider.type !== 'OIDC') throw new Error('an OIDC answer for a SAML provider');
      const claims = await oidc.claims(provider.settings, query, checks);
      return { subject: String(claims.sub), claims };
    });
  });

  routes.post('/saml2/idpresponse', async (c) => {
    const form = samlForm.safeParse(await c.req.parseBody());
    const request = form.success ? await takeFederationRequest(ctx, form.data.RelayState) : undefined;
    const requestId = request?.samlRequestId;
    if (!form.success || !request || !requestId) return expired(c);
    return finish(c, request, async (provider) => {
      if (provider.type !== 'SAML') throw new Error('a SAML answer for an OIDC provider');
      const assertion = await samlAssertion(ctx, provider.poolId, provider.settings, form.data, requestId);
      await consumeAssertion(ctx, provider, assertion);
      return { subject: assertion.subject, claims: assertion.attributes };
    });
  });

  return { start, routes };
}
