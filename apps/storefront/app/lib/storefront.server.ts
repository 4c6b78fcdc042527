import { GUEST_USER_TYPE, type UserType } from '@storefront/contracts/constants';
import { MESSAGES } from '@storefront/contracts/messages';
import type { DomainDetails } from '@storefront/contracts/storefront';
import { type AppLoadContext, data, redirect } from 'react-router';
import type { GatewayClient } from './gateway';
import { createServerGateway } from './gateway.server';
import { hostedLoginRedirect } from './hosted-login.server';
import { loginPath } from './paths';
import { type AuthSession, readSession } from './session.server';

/** Who the page is rendered for: a guest of the storefront's guest account, or the signed-in user. */
export interface Viewer {
  userType: UserType;
  accountId: string;
  isGuest: boolean;
}

/** What every page loader works with: the storefront of the host, the viewer and a gateway client. */
export interface StorefrontSession {
  storefront: DomainDetails;
  auth: AuthSession;
  viewer: Viewer;
  gateway: GatewayClient;
  url: URL;
}

/** What a loader gets: `url` is the page URL (without React Router's data-request details). */
export interface PageRequest {
  request: Request;
  url: URL;
  context: AppLoadContext;
}

/** The storefront of the request's host, or the 404 'Storefront Not Found' page. */
export async function requireDomain({ url, context }: PageRequest): Promise<DomainDetails> {
  const storefront = await context.resolveDomain(url.host);
  if (!storefront) throw data({ message: MESSAGES.storefrontNotFound }, { status: 404 });
  return storefront;
}

/** What a page shows of the storefront: its name and logo (the theme's, else the default). */
export function brandOf(storefront: DomainDetails): { storefrontName: string; logoUrl: string } {
  return { storefrontName: storefront.storefrontName, logoUrl: storefront.theme.logoUrl || '/logo.svg' };
}

/** To sign-in, back to this page afterwards (spec P§2). */
export function signInRedirect(url: URL, options?: { expired?: boolean }): Response {
  return redirect(loginPath(url.pathname + url.search, options));
}

/**
 * The session of a storefront page (spec P§2). A hosted-login return goes on to sign-in first. An expired
 * session goes to /login, whose page refreshes it and comes back. A visitor who is not signed in stays a
 * guest, except on an authenticated-only storefront (no guest account), where they go to /login.
 */
export async function requireSession(page: PageRequest): Promise<StorefrontSession> {
  const { request, url, context } = page;
  const storefront = await requireDomain(page);
  const hostedLogin = hostedLoginRedirect(url);
  if (hostedLogin) throw redirect(hostedLogin);
  const auth = readSession(request, storefront.clientId);
  if (auth.signedIn) {
    return {
      storefront,
      auth,
      // The gateway takes user type and account from the verified token; these only shape the request.
      viewer: { userType: auth.userType ?? GUEST_USER_TYPE, accountId: auth.accountId ?? '', isGuest: false },
      gateway: createServerGateway(request, context, auth.accessToken),
      url,
    };
  }
  if (auth.expired || !storefront.guestAccountId) throw signInRedirect(url);
  return {
    storefront,
    auth,
    viewer: { userType: GUEST_USER_TYPE, accountId: storefront.guestAccountId, isGuest: true },
    gateway: createServerGateway(request, context),
    url,
  };
}
