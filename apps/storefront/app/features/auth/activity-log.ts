import { type GatewayClient, GatewayError } from '../../lib/gateway';
import type { AuthUser } from './auth-user';

/**
 * The 'login' entry of the user activity log (spec P§4), through the gateway's userActivityLog. Sign-in
 * goes on whatever the log answers; the gateway does not offer it yet (501), which is expected and quiet.
 */
export async function recordLogin(gateway: GatewayClient, user: AuthUser, domain: string): Promise<void> {
  const data = { activity: 'login', userType: user.userType, accountId: user.accountId, domain };
  try {
    await gateway('UserActivityLog', { data: JSON.stringify(data) });
  } catch (error) {
    if (!(error instanceof GatewayError && error.status === 501)) {
      console.warn('The sign-in was not recorded in the activity log:', error);
    }
  }
}
