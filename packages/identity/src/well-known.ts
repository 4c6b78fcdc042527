import { Hono } from 'hono';
import type { IdentityContext } from './context';
import { CognitoError } from './protocol/errors';
import { issuerOf } from './tokens/issue';
import { findPool } from './users/pools';

/** The pool's public keys and its OpenID Provider metadata, where token verifiers look for them. */
export function wellKnownRoutes(ctx: IdentityContext): Hono<{ Variables: { poolId: string } }> {
  const app = new Hono<{ Variables: { poolId: string } }>();
  // Plain HTTP documents: an unknown pool is a 404 here, where the JSON protocol answers 400.
  app.use('/:poolId/.well-known/*', async (c, next) => {
    try {
      c.set('poolId', (await findPool(ctx.db, c.req.param('poolId'))).id);
    } catch (error) {
      if (error instanceof CognitoError) return c.json(error.body, 404);
      throw error;
    }
    await next();
  });
  app.get('/:poolId/.well-known/jwks.json', async (c) => {
    c.header('cache-control', 'public, max-age=300');
    return c.json(await ctx.keys.jwks(c.get('poolId')));
  });
  app.get('/:poolId/.well-known/openid-configuration', async (c) => {
    const issuer = issuerOf(ctx, c.get('poolId'));
    return c.json({
      issuer,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      authorization_endpoint: `${ctx.issuerBase}/oauth2/authorize`,
      token_endpoint: `${ctx.issuerBase}/oauth2/token`,
      userinfo_endpoint: `${ctx.issuerBase}/oauth2/userInfo`,
      end_session_endpoint: `${ctx.issuerBase}/logout`,
      revocation_endpoint: `${ctx.issuerBase}/oauth2/revoke`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'email', 'phone', 'profile', 'aws.cognito.signin.user.admin'],
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      code_challenge_methods_supported: ['S256'],
    });
  });
  return app;
}
