import { fetchAuthSession } from 'aws-amplify/auth';

/**
 * Renames one of the user's devices with their access token. Cognito names a device only when it is
 * confirmed and Amplify has no call for this, so it is UpdateDeviceStatus with our identity service's
 * DeviceName (decision 0027), sent the way Amplify sends its own calls: to this origin's /identity.
 */
export async function renameDevice(deviceKey: string, name: string): Promise<void> {
  const { tokens } = await fetchAuthSession();
  if (!tokens)
    throw Object.assign(new Error('User is not authenticated'), { name: 'UserUnAuthenticatedException' });
  const response = await fetch(`${window.location.origin}/identity/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.UpdateDeviceStatus',
    },
    body: JSON.stringify({
      AccessToken: tokens.accessToken.toString(),
      DeviceKey: deviceKey,
      DeviceName: name,
    }),
  });
  if (response.ok) return;
  const body = (await response.json().catch(() => ({}))) as { __type?: string; message?: string };
  throw Object.assign(new Error(body.message ?? `HTTP ${response.status}`), {
    name: body.__type?.split('#').pop() ?? 'Error',
  });
}
