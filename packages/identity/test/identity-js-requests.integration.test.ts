import { GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { testEngines } from '@storefront/database/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, POOL, type ServedIdentity, serveIdentity } from './support/identity';
import { createUser, passwordSignIn } from './support/users';

/**
 * The requests amazon-cognito-identity-js sends: its `Client.request` posts `JSON.stringify(params)`, so an
 * argument its documentation passes as null (signUp's validationData, setUserMfaPreference's settings, a
 * caller's clientMetadata) reaches the pool as a JSON null, which Cognito reads as absent.
 */
async function identityJs(identity: ServedIdentity, operation: string, params: object) {
  const response = await fetch(`${identity.baseUrl}/`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': `AWSCognitoIdentityProviderService.${operation}`,
      'X-Amz-User-Agent': 'aws-amplify/5.0.4 js',
    },
    cache: 'no-cache',
    body: JSON.stringify(params),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe.each(await testEngines())('requests as amazon-cognito-identity-js sends them on $name', (engine) => {
  let identity: ServedIdentity;
  beforeAll(async () => {
    identity = await serveIdentity(engine);
  });
  afterAll(() => identity.close());

  it('signs up with the documented signUp(username, password, attributes, null, callback)', async () => {
    const answer = await identityJs(identity, 'SignUp', {
      ClientId: POOL.clientId,
      Username: 'nullable',
      Password: PASSWORD,
      UserAttributes: [{ Name: 'email', Value: 'nullable@example.com' }],
      ValidationData: null,
    });
    expect(answer).toMatchObject({ status: 200, body: { UserConfirmed: false } });
  });

  it('signs in and asks for a reset with "ClientMetadata": null', async () => {
    await createUser(identity.database, 'metadata');
    const signIn = await identityJs(identity, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: POOL.clientId,
      AuthParameters: { USERNAME: 'metadata', PASSWORD },
      ClientMetadata: null,
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body.AuthenticationResult).toMatchObject({ AccessToken: expect.any(String) });
    const forgot = await identityJs(identity, 'ForgotPassword', {
      ClientId: POOL.clientId,
      Username: 'metadata',
      ClientMetadata: null,
    });
    expect(forgot).toMatchObject({ status: 200, body: { CodeDeliveryDetails: { DeliveryMedium: 'EMAIL' } } });
  });

  it('turns SMS MFA on with setUserMfaPreference(settings, null), and a null inside settings', async () => {
    await createUser(identity.database, 'texted', { attributes: { phone_number: '+15555550123' } });
    const { AccessToken } = await passwordSignIn(identity.client, 'texted');
    const answer = await identityJs(identity, 'SetUserMFAPreference', {
      SMSMfaSettings: { PreferredMfa: true, Enabled: true },
      SoftwareTokenMfaSettings: null,
      AccessToken,
    });
    expect(answer).toEqual({ status: 200, body: {} });
    const none = await identityJs(identity, 'SetUserMFAPreference', {
      SMSMfaSettings: { PreferredMfa: null, Enabled: true },
      SoftwareTokenMfaSettings: null,
      AccessToken,
    });
    expect(none.status).toBe(200);
    const user = await identity.client.send(new GetUserCommand({ AccessToken }));
    expect(user.PreferredMfaSetting).toBe('SMS_MFA');
    expect(user.UserMFASettingList).toEqual(['SMS_MFA']);
  });

  it('still refuses a null where a value is required, naming the field', async () => {
    const answer = await identityJs(identity, 'ForgotPassword', { ClientId: POOL.clientId, Username: null });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      __type: 'InvalidParameterException',
      message: expect.stringContaining("Value at 'Username'"),
    });
  });
});
