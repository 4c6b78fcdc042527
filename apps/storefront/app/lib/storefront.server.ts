import { GUEST_USER_TYPE, type UserType } from '@storefront/contracts/constants';
import { MESSAGES } from '@storefront/contracts/messages';
import type { DomainDetails } from '@storefront/contracts/storefront';
import { type AppLoadContext, data, redirect } from 'react-router';
import type { GatewayClient } from './gateway';
import { createServerGateway } from './gateway.server';
import { loginPath } from './paths';

/** Who the page is rendered for. Sign-in arrives with the identity issue; until then everyone is a guest. */
export interface Viewer {
  userType: UserType;
  accountId: string;
  isGuest: boolean;
}

/** What every page loader works with: the storefront of the host, the viewer and a gateway client. */
export interface StorefrontSession {
  storefront: DomainDetails;
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

/**
 * The session of a storefront page. An authenticated-only storefront has no guest account, so a visitor who
 * is not signed in goes to /login with the original path kept for after sign-in (spec P§2).
 */
export async function requireSession(page: PageRequest): Promise<StorefrontSession> {
  const { request, url, context } = page;
  const storefront = await requireDomain(page);
  if (!storefront.guestAccountId) throw redirect(loginPath(url.pathname + url.search));
  return {
    storefront,
    viewer: { userType: GUEST_USER_TYPE, accountId: storefront.guestAccountId, isGuest: true },
    gateway: createServerGateway(request, context),
    url,
  };
}
