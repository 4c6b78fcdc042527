import { createHash, createPrivateKey, createPublicKey, randomBytes } from 'node:crypto';
import type { SharedState } from '@storefront/shared-state';
import { type Context, Hono } from 'hono';
import { html } from 'hono/html';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { IdentityContext } from '../context';
import { oidcRedirectUri } from '../federation/oidc';
import { samlCallbackUrl } from '../federation/saml';
import { errorLine, hiddenFields, layout, messagePage } from '../hosted/pages';
import type { RequestLimit } from '../security/rate-limit';
import { type DemoProviderKeys, demoProviderKeysOf } from './keys';
import { readAuthnRequest, signedSamlResponse } from './saml';

/** Where the identity app serves the demo provider. */
export const DEMO_PROVIDER_PATH = '/demo-idp';
/** The one OIDC client the demo provider knows: this service's user pools (public, with PKCE). */
export const DEMO_PROVIDER_CLIENT_ID = 'bionova-user-pools';

/** The demo provider's addresses under an identity service's base URL. */
export function demoProviderUrls(issuerBase: string) {
  const base = `${issuerBase}${DEMO_PROVIDER_PATH}`;
  return { oidcIssuer: `${base}/oidc`, samlIssuer: `${base}/saml`, samlEntryPoint: `${base}/saml/sso` };
}

/** What a code stands for until the pool redeems it at the token endpoint. */
interface IssuedCode {
  redirectUri: string;
  codeChallenge: string;
  nonce?: string;
  person: Person;
}

/** A code is redeemed within a minute; at most this many wait at once. */
const CODES = { ttlMs: 60_000, maxEntries: 1000 };
const TOKEN_TTL = '5m';

const person = z.object({
  email: z.email('Enter an email address such as jane@lab.example.').max(254),
  given_name: z.string().trim().min(1, 'Enter a given name.').max(80),
  family_name: z.string().trim().min(1, 'Enter a family name.').max(80),
});
type Person = z.infer<typeof person>;

/** A stable, opaque subject per email address: the same person each time, a new address a new person. */
const subjectOf = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);

const personClaims = (who: Person) => ({
  sub: subjectOf(who.email),
  email: who.email,
  email_verified: true,
  given_name: who.given_name,
  family_name: who.family_name,
});

const authorizeRequest = z.object({
  response_type: z.literal('code'),
  client_id: z.literal(DEMO_PROVIDER_CLIENT_ID),
  redirect_uri: z.string(),
  scope: z.string().max(1000).optional(),
  state: z.string().max(2048).optional(),
  nonce: z.string().max(2048).optional(),
  code_challenge: z.string().min(43).max(128),
  code_challenge_method: z.literal('S256'),
});

const tokenRequest = z.object({
  grant_type: z.literal('authorization_code'),
  code: z.string().min(1).max(200),
  redirect_uri: z.string(),
  client_id: z.literal(DEMO_PROVIDER_CLIENT_ID),
  code_verifier: z.string().min(43).max(128),
});

const samlForm = z.object({
  request_id: z.string().min(1).max(256),
  audience: z.string().regex(/^urn:amazon:cognito:sp:[\w-]+_\w+$/),
  relay_state: z.string().max(1024),
});

/** The person form: who signs in at the demo provider. */
function personPage(
  action: string,
  hidden: Record<string, string>,
  error?: string,
  values?: Partial<Person>,
) {
  return layout(
    'BioNova demo identity provider',
    html`<h1>BioNova demo identity provider</h1>
      <p>
        This page stands in for your organisation's sign-in. Any name and email address signs in: a new address
        is a new user of the storefront.
      </p>
      ${errorLine(error)}
      <form method="post" action="${action}">
        ${hiddenFields(hidden)}
        <label for="email">Email</label>
        <input id="email" name="email" type="email" autocomplete="email" required value="${values?.email ?? ''}" />
        <label for="given_name">Given name</label>
        <input id="given_name" name="given_name" autocomplete="given-name" required value="${values?.given_name ?? ''}" />
        <label for="family_name">Family name</label>
        <input id="family_name" name="family_name" autocomplete="family-name" required value="${values?.family_name ?? ''}" />
        <button type="submit">Sign in</button>
      </form>`,
  );
}

const refused = (c: Context, message: string) =>
  c.html(messagePage('Sign-in error', message), 400, { 'Cache-Control': 'no-store' });

/**
 * A small identity provider of this service, for the demo storefronts' single sign-on: OpenID Connect (code
 * flow with PKCE, for the pools' callback only) and SAML 2.0 (HTTP-Redirect request, HTTP-POST response with
 * a signed assertion). It authenticates nobody: whoever types a name and an address is that person.
 * Authorization codes wait in the shared state, so any instance redeems them; the key is in the database.
 * Its posts count towards the pools' per-address request limit.
 */
export function demoProviderRoutes(ctx: IdentityContext, shared: SharedState, limit: RequestLimit): Hono {
  const codes = shared.cache<IssuedCode>('identity:demo-provider-codes', CODES);
  const urls = demoProviderUrls(ctx.issuerBase);
  let keys: Promise<DemoProviderKeys> | undefined;
  const keysOnce = () => {
    keys ??= demoProviderKeysOf(ctx.db).catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return keys;
  };
  const userinfoUrl = `${urls.oidcIssuer}/userinfo`;

  const signed = async (claims: Record<string, unknown>, audience: string) => {
    const { privateKey, jwk } = await keysOnce();
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
      .setIssuer(urls.oidcIssuer)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(TOKEN_TTL)
      .sign(createPrivateKey(privateKey));
  };

  /** The authorize request, if it is one the pools' client may make. */
  const authorizeOf = (values: Record<string, unknown>) => {
    const request = authorizeRequest.safeParse(values);
    return request.success && request.data.redirect_uri === oidcRedirectUri(ctx) ? request.data : undefined;
  };

  const app = new Hono();

  app.get('/oidc/.well-known/openid-configuration', (c) =>
    c.json({
      issuer: urls.oidcIssuer,
      authorization_endpoint: `${urls.oidcIssuer}/authorize`,
      token_endpoint: `${urls.oidcIssuer}/token`,
      userinfo_endpoint: userinfoUrl,
      jwks_uri: `${urls.oidcIssuer}/jwks.json`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'email', 'profile'],
      claims_supported: ['sub', 'email', 'email_verified', 'given_name', 'family_name'],
      token_endpoint_auth_methods_supported: ['none'],
      code_challenge_methods_supported: ['S256'],
    }),
  );

  app.get('/oidc/jwks.json', async (c) => c.json({ keys: [(await keysOnce()).jwk] }));

  app.get('/oidc/authorize', (c) => {
    const request = authorizeOf(c.req.query());
    if (!request) return refused(c, 'This sign-in request is not one the demo provider accepts.');
    return c.html(personPage(`${urls.oidcIssuer}/authorize`, stringsOf(request)));
  });

  app.post('/oidc/authorize', async (c) => {
    await limit(c);
    const form = await c.req.parseBody();
    const request = authorizeOf(form);
    if (!request) return refused(c, 'This sign-in request is not one the demo provider accepts.');
    const who = person.safeParse(form);
    if (!who.success) {
      return c.html(
        personPage(
          `${urls.oidcIssuer}/authorize`,
          stringsOf(request),
          who.error.issues[0]?.message,
          stringsOf(form),
        ),
        400,
      );
    }
    const code = randomBytes(32).toString('base64url');
    await codes.set(code, {
      redirectUri: request.redirect_uri,
      codeChallenge: request.code_challenge,
      ...(request.nonce ? { nonce: request.nonce } : {}),
      person: who.data,
    });
    const back = new URL(request.redirect_uri);
    back.searchParams.set('code', code);
    if (request.state) back.searchParams.set('state', request.state);
    return c.redirect(back.toString(), 302);
  });

  app.post('/oidc/token', async (c) => {
    await limit(c);
    const request = tokenRequest.safeParse(await c.req.parseBody());
    const fail = (error: string) => c.json({ error }, 400, { 'Cache-Control': 'no-store' });
    if (!request.success) return fail('invalid_request');
    // A code is used once: taken out before it is checked.
    const issued = await codes.get(request.data.code);
    await codes.delete(request.data.code);
    const challenge = createHash('sha256').update(request.data.code_verifier).digest('base64url');
    if (!issued || issued.redirectUri !== request.data.redirect_uri || issued.codeChallenge !== challenge)
      return fail('invalid_grant');
    const claims = personClaims(issued.person);
    return c.json(
      {
        access_token: await signed({ ...claims, scope: 'openid email profile' }, userinfoUrl),
        id_token: await signed(
          {
            ...claims,
            ...(issued.nonce ? { nonce: issued.nonce } : {}),
            auth_time: Math.floor(Date.now() / 1000),
          },
          DEMO_PROVIDER_CLIENT_ID,
        ),
        token_type: 'Bearer',
        expires_in: 300,
      },
      200,
      { 'Cache-Control': 'no-store' },
    );
  });

  app.get('/oidc/userinfo', async (c) => {
    const token = /^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    const { privateKey } = await keysOnce();
    const verified = token
      ? await jwtVerify(token, createPublicKey(privateKey), {
          issuer: urls.oidcIssuer,
          audience: userinfoUrl,
          algorithms: ['RS256'],
        }).catch(() => undefined)
      : undefined;
    if (!verified) return c.json({ error: 'invalid_token' }, 401);
    const { sub, email, email_verified, given_name, family_name } = verified.payload;
    return c.json({ sub, email, email_verified, given_name, family_name });
  });

  /** The AuthnRequest of the redirect binding, if it comes from a pool of this service. */
  const samlRequestOf = async (samlRequest: string | undefined) => {
    const request = samlRequest ? await readAuthnRequest(samlRequest) : undefined;
    return request && request.assertionConsumerServiceUrl === samlCallbackUrl(ctx) ? request : undefined;
  };

  app.get('/saml/sso', async (c) => {
    const request = await samlRequestOf(c.req.query('SAMLRequest'));
    const hidden =
      request &&
      samlForm.safeParse({
        request_id: request.id,
        audience: request.issuer,
        relay_state: c.req.query('RelayState') ?? '',
      });
    if (!hidden?.success) return refused(c, 'This SAML request is not one the demo provider accepts.');
    return c.html(personPage(urls.samlEntryPoint, hidden.data));
  });

  app.post('/saml/sso', async (c) => {
    await limit(c);
    const form = await c.req.parseBody();
    const request = samlForm.safeParse(form);
    if (!request.success) return refused(c, 'This SAML request is not one the demo provider accepts.');
    const who = person.safeParse(form);
    if (!who.success) {
      return c.html(
        personPage(urls.samlEntryPoint, request.data, who.error.issues[0]?.message, stringsOf(form)),
        400,
      );
    }
    const claims = personClaims(who.data);
    const response = await signedSamlResponse({
      keys: await keysOnce(),
      issuer: urls.samlIssuer,
      audience: request.data.audience,
      destination: samlCallbackUrl(ctx),
      inResponseTo: request.data.request_id,
      subject: claims.sub,
      attributes: { email: claims.email, given_name: claims.given_name, family_name: claims.family_name },
    });
    return c.html(
      layout(
        'BioNova demo identity provider',
        html`<h1>Signed in as ${who.data.email}</h1>
          <form method="post" action="${samlCallbackUrl(ctx)}">
            ${hiddenFields({
              SAMLResponse: Buffer.from(response).toString('base64'),
              RelayState: request.data.relay_state,
            })}
            <button type="submit">Continue to the storefront</button>
          </form>`,
      ),
      200,
      { 'Cache-Control': 'no-store' },
    );
  });

  return app;
}

/** The string values of a parsed form or query, for hidden fields and to fill a form in again. */
function stringsOf(values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])),
  );
}
