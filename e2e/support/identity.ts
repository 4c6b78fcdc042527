import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { codeSentTo } from './mailbox';

/** The guest storefront's user pool and app client, as the storefront itself looks them up. */
export async function demoPool(baseURL: string): Promise<{ poolId: string; clientId: string }> {
  const response = await fetch(`${baseURL}/api/domain`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL },
    body: JSON.stringify({ hostname: 'localhost' }),
  });
  const { awsUserPoolId, clientId } = await response.json();
  return { poolId: awsUserPoolId, clientId };
}

export interface NewUser {
  username: string;
  password: string;
  givenName: string;
  familyName: string;
}

/**
 * A user of the guest storefront's pool of the test's own, signed up and confirmed with the mailed code as a
 * person would (the AWS SDK at the server's /identity), so the demo users stay as they are.
 */
export async function signUpUser(baseURL: string, user: NewUser): Promise<void> {
  const { clientId } = await demoPool(baseURL);
  const client = new CognitoIdentityProviderClient({
    endpoint: `${baseURL}/identity`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'unused', secretAccessKey: 'unused' },
    maxAttempts: 1,
  });
  await client.send(
    new SignUpCommand({
      ClientId: clientId,
      Username: user.username,
      Password: user.password,
      UserAttributes: [
        { Name: 'email', Value: user.username },
        { Name: 'given_name', Value: user.givenName },
        { Name: 'family_name', Value: user.familyName },
      ],
    }),
  );
  await client.send(
    new ConfirmSignUpCommand({
      ClientId: clientId,
      Username: user.username,
      ConfirmationCode: await codeSentTo(user.username, /verification code/i),
    }),
  );
}
