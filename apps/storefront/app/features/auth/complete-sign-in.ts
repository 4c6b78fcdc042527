import { fetchAuthSession, fetchUserAttributes, getCurrentUser } from 'aws-amplify/auth';
import type { AuthSettings } from '../../lib/auth-settings';
import { createBrowserGateway } from '../../lib/browser-gateway';
import { STORED_AUTH_KEY } from '../../lib/stored-login';
import { recordLogin } from './activity-log';
import { authUser } from './auth-user';
import { claimGuestCart } from './claim-guest-cart';
import { AUTH_MESSAGES } from './messages';

/**
 * What follows a finished sign-in (spec P§4): user info, the user type from the first group of the id
 * token, the auth user kept for the portal, the 'login' activity entry, and the guest's cart moved to the
 * account.
 */
export async function completeSignIn(settings: AuthSettings): Promise<void> {
  const { tokens } = await fetchAuthSession();
  if (!tokens) throw new Error(AUTH_MESSAGES.emptySessionUser);
  const [{ username }, attributes] = await Promise.all([getCurrentUser(), fetchUserAttributes()]);
  const user = authUser(username, attributes, tokens.idToken?.payload['cognito:groups']);
  window.localStorage.setItem(STORED_AUTH_KEY, JSON.stringify(user));
  const gateway = createBrowserGateway(settings.gatewayApiKey, tokens.accessToken.toString());
  await Promise.all([recordLogin(gateway, user, window.location.hostname), claimGuestCart()]);
}
