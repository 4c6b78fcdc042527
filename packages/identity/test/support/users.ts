import {
  type AuthenticationResultType,
  type CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Database } from '@storefront/database';
import { ensureUser, type UserDefinition } from '../../src/provisioning';
import { PASSWORD, POOL } from './identity';

/** A confirmed user of the test pool, in the portal-user group, on the demo account. */
export function aUser(username: string, overrides: Partial<UserDefinition> = {}): UserDefinition {
  return {
    poolId: POOL.poolId,
    username,
    password: PASSWORD,
    email: `${username}@example.com`,
    givenName: 'Test',
    familyName: username,
    groups: ['AWSPortalUser'],
    attributes: {
      'custom:salesforceAccountId': '001000000000001AAA',
      'custom:salesforceContactId': '003000000000001AAA',
    },
    status: 'CONFIRMED',
    ...overrides,
  };
}

export async function createUser(
  database: Database,
  username: string,
  overrides: Partial<UserDefinition> = {},
) {
  const user = aUser(username, overrides);
  await ensureUser(database, user);
  return user;
}

/** Signs in with USER_PASSWORD_AUTH and returns the tokens (the user must have no challenge pending). */
export async function passwordSignIn(
  client: CognitoIdentityProviderClient,
  username: string,
  password = PASSWORD,
  clientId = POOL.clientId,
): Promise<Required<Pick<AuthenticationResultType, 'AccessToken' | 'IdToken' | 'RefreshToken'>>> {
  const { AuthenticationResult: result } = await client.send(
    new InitiateAuthCommand({
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: username, PASSWORD: password },
    }),
  );
  if (!result?.AccessToken || !result.IdToken || !result.RefreshToken) throw new Error('no tokens');
  return { AccessToken: result.AccessToken, IdToken: result.IdToken, RefreshToken: result.RefreshToken };
}

/** ForgotPassword for a user of the test pool, as the hosted page or Amplify sends it. */
export function forgotPassword(client: CognitoIdentityProviderClient, Username: string) {
  return client.send(new ForgotPasswordCommand({ ClientId: POOL.clientId, Username }));
}

/** ConfirmForgotPassword: the code and the new password. */
export function confirmForgotPassword(
  client: CognitoIdentityProviderClient,
  Username: string,
  ConfirmationCode: string,
  Password: string,
) {
  return client.send(
    new ConfirmForgotPasswordCommand({ ClientId: POOL.clientId, Username, ConfirmationCode, Password }),
  );
}

/** The first step of an SRP sign-in (any SRP_A will do to see the challenge a username gets). */
export function startSrp(client: CognitoIdentityProviderClient, USERNAME: string) {
  return client.send(
    new InitiateAuthCommand({
      ClientId: POOL.clientId,
      AuthFlow: 'USER_SRP_AUTH',
      AuthParameters: { USERNAME, SRP_A: 'abcdef0123' },
    }),
  );
}
