import { randomBytes } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { cors } from 'hono/cors';
import { z } from 'zod';
import type { IdentityContext } from '../context';
import { providerFor } from '../federation/providers';
import type { Federation } from '../federation/routes';
import { respondToChallenge } from '../operations/sign-in';
import { CognitoError } from '../protocol/errors';
import { safeEqual } from '../security/compare';
import { clientAddress, type RequestLimit, userSubject } from '../security/rate-limit';
import { checkPassword } from '../sign-in/password';
import type { AuthResponse } from '../sign-in/result';
import { afterPassword } from '../sign-in/steps';
import { authenticate } from '../tokens/access';
import { MFA_TYPES } from '../users/model';
import { type AuthorizeRequest, parseAuthorize, withParams } from './authorize';
import { endSession } from './logout';
import { challengePage, messagePage, signInPage } from './pages';
import { revokeToken } from './revoke';
import { exchangeTokens } from './token';

const CSRF_COOKIE = 'identity_csrf';

const loginForm = z.object({
  authorize: z.string().max(8192),
  csrf: z.string(),
  username: z.string().min(1).max(128),
  password: z.string().min(1).max(256),
});
const challengeForm = z.object({
  authorize: z.string().max(8192),
  csrf: z.string(),
  session: z.string().min(20).max(2048),
  challenge: z.enum(['NEW_PASSWORD_REQUIRED', 'SOFTWARE_TOKEN_MFA', 'SMS_MFA', 'SELECT_MFA_TYPE']),
  username: z.string().min(1).max(128),
  code: z.string().max(16).optional(),
  new_password: z.string().max(256).optional(),
  answer: z.string().max(32).optional(),
});

/** What a challenge form sends back, in RespondToAuthChallenge's words. */
const RESPONSE_FIELD = {
  NEW_PASSWORD_REQUIRED: ['NEW_PASSWORD', 'new_password'],
  SOFTWARE_TOKEN_MFA: ['SOFTWARE_TOKEN_MFA_CODE', 'code'],
  SMS_MFA: ['SMS_MFA_CODE', 'code'],
  SELECT_MFA_TYPE: ['ANSWER', 'answer'],
} as const;

/**
 * Hosted login (OAuth 2.0 authorization code with PKCE): the authorize endpoint and our sign-in pages, the
 * token and revocation endpoints, logout and userInfo. Pages post back with the original authorize query,
 * re-validated every time, and a CSRF token matched against a cookie.
 */
export function hostedRoutes(ctx: IdentityContext, limit: RequestLimit, federation: Federation): Hono {
  const app = new Hono();
  app.route('/', federation.routes);
  const base = ctx.issuerBase;

  /** The sign-in form (or the next challenge) for a validated authorize request. */
  const form = (c: Context, authorize: string, hidden: Record<string, string> = {}) => ({
    action: `${base}/login${hidden.session ? '/challenge' : ''}`,
    hidden: { authorize, csrf: csrfToken(c), ...hidden },
  });

  /** Where a sign-in step leads: the redirect with a code, the next challenge page, or a dead end. */
  const next = (
    c: Context,
    request: AuthorizeRequest,
    authorize: string,
    username: string,
    response: AuthResponse,
  ) => {
    if ('AuthorizationCode' in response) {
      return c.redirect(
        withParams(request.grant.redirectUri, {
          code: response.AuthorizationCode,
          state: request.grant.state,
        }),
        302,
      );
    }
    if (!('ChallengeName' in response) || response.ChallengeName === 'MFA_SETUP' || !response.Session) {
      return c.html(
        messagePage(
          'Set up MFA first',
          'This account must set up an authenticator app: sign in from the storefront, then come back.',
        ),
        400,
      );
    }
    const choices = JSON.parse(response.ChallengeParameters.MFAS_CAN_CHOOSE ?? '[]') as string[];
    const hidden = { session: response.Session, challenge: response.ChallengeName, username };
    return c.html(challengePage(form(c, authorize, hidden), response.ChallengeName, choices));
  };

  /**
   * A posted page: its fields, its CSRF token checked, and the authorize query it carried re-validated (a
   * bad one ends on an error page, never a redirect). The attempt counts against the address and the user.
   */
  const readPage = async <S extends typeof loginForm | typeof challengeForm>(c: Context, schema: S) => {
    const parsed = schema.safeParse(await c.req.parseBody());
    if (!parsed.success || !csrfMatches(c, parsed.data.csrf)) return undefined;
    const request = await parseAuthorize(
      ctx.db,
      Object.fromEntries(new URLSearchParams(parsed.data.authorize)),
    );
    if (!('grant' in request)) return undefined;
    await limit(c);
    await limit(c, userSubject(request.client.poolId, parsed.data.username));
    return { fields: parsed.data as z.infer<S>, request };
  };

  const expired = (c: Context) =>
    c.html(
      messagePage('Sign-in error', 'The sign-in form has expired. Start again from the storefront.'),
      400,
    );

  app.get('/oauth2/authorize', async (c) => {
    const request = await parseAuthorize(ctx.db, c.req.query());
    if ('show' in request) return c.html(messagePage('Sign-in error', request.show), 400);
    if ('redirect' in request) return c.redirect(request.redirect, 302);
    const provider = await providerFor(ctx.db, request.pool, request.client, request.identityProvider);
    if (provider === 'unknown') {
      const error = {
        error: 'invalid_request',
        error_description: 'Unknown identity provider.',
        state: request.grant.state,
      };
      return c.redirect(withParams(request.grant.redirectUri, error), 302);
    }
    if (provider) return c.redirect(await federation.start(provider, request), 302);
    const authorize = new URL(c.req.url).searchParams.toString();
    return c.html(signInPage(form(c, authorize)));
  });

  app.post('/login', async (c) => {
    const page = await readPage(c, loginForm);
    if (!page) return expired(c);
    const { request, fields } = page;
    try {
      const caller = { ...ctx, clientAddress: clientAddress(c) };
      const user = await checkPassword(caller, request.pool.id, fields.username, fields.password);
      const response = await afterPassword(ctx, {
        pool: request.pool,
        clientId: request.client.id,
        user,
        authorize: request.grant,
      });
      return next(c, request, fields.authorize, user.username, response);
    } catch (error) {
      if (!(error instanceof CognitoError)) throw error;
      return c.html(signInPage({ ...form(c, fields.authorize), error: error.message }, fields.username), 400);
    }
  });

  app.post('/login/challenge', async (c) => {
    const page = await readPage(c, challengeForm);
    if (!page) return expired(c);
    const { request, fields } = page;
    const { authorize, session, challenge, username } = fields;
    const [responseName, formField] = RESPONSE_FIELD[challenge];
    try {
      const response = await respondToChallenge(ctx, {
        ClientId: request.client.id,
        ChallengeName: challenge,
        Session: session,
        ChallengeResponses: { USERNAME: username, [responseName]: fields[formField] ?? '' },
      });
      return next(c, request, authorize, username, response);
    } catch (error) {
      if (!(error instanceof CognitoError)) throw error;
      // The factors are offered again as they were; the answer is checked against the user's own.
      const hidden = { session, challenge, username };
      return c.html(
        challengePage({ ...form(c, authorize, hidden), error: error.message }, challenge, [...MFA_TYPES]),
        400,
      );
    }
  });

  // Browsers on storefront origins call these directly (Amplify's token exchange, revocation, userInfo).
  const api = cors({
    origin: '*',
    allowMethods: ['GET', 'POST'],
    allowHeaders: ['content-type', 'authorization'],
    maxAge: 600,
  });

  app.post('/oauth2/token', api, async (c) => {
    await limit(c);
    const answer = await exchangeTokens(ctx, await c.req.parseBody());
    c.header('cache-control', 'no-store');
    c.header('pragma', 'no-cache');
    return c.json(answer.body, answer.status);
  });

  app.on(['GET', 'POST'], '/oauth2/userInfo', api, async (c) => {
    const token = /^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    try {
      const { user, claims } = await authenticate(ctx, token ?? '', { required: false });
      if (
        !String(claims.scope ?? '')
          .split(' ')
          .includes('openid')
      ) {
        return c.json({ error: 'insufficient_scope' }, 403);
      }
      return c.json({ sub: user.id, ...user.attributes, username: user.username });
    } catch (error) {
      if (!(error instanceof CognitoError)) throw error;
      c.header('www-authenticate', 'Bearer error="invalid_token"');
      return c.json({ error: 'invalid_token', error_description: error.message }, 401);
    }
  });

  app.post('/oauth2/revoke', api, async (c) => {
    await limit(c);
    const answer = await revokeToken(ctx, await c.req.parseBody());
    c.header('cache-control', 'no-store');
    return answer.body ? c.json(answer.body, answer.status) : c.body(null, answer.status);
  });

  // OpenID Connect lets the client send its sign-out by GET or by a posted form.
  app.on(['GET', 'POST'], '/logout', async (c) => {
    const params = c.req.method === 'POST' ? await c.req.parseBody() : c.req.query();
    const outcome = await endSession(ctx, params);
    if ('redirect' in outcome) return c.redirect(outcome.redirect, 302);
    if ('signedOut' in outcome) return c.html(messagePage('Signed out', 'You are signed out.'));
    return c.html(messagePage('Sign-out error', outcome.refuse), 400);
  });

  return app;
}

/** The page's CSRF token: the cookie's, or a new one set now (double-submit). */
function csrfToken(c: Context): string {
  const existing = getCookie(c, CSRF_COOKIE);
  if (existing) return existing;
  const token = randomBytes(24).toString('base64url');
  setCookie(c, CSRF_COOKIE, token, { httpOnly: true, sameSite: 'Strict', path: '/' });
  return token;
}

function csrfMatches(c: Context, submitted: string): boolean {
  const cookie = getCookie(c, CSRF_COOKIE);
  return Boolean(cookie) && safeEqual(cookie ?? '', submitted);
}
