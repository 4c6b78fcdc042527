import {
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
  UpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { testEngines } from '@storefront/database/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxFor } from '../src/mail/outbox';
import { expectException, PASSWORD, POOL, type ServedIdentity, serveIdentity } from './support/identity';
import { confirmForgotPassword, createUser, forgotPassword, passwordSignIn } from './support/users';

const HOUR = 3_600_000;
const NEW_PASSWORD = 'Brand-n3w-pass';
const ATTEMPT_LIMIT = 'Attempt limit exceeded, please try after some time.';

/** What a client sees of a failed call: enough to tell two answers apart. */
async function outcome(call: Promise<unknown>) {
  return call.then(
    (answer) => ({ answer }),
    (error: Error & { $metadata?: { httpStatusCode?: number } }) => ({
      name: error.name,
      message: error.message,
      status: error.$metadata?.httpStatusCode,
    }),
  );
}

describe.each(await testEngines())('code and user-existence abuse on $name', (engine) => {
  let identity: ServedIdentity;
  beforeAll(async () => {
    identity = await serveIdentity(engine);
  });
  afterAll(() => identity.close());

  const forgot = (Username: string) => forgotPassword(identity.client, Username);
  const confirmReset = (Username: string, ConfirmationCode: string) =>
    confirmForgotPassword(identity.client, Username, ConfirmationCode, NEW_PASSWORD);
  const resetMails = async (username: string) =>
    (await outboxFor(identity.database, POOL.poolId, username)).filter((m) => m.kind === 'FORGOT_PASSWORD');
  const srpStart = async (USERNAME: string) =>
    identity.client.send(
      new InitiateAuthCommand({
        ClientId: POOL.clientId,
        AuthFlow: 'USER_SRP_AUTH',
        AuthParameters: { USERNAME, SRP_A: 'abcdef0123' },
      }),
    );

  it('sends one user at most 5 codes an hour, however the name is spelled, and a stranger alike', async () => {
    await createUser(identity.database, 'brigitte@example.com');
    const spellings = [
      'brigitte@example.com',
      'BRIGITTE@EXAMPLE.COM',
      'Ｂｒｉｇｉｔｔｅ＠ｅｘａｍｐｌｅ．ｃｏｍ',
      'Brigitte@Example.com',
      'brigitte@EXAMPLE.com',
    ];
    for (const spelling of spellings) await forgot(spelling);
    await expectException(forgot('bRiGiTtE@example.com'), 'LimitExceededException', ATTEMPT_LIMIT);
    expect(await resetMails('brigitte@example.com')).toHaveLength(5);

    for (let request = 0; request < 5; request++) await forgot('stranger@example.com');
    await expectException(forgot('STRANGER@example.com'), 'LimitExceededException', ATTEMPT_LIMIT);

    identity.clock.advance(HOUR);
    await forgot('brigitte@example.com');
    expect(await resetMails('brigitte@example.com')).toHaveLength(6);
  });

  it('counts wrong guesses across re-issued codes, in any spelling, for an hour', async () => {
    await createUser(identity.database, 'guessed');
    await forgot('guessed');
    for (const spelling of ['guessed', 'GUESSED', 'Guessed', 'ｇｕｅｓｓｅｄ'])
      await expectException(confirmReset(spelling, 'not-it'), 'CodeMismatchException');
    await forgot('guessed');
    const fresh = await identity.lastCode('guessed', 'FORGOT_PASSWORD');
    await expectException(confirmReset('guessed', 'not-it'), 'LimitExceededException', ATTEMPT_LIMIT);
    // The new code did not buy new guesses: even the right one waits out the hour.
    await expectException(confirmReset('guessed', fresh), 'LimitExceededException', ATTEMPT_LIMIT);
    await expectException(passwordSignIn(identity.client, 'guessed', NEW_PASSWORD), 'NotAuthorizedException');

    identity.clock.advance(HOUR);
    await forgot('guessed');
    await confirmReset('GUESSED', await identity.lastCode('guessed', 'FORGOT_PASSWORD'));
    expect((await passwordSignIn(identity.client, 'guessed', NEW_PASSWORD)).AccessToken).toBeTruthy();
  });

  it('keeps the guess budget across a restart, as another instance would see it', async () => {
    await createUser(identity.database, 'restarted');
    await forgot('restarted');
    for (let guess = 0; guess < 4; guess++)
      await expectException(confirmReset('restarted', 'not-it'), 'CodeMismatchException');
    await expectException(confirmReset('restarted', 'not-it'), 'LimitExceededException', ATTEMPT_LIMIT);

    // A new app on the same database: nothing of the first one's memory, the budget still spent.
    identity.restart();
    await expectException(confirmReset('restarted', 'not-it'), 'LimitExceededException', ATTEMPT_LIMIT);
    // So is the count of codes sent: one before the restart, four after, and the sixth is refused.
    for (let request = 0; request < 4; request++) await forgot('restarted');
    await expectException(forgot('restarted'), 'LimitExceededException', ATTEMPT_LIMIT);
  });

  it('answers a password reset alike for unknown, unconfirmed and confirmed users', async () => {
    await createUser(identity.database, 'settled@example.com');
    await identity.client.send(
      new SignUpCommand({
        ClientId: POOL.clientId,
        Username: 'pending@example.com',
        Password: PASSWORD,
        UserAttributes: [{ Name: 'email', Value: 'pending@example.com' }],
      }),
    );
    // The unconfirmed address is unverified, so no code goes there, but the answer does not say so.
    expect((await forgot('pending@example.com')).CodeDeliveryDetails).toEqual({
      Destination: 'p***@e***.com',
      DeliveryMedium: 'EMAIL',
      AttributeName: 'email',
    });
    expect(await resetMails('pending@example.com')).toEqual([]);
    expect((await forgot('phantom@example.com')).CodeDeliveryDetails).toEqual({
      Destination: 'p***@e***.com',
      DeliveryMedium: 'EMAIL',
      AttributeName: 'email',
    });

    // No code asked for, a code asked for, no such user: one answer.
    const mismatch = await outcome(confirmReset('settled@example.com', '123456'));
    expect(mismatch).toMatchObject({
      name: 'CodeMismatchException',
      message: 'Invalid verification code provided, please try again.',
    });
    await forgot('settled@example.com');
    expect(await outcome(confirmReset('settled@example.com', '123456'))).toEqual(mismatch);
    expect(await outcome(confirmReset('pending@example.com', '123456'))).toEqual(mismatch);
    expect(await outcome(confirmReset('phantom@example.com', '123456'))).toEqual(mismatch);
  });

  it('answers a sign-up confirmation alike for confirmed and unknown users', async () => {
    await createUser(identity.database, 'confirmed-one');
    const confirm = (Username: string) =>
      outcome(
        identity.client.send(
          new ConfirmSignUpCommand({ ClientId: POOL.clientId, Username, ConfirmationCode: '123456' }),
        ),
      );
    const confirmed = await confirm('confirmed-one');
    expect(confirmed).toMatchObject({ name: 'CodeMismatchException' });
    expect(confirmed).toEqual(await confirm('never-signed-up'));
  });

  it('tells every client the same USER_ID_FOR_SRP for a spelling, whether the user exists or not', async () => {
    await createUser(identity.database, 'Mixed.Case');
    const known = await srpStart('MIXED.case');
    const unknown = await srpStart('NOBODY.case');
    expect(known.ChallengeParameters?.USER_ID_FOR_SRP).toBe('mixed.case');
    expect(unknown.ChallengeParameters?.USER_ID_FOR_SRP).toBe('nobody.case');
    expect(known.ChallengeParameters?.USERNAME).toBe('mixed.case');
  });

  it('refuses a NUL character or an unpaired surrogate in any parameter, naming it', async () => {
    await createUser(identity.database, 'careful');
    const { AccessToken } = await passwordSignIn(identity.client, 'careful');
    const refused = async (call: Promise<unknown>, parameter: string) => {
      const answer = await outcome(call);
      expect(answer).toMatchObject({ name: 'InvalidParameterException', status: 400 });
      expect((answer as { message: string }).message).toContain(`Value at '${parameter}'`);
    };
    const signUp = (Username: string, givenName: string) =>
      identity.client.send(
        new SignUpCommand({
          ClientId: POOL.clientId,
          Username,
          Password: PASSWORD,
          UserAttributes: [
            { Name: 'email', Value: 'nul@example.com' },
            { Name: 'given_name', Value: givenName },
          ],
        }),
      );
    await refused(signUp('nul\u0000user', 'Ann'), 'Username');
    await refused(signUp('surrogate-user', 'Ann\uD800'), 'UserAttributes.1.Value');
    await refused(
      identity.client.send(
        new UpdateUserAttributesCommand({
          AccessToken,
          UserAttributes: [{ Name: 'family_name', Value: '\uDC00half' }],
        }),
      ),
      'UserAttributes.0.Value',
    );
    await refused(
      identity.client.send(
        new InitiateAuthCommand({
          ClientId: POOL.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: 'careful', PASSWORD: 'pass\u0000word' },
        }),
      ),
      'AuthParameters.PASSWORD',
    );
    // A whole surrogate pair is an ordinary character.
    await identity.client.send(
      new UpdateUserAttributesCommand({
        AccessToken,
        UserAttributes: [{ Name: 'nickname', Value: 'Ann 😀' }],
      }),
    );
  });
});
