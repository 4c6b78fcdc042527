import * as client from 'openid-client';
import type { IdentityContext } from '../context';
import type { OidcSettings } from './providers';

export interface OidcFederation {
  /** The provider's authorization URL for our state, nonce and PKCE challenge. */
  authorizationUrl(
    settings: OidcSettings,
    request: { state: string; nonce: string; codeVerifier: string },
  ): Promise<URL>;
  /** The provider's verified id-token claims, with its userinfo, for the code in its callback. */
  claims(
    settings: OidcSettings,
    callbackQuery: string,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<Record<string, unknown>>;
}

/** Where providers send users back (registered with them as the redirect URI). */
export function oidcRedirectUri(ctx: IdentityContext): string {
  return `${ctx.issuerBase}/oauth2/idpresponse`;
}

/** A provider this process serves itself: its issuers start with `prefix`, and `fetch` answers them. */
export interface InProcessProvider {
  prefix: string;
  fetch(request: Request): Response | Promise<Response>;
}

/**
 * OIDC with openid-client: discovery (cached per provider), code flow with PKCE, id token checked. Calls to
 * a provider of this process are answered in it, so they never leave it (plain http is then no risk).
 */
export function createOidcFederation(ctx: IdentityContext, inProcess?: InProcessProvider): OidcFederation {
  const configurations = new Map<string, Promise<client.Configuration>>();

  const configuration = (settings: OidcSettings) => {
    const key = `${settings.issuer} ${settings.clientId}`;
    let found = configurations.get(key);
    if (!found) {
      const authentication = settings.clientSecret
        ? client.ClientSecretBasic(settings.clientSecret)
        : client.None();
      const local = inProcess && settings.issuer.startsWith(inProcess.prefix) ? inProcess : undefined;
      // Plain http issuers are for local providers (tests, development), never production.
      const insecure = (settings.issuer.startsWith('http:') && ctx.mode !== 'production') || local;
      found = client.discovery(new URL(settings.issuer), settings.clientId, undefined, authentication, {
        ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
        ...(local
          ? {
              // openid-client's options are fetch's own.
              [client.customFetch]: async (url: string, options: client.CustomFetchOptions) =>
                local.fetch(new Request(url, options as RequestInit)),
            }
          : {}),
      });
      found.catch(() => configurations.delete(key));
      configurations.set(key, found);
    }
    return found;
  };

  return {
    async authorizationUrl(settings, request) {
      return client.buildAuthorizationUrl(await configuration(settings), {
        redirect_uri: oidcRedirectUri(ctx),
        scope: settings.scopes.join(' '),
        state: request.state,
        nonce: request.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
      });
    },
    async claims(settings, callbackQuery, checks) {
      const tokens = await client.authorizationCodeGrant(
        await configuration(settings),
        new URL(`${oidcRedirectUri(ctx)}?${callbackQuery}`),
        {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        },
      );
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('no id token');
      // Providers may keep profile claims out of the id token; their userinfo has them (as Cognito reads it).
      const userInfo = await client.fetchUserInfo(
        await configuration(settings),
        tokens.access_token,
        idClaims.sub,
      );
      return { ...userInfo, ...idClaims };
    },
  };
}
