import {
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { testEngines } from '@storefront/database/testing';
import { Amplify } from 'aws-amplify';
import { confirmSignIn, getCurrentUser, signIn, signOut } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { outboxFor } from '../src/mail/outbox';
import type { PoolDefinition } from '../src/provisioning';
import { expectException, PASSWORD, POOL, type ServedIdentity, serveIdentity } from './support/identity';
import { createUser } from './support/users';

/** A storefront's app client whose CUSTOM_AUTH asks for the password, then a code sent by e-mail. */
const CODE_POOL: PoolDefinition = {
  ...POOL,
  poolId: 'us-east-1_CodePool1',
  clientId: 'codeclient1',
  customChallenge: 'EMAIL_CODE',
};

const CUSTOM_WITH_SRP = { authFlowType: 'CUSTOM_WITH_SRP' } as const;

/** Amplify's answers from the pool, as the wire carried them, newest last. */
const answers: { target: string; body: Record<string, unknown> }[] = [];

describe.each(await testEngines())('the custom authentication flow on $name', (engine) => {
  let identity: ServedIdentity;
  const codesOf = async (username: string) =>
    (await outboxFor(identity.database, CODE_POOL.poolId, username)).filter(
      (entry) => entry.kind === 'SIGN_IN_CODE',
    );
  const user = (username: string, overrides = {}) =>
    createUser(identity.database, username, { poolId: CODE_POOL.poolId, ...overrides });

  beforeAll(async () => {
    identity = await serveIdentity(engine, { pools: [POOL, CODE_POOL] });
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: CODE_POOL.poolId,
          userPoolClientId: CODE_POOL.clientId,
          userPoolEndpoint: `${identity.baseUrl}/`,
        },
      },
    });
    const stored = new Map<string, string>();
    cognitoUserPoolsTokenProvider.setKeyValueStorage({
      setItem: async (key, value) => void stored.set(key, value),
      getItem: async (key) => stored.get(key) ?? null,
      removeItem: async (key) => void stored.delete(key),
      clear: async () => stored.clear(),
    });
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const response = await realFetch(input, init);
      const target = new Headers(init?.headers).get('x-amz-target') ?? '';
      if (target) answers.push({ target, body: await response.clone().json() });
      return response;
    });
  });
  afterEach(() => signOut());
  afterAll(async () => {
    vi.restoreAllMocks();
    await identity.close();
  });

  it('asks for the password, then for the code it mails, and signs in with the code', async () => {
    await user('coder');
    const first = await signIn({ username: 'coder', password: PASSWORD, options: CUSTOM_WITH_SRP });
    expect(first).toEqual({
      isSignedIn: false,
      nextStep: {
        signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE',
        additionalInfo: {
          CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL',
          CODE_DELIVERY_DESTINATION: 'c***@e***.com',
          ATTEMPTS_LEFT: '3',
          USERNAME: 'coder',
          USER_ID_FOR_SRP: 'coder',
        },
      },
    });
    // On the wire: InitiateAuth CUSTOM_AUTH answered SRP's PASSWORD_VERIFIER, the proof CUSTOM_CHALLENGE.
    expect(answers.at(-2)?.body).toMatchObject({ ChallengeName: 'PASSWORD_VERIFIER' });
    expect(answers.at(-1)?.body).toMatchObject({
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: expect.any(String),
    });
    const mails = await codesOf('coder');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.destination).toBe('coder@example.com');

    const wrong = await confirmSignIn({
      challengeResponse: '000000' === mails[0]?.code ? '111111' : '000000',
    });
    expect(wrong.nextStep).toMatchObject({
      signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE',
      additionalInfo: { ATTEMPTS_LEFT: '2' },
    });
    // Another try keeps the code already sent.
    expect(await codesOf('coder')).toHaveLength(1);

    const done = await confirmSignIn({ challengeResponse: mails[0]?.code ?? '' });
    expect(done).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    expect((await getCurrentUser()).username).toBe('coder');
  });

  it('answers RespondToAuthChallenge with ANSWER; a used Session cannot answer again', async () => {
    await user('sdk-coder');
    await signIn({ username: 'sdk-coder', password: PASSWORD, options: CUSTOM_WITH_SRP });
    const opened = answers.at(-1)?.body as { Session: string };
    const [mail] = await codesOf('sdk-coder');
    const answer = (Session: string, ANSWER: string) =>
      identity.client.send(
        new RespondToAuthChallengeCommand({
          ClientId: CODE_POOL.clientId,
          ChallengeName: 'CUSTOM_CHALLENGE',
          Session,
          ChallengeResponses: { USERNAME: 'sdk-coder', ANSWER },
        }),
      );
    const retry = await answer(opened.Session, 'not the code');
    expect(retry).toMatchObject({
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: expect.any(String),
      ChallengeParameters: { ATTEMPTS_LEFT: '2', CODE_DELIVERY_DESTINATION: 's***@e***.com' },
    });
    await expectException(answer(opened.Session, mail?.code ?? ''), 'NotAuthorizedException');
    const signedIn = await answer(retry.Session ?? '', ` ${mail?.code} `);
    expect(decodeJwt(signedIn.AuthenticationResult?.IdToken ?? '')).toMatchObject({
      'cognito:username': 'sdk-coder',
      aud: CODE_POOL.clientId,
    });
  });

  it('ends the sign-in after three wrong codes', async () => {
    await user('guesser');
    await signIn({ username: 'guesser', password: PASSWORD, options: CUSTOM_WITH_SRP });
    const [mail] = await codesOf('guesser');
    const guess = mail?.code === '123456' ? '654321' : '123456';
    await confirmSignIn({ challengeResponse: guess });
    await confirmSignIn({ challengeResponse: guess });
    await expectException(
      confirmSignIn({ challengeResponse: guess }),
      'NotAuthorizedException',
      'Incorrect username or password.',
    );
  });

  it('mails no code for a wrong password', async () => {
    await user('forgetful');
    await expectException(
      signIn({ username: 'forgetful', password: 'Wr0ng-password!', options: CUSTOM_WITH_SRP }),
      'NotAuthorizedException',
      'Incorrect username or password.',
    );
    expect(await codesOf('forgetful')).toEqual([]);
  });

  it('asks a new user for a new password first, then for the code', async () => {
    await user('starter', { status: 'FORCE_CHANGE_PASSWORD' });
    const first = await signIn({ username: 'starter', password: PASSWORD, options: CUSTOM_WITH_SRP });
    expect(first.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
    const second = await confirmSignIn({ challengeResponse: 'N3w-password-2026!' });
    expect(second.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE');
    const [mail] = await codesOf('starter');
    expect(await confirmSignIn({ challengeResponse: mail?.code ?? '' })).toMatchObject({ isSignedIn: true });
  });

  it('refuses CUSTOM_AUTH for a client without a custom flow, and without the password', async () => {
    const initiate = (ClientId: string, AuthParameters: Record<string, string>) =>
      identity.client.send(new InitiateAuthCommand({ ClientId, AuthFlow: 'CUSTOM_AUTH', AuthParameters }));
    await expectException(
      initiate(POOL.clientId, { USERNAME: 'coder', SRP_A: 'abcdef0123', CHALLENGE_NAME: 'SRP_A' }),
      'InvalidParameterException',
      'Custom auth lambda trigger is not configured for the user pool.',
    );
    await expectException(
      initiate(CODE_POOL.clientId, { USERNAME: 'coder' }),
      'NotAuthorizedException',
      'Incorrect username or password.',
    );
  });
});
