import type { GatewayClient } from '../../lib/gateway';
import type { AuthUser } from './auth-user';

/**
 * The 'login' entry of the user activity log (spec P§4), through the gateway's userActivityLog, which
 * takes the user and account from the access token. Sign-in goes on whatever the log answers.
 */
export async function recordLogin(gateway: GatewayClient, user: AuthUser, domain: string): Promise<void> {
  const data = { activity: 'login', userType: user.userType, accountId: user.accountId, domain };
  try {
    await gateway('UserActivityLog', { data: JSON.stringify(data) });
  } catch (error) {
    console.warn('The sign-in was not recorded in the activity log:', error);
  }
}
