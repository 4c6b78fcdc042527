import { randomUUID } from 'node:crypto';
import {
  CognitoIdentityProviderClient,
  GetUserCommand,
  InitiateAuthCommand,
  type NotAuthorizedException,
} from '@aws-sdk/client-cognito-identity-provider';
import { expect, test } from '@playwright/test';
import * as oidc from 'openid-client';
import { demoPool } from './support/identity';
import { demoUser } from './support/sign-in';

/** The composed server's address (playwright.config.ts sets it). */
function serverURL(baseURL: string | undefined): string {
  if (!baseURL) throw new Error('playwright.config.ts sets baseURL');
  return baseURL;
}

/** The SDK configured as a user would: the endpoint is the server's /identity, nothing else. */
function sdkClient(baseURL: string): { client: CognitoIdentityProviderClient; paths: string[] } {
  const client = new CognitoIdentityProviderClient({
    endpoint: `${baseURL}/identity`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'unused', secretAccessKey: 'unused' },
    maxAttempts: 1,
  });
  const paths: string[] = [];
  client.middlewareStack.add(
    (next) => async (args) => {
      paths.push((args.request as { path: string }).path);
      return next(args);
    },
    { step: 'finalizeRequest' },
  );
  return { client, paths };
}

const passwordAuth = (clientId: string, username: string, password: string) =>
  new InitiateAuthCommand({
    ClientId: clientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: username, PASSWORD: password },
  });

test('the AWS SDK v3 signs in at the server’s /identity (it posts to /identity/) and reads Cognito’s 400 errors', async ({
  baseURL: configured,
}) => {
  const baseURL = serverURL(configured);
  const { clientId } = await demoPool(baseURL);
  const { client, paths } = sdkClient(baseURL);
  const buyer = demoUser('buyer@halvorsen.example');
  const signedIn = await client.send(passwordAuth(clientId, buyer.username, buyer.password));
  const accessToken = signedIn.AuthenticationResult?.AccessToken ?? '';
  expect((await client.send(new GetUserCommand({ AccessToken: accessToken }))).Username).toBe(buyer.username);
  expect(paths).toEqual(['/identity/', '/identity/']);

  const refused = await client
    .send(passwordAuth(clientId, buyer.username, 'Not-the-password-1!'))
    .catch((error: NotAuthorizedException) => error);
  expect(refused).toMatchObject({
    name: 'NotAuthorizedException',
    message: 'Incorrect username or password.',
  });
  expect((refused as NotAuthorizedException).$metadata.httpStatusCode).toBe(400);

  // boto3 and Amplify post to the endpoint as configured, without the slash.
  const bare = await fetch(`${baseURL}/identity`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser',
    },
    body: JSON.stringify({ AccessToken: accessToken }),
  });
  expect(bare.status).toBe(200);
  expect((await bare.json()).Username).toBe(buyer.username);
});

/** What Amplify v6 sends with every user-pool call (its retry middleware adds the amz-sdk-* pair). */
const AMPLIFY_HEADERS = {
  'content-type': 'application/x-amz-json-1.1',
  'x-amz-user-agent': 'aws-amplify/6.0.0 auth/0 framework/0',
  'cache-control': 'no-store',
  'amz-sdk-request': 'attempt=1; max=3',
};

test('a storefront on another origin signs in through /identity with Amplify’s headers (CORS)', async ({
  page,
  request,
  baseURL: configured,
}) => {
  const baseURL = serverURL(configured);
  const preflight = await request.fetch(`${baseURL}/identity`, {
    method: 'OPTIONS',
    headers: {
      origin: 'http://127.0.0.1:3000',
      'access-control-request-method': 'POST',
      'access-control-request-headers':
        'amz-sdk-invocation-id,amz-sdk-request,cache-control,content-type,x-amz-target,x-amz-user-agent',
    },
  });
  expect(preflight.status()).toBe(204);
  expect(preflight.headers()['access-control-allow-headers']?.split(',')).toEqual(
    expect.arrayContaining(['amz-sdk-invocation-id', 'amz-sdk-request', 'x-amz-user-agent', 'x-amz-target']),
  );

  // A page of another origin (127.0.0.1 where the pool is at localhost): Chromium preflights its call and
  // enforces what the answer allows.
  const otherOrigin = new URL(baseURL);
  otherOrigin.hostname = '127.0.0.1';
  await page.goto(new URL('/health', otherOrigin).toString());
  const { clientId } = await demoPool(baseURL);
  const buyer = demoUser('purchasing@halvorsen.example');
  const answer = await page.evaluate(
    async ({ endpoint, headers, body }) => {
      const response = await fetch(endpoint, { method: 'POST', headers, body });
      return {
        status: response.status,
        requestId: response.headers.get('x-amzn-requestid'),
        body: await response.json(),
      };
    },
    {
      endpoint: `${baseURL}/identity`,
      headers: {
        ...AMPLIFY_HEADERS,
        'amz-sdk-invocation-id': randomUUID(),
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify(passwordAuth(clientId, buyer.username, buyer.password).input),
    },
  );
  expect(answer.status).toBe(200);
  expect(answer.requestId).toEqual(expect.any(String));
  expect(answer.body.AuthenticationResult.AccessToken).toEqual(expect.any(String));
});

test('openid-client revokes a refresh token at /oauth2/revoke and signs out with the OpenID Connect parameters', async ({
  baseURL: configured,
}) => {
  const baseURL = serverURL(configured);
  const { poolId, clientId } = await demoPool(baseURL);
  const { client } = sdkClient(baseURL);
  const manager = demoUser('manager@halvorsen.example');
  const tokens = (await client.send(passwordAuth(clientId, manager.username, manager.password)))
    .AuthenticationResult;
  const config = await oidc.discovery(
    new URL(`${baseURL}/identity/${poolId}`),
    clientId,
    undefined,
    oidc.None(),
    {
      execute: [oidc.allowInsecureRequests],
    },
  );

  await oidc.tokenRevocation(config, tokens?.RefreshToken ?? '');
  const revoked = await client
    .send(new GetUserCommand({ AccessToken: tokens?.AccessToken }))
    .catch((error: Error) => error);
  expect(revoked).toMatchObject({ name: 'NotAuthorizedException', message: 'Access Token has been revoked' });

  const home = `${baseURL}/`;
  const signOut = (post_logout_redirect_uri: string) =>
    fetch(
      oidc.buildEndSessionUrl(config, {
        post_logout_redirect_uri,
        id_token_hint: tokens?.IdToken ?? '',
        state: 'signed-out-1',
      }),
      { redirect: 'manual' },
    );
  const back = await signOut(home);
  expect(back.status).toBe(302);
  expect(back.headers.get('location')).toBe(`${home}?state=signed-out-1`);
  const elsewhere = await signOut('https://evil.example/');
  expect(elsewhere.status).toBe(400);
  expect(elsewhere.headers.get('location')).toBeNull();
  expect(await elsewhere.text()).toContain('The sign-out address is not allowed for this client.');
});
