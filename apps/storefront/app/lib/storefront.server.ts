import { DEFAULT_LOCALE, GUEST_USER_TYPE, USER_TYPES, type UserType } from '@storefront/contracts/constants';
import { MESSAGES } from '@storefront/contracts/messages';
import type { DomainDetails } from '@storefront/contracts/storefront';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { z } from 'zod';
import { readGuestCartSecret } from '../features/cart/guest-cart.server';
import { GatewayCallError, type GatewayClient } from './gateway';
import { createServerGateway } from './gateway.server';
import { hostedLoginRedirect } from './hosted-login.server';
import { serverContext } from './load-context';
import { loginPath } from './paths';
import { type AuthSession, readSession } from './session.server';

/** Who the page is rendered for: a guest of the storefront's guest account, or the signed-in user. */
export interface Viewer {
  userType: UserType;
  /** The account pages act for: the user's own, or the related account they chose (decided by the gateway). */
  accountId: string;
  /** The user's own account (a guest: the guest account). */
  homeAccountId: string;
  /** The related account their orders ship to in behalf of `accountId`; null for none. */
  shipToAccountId: string | null;
  /** The user may act for more than one account (their own and related ones): pages name the one in view. */
  actsForSeveral: boolean;
  isGuest: boolean;
}

/** What every page loader works with: the storefront of the host, the viewer and a gateway client. */
export interface StorefrontSession {
  storefront: DomainDetails;
  auth: AuthSession;
  viewer: Viewer;
  gateway: GatewayClient;
  url: URL;
  /** The guest cart secret of the request's cookie (a signed-in user still has one until it is claimed). */
  guestCartSecret: string | null;
  /** The viewer's language: a signed-in user's locale, else the browser's first language, else en-US. */
  locale: string;
}

/** What a loader gets: `url` is the page URL (without React Router's data-request details). */
export interface PageRequest {
  request: Request;
  url: URL;
  context: Readonly<RouterContextProvider>;
}

/** The storefront of the request's host, or the 404 'Storefront Not Found' page. */
export async function requireDomain({ url, context }: PageRequest): Promise<DomainDetails> {
  const storefront = await serverContext(context).resolveDomain(url.host);
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

const loginInfo = z.object({
  userType: z.enum(USER_TYPES),
  accountId: z.string(),
  homeAccountId: z.string(),
  shipToAccountId: z.string().nullable(),
  /** Every account the user may act for: their own, related ones, and the storefront's guest account. */
  accountIds: z.array(z.string()),
});

/**
 * The signed-in viewer as the gateway verified the token: the cookie is the browser's word, so what a page
 * shows (visibility, redirects) follows the gateway's answer. A token it refuses means signing in again.
 */
async function verifiedViewer(
  gateway: GatewayClient,
  url: URL,
  guestAccountId: string | null,
): Promise<Viewer> {
  try {
    const { userType, accountId, homeAccountId, shipToAccountId, accountIds } = loginInfo.parse(
      await gateway('GetLoginInfo', {}),
    );
    const actsForSeveral = accountIds.filter((id) => id !== guestAccountId).length > 1;
    return { userType, accountId, homeAccountId, shipToAccountId, actsForSeveral, isGuest: false };
  } catch (error) {
    if (error instanceof GatewayCallError && error.status === 401)
      throw signInRedirect(url, { expired: true });
    throw error;
  }
}

/** A page's session before the gateway has said who the viewer is: nothing has been read through it yet. */
export type OpenedSession = Omit<StorefrontSession, 'viewer'>;

/**
 * The storefront of the host, the browser's session and a gateway client for them, with no gateway call: a
 * loader can start reads that do not depend on the viewer (the template list) while the viewer is verified,
 * and they go to the gateway in the same request. A hosted-login return goes on to sign-in first.
 */
export async function openSession(
  page: PageRequest,
  guestCartSecret = readGuestCartSecret(page.request),
): Promise<OpenedSession> {
  const { request, url, context } = page;
  const storefront = await requireDomain(page);
  const hostedLogin = hostedLoginRedirect(url);
  if (hostedLogin) throw redirect(hostedLogin);
  const auth = readSession(request, storefront.clientId);
  const browserLocale = request.headers.get('accept-language')?.split(/[,;]/)[0]?.trim() || DEFAULT_LOCALE;
  const accessToken = auth.signedIn ? auth.accessToken : null;
  const gateway = createServerGateway(request, context, { accessToken, guestCartSecret });
  const locale = (auth.signedIn ? auth.locale : null) ?? browserLocale;
  return { storefront, auth, gateway, url, guestCartSecret, locale };
}

/**
 * Who the page is for (spec P§2): the signed-in user as the gateway verified them. An expired session goes
 * to /login, whose page refreshes it and comes back. A visitor who is not signed in stays a guest, except on
 * an authenticated-only storefront (no guest account), where they go to /login.
 */
export async function identifyViewer(opened: OpenedSession): Promise<StorefrontSession> {
  const { storefront, auth, gateway, url } = opened;
  if (auth.signedIn)
    return { ...opened, viewer: await verifiedViewer(gateway, url, storefront.guestAccountId) };
  if (auth.expired || !storefront.guestAccountId) throw signInRedirect(url);
  return { ...opened, viewer: guestViewer(storefront.guestAccountId) };
}

function guestViewer(guestAccountId: string): Viewer {
  return {
    userType: GUEST_USER_TYPE,
    accountId: guestAccountId,
    homeAccountId: guestAccountId,
    shipToAccountId: null,
    actsForSeveral: false,
    isGuest: true,
  };
}

/**
 * A session that sees the storefront as a first-time guest does, whatever the browser's cookies say (what
 * search engines may list); null on an authenticated-only storefront, which has no guests.
 */
export function firstTimeGuestSession(
  page: PageRequest,
  storefront: DomainDetails,
): StorefrontSession | null {
  if (!storefront.guestAccountId) return null;
  return {
    storefront,
    auth: { signedIn: false, expired: false },
    viewer: guestViewer(storefront.guestAccountId),
    gateway: createServerGateway(page.request, page.context),
    url: page.url,
    guestCartSecret: null,
    locale: DEFAULT_LOCALE,
  };
}

/** The session of a storefront page: opened, then its viewer identified. */
export async function requireSession(
  page: PageRequest,
  guestCartSecret = readGuestCartSecret(page.request),
): Promise<StorefrontSession> {
  return identifyViewer(await openSession(page, guestCartSecret));
}

/**
 * The session of an account page (spec P§2: account pages need a token): a visitor goes to /login and
 * back. Every /billing/* loader and action calls it: React Router runs a layout's loader beside its
 * page's, not before it, so the layout alone cannot guard its pages.
 */
export async function requireAccountSession(page: PageRequest): Promise<StorefrontSession> {
  const session = await requireSession(page);
  if (session.viewer.isGuest) throw signInRedirect(session.url);
  return session;
}
