import { expect, test } from '@playwright/test';
import { Amplify } from 'aws-amplify';
import { generateClient } from 'aws-amplify/api';
import { fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { demoUser } from './support/sign-in';

const LOGIN_INFO = 'query GetLoginInfo { getLoginInfo }';

/** The guest storefront's user pool and app client, as the storefront itself looks them up. */
async function demoPool(baseURL: string): Promise<{ userPoolId: string; userPoolClientId: string }> {
  const response = await fetch(`${baseURL}/api/domain`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL },
    body: JSON.stringify({ hostname: 'localhost' }),
  });
  const { awsUserPoolId, clientId } = await response.json();
  return { userPoolId: awsUserPoolId, userPoolClientId: clientId };
}

test('Amplify’s userPool auth mode reaches the gateway with the raw token and no API key', async ({
  baseURL,
}) => {
  if (!baseURL) throw new Error('baseURL is configured in playwright.config.ts');
  const pool = await demoPool(baseURL);
  Amplify.configure({
    Auth: { Cognito: { ...pool, userPoolEndpoint: `${baseURL}/identity` } },
    API: { GraphQL: { endpoint: `${baseURL}/graphql`, region: 'us-east-1', defaultAuthMode: 'userPool' } },
  });
  const buyer = demoUser('buyer@halvorsen.example');
  const sent: Headers[] = [];
  const realFetch = globalThis.fetch;
  // Records what Amplify sends, and sends it unchanged.
  globalThis.fetch = (input, init) => {
    if (String(input instanceof Request ? input.url : input).endsWith('/graphql')) {
      sent.push(new Headers(input instanceof Request ? input.headers : init?.headers));
    }
    return realFetch(input, init);
  };
  try {
    await signIn({
      username: buyer.username,
      password: buyer.password,
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    const answer = (await generateClient().graphql({ query: LOGIN_INFO })) as {
      data: { getLoginInfo: string };
    };
    expect(JSON.parse(answer.data.getLoginInfo)).toMatchObject({
      statusCode: 200,
      content: { username: buyer.username, userType: 'AWSPortalUser' },
    });
    const accessToken = (await fetchAuthSession()).tokens?.accessToken.toString();
    expect(sent.at(-1)?.get('authorization')).toBe(accessToken);
    expect(sent.at(-1)?.has('x-api-key')).toBe(false);
  } finally {
    globalThis.fetch = realFetch;
    await signOut().catch(() => {});
  }
});

test('a refused token fails the whole request as AppSync does: 401 UnauthorizedException', async ({
  baseURL,
}) => {
  const response = await fetch(`${baseURL}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln' },
    body: JSON.stringify({ query: LOGIN_INFO }),
  });
  expect(response.status).toBe(401);
  expect(response.headers.get('x-amzn-errortype')).toBe('UnauthorizedException');
  expect(await response.json()).toEqual({
    errors: [{ errorType: 'UnauthorizedException', message: 'Valid authorization header not provided.' }],
  });
});
