import {
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { testEngines } from '@storefront/database/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxFor } from '../src/mail/outbox';
import { expectException, PASSWORD, POOL, type ServedIdentity, serveIdentity } from './support/identity';
import { passwordSignIn } from './support/users';

describe.each(await testEngines())('sign-up on $name', (engine) => {
  let identity: ServedIdentity;
  beforeAll(async () => {
    identity = await serveIdentity(engine);
  });
  afterAll(() => identity.close());

  const signUp = (
    username: string,
    overrides: Partial<ConstructorParameters<typeof SignUpCommand>[0]> = {},
  ) =>
    identity.client.send(
      new SignUpCommand({
        ClientId: POOL.clientId,
        Username: username,
        Password: PASSWORD,
        UserAttributes: [
          { Name: 'email', Value: `${username}@example.com` },
          { Name: 'given_name', Value: 'Sam' },
        ],
        ...overrides,
      }),
    );
  const confirm = (username: string, code: string) =>
    identity.client.send(
      new ConfirmSignUpCommand({ ClientId: POOL.clientId, Username: username, ConfirmationCode: code }),
    );

  it('signs up unconfirmed, mails a code, confirms once, then signs in', async () => {
    const answer = await signUp('sam');
    expect(answer.UserConfirmed).toBe(false);
    expect(answer.UserSub).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.CodeDeliveryDetails).toEqual({
      Destination: 's***@e***.com',
      DeliveryMedium: 'EMAIL',
      AttributeName: 'email',
    });
    const [message] = await outboxFor(identity.database, POOL.poolId, 'sam');
    expect(message).toMatchObject({
      kind: 'SIGN_UP',
      destination: 'sam@example.com',
      code: expect.stringMatching(/^\d{6}$/),
    });

    await expectException(
      passwordSignIn(identity.client, 'sam'),
      'UserNotConfirmedException',
      'User is not confirmed.',
    );
    await expectException(
      confirm('sam', message?.code === '000000' ? '111111' : '000000'),
      'CodeMismatchException',
    );
    await confirm('sam', message?.code ?? '');
    // A confirmed user is answered like one who does not exist.
    await expectException(
      confirm('sam', message?.code ?? ''),
      'CodeMismatchException',
      'Invalid verification code provided, please try again.',
    );
    expect((await passwordSignIn(identity.client, 'sam')).AccessToken).toBeTruthy();
  });

  it('refuses a taken username (in any case), a weak password and a missing email', async () => {
    await signUp('taken');
    await expectException(signUp('TAKEN'), 'UsernameExistsException');
    await expectException(signUp('weak', { Password: 'password' }), 'InvalidPasswordException');
    await expectException(
      signUp('noemail', { UserAttributes: [] }),
      'InvalidParameterException',
      /email: The attribute is required/,
    );
  });

  it('refuses attributes a user may not write, and an unknown client', async () => {
    await expectException(
      signUp('sneaky', {
        UserAttributes: [
          { Name: 'email', Value: 'sneaky@example.com' },
          { Name: 'custom:salesforceAccountId', Value: '001000000000001AAA' },
        ],
      }),
      'NotAuthorizedException',
      'A client attempted to write unauthorized attribute',
    );
    await expectException(signUp('lost', { ClientId: 'nosuchclient' }), 'ResourceNotFoundException');
    await expectException(
      identity.client.send(
        new InitiateAuthCommand({
          ClientId: POOL.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: {},
        }),
      ),
      'InvalidParameterException',
      'Missing required parameter USERNAME',
    );
  });

  it('resends a new code that replaces the old one; an unknown user gets the same answer', async () => {
    await signUp('resend');
    const first = await identity.lastCode('resend');
    const resent = await identity.client.send(
      new ResendConfirmationCodeCommand({ ClientId: POOL.clientId, Username: 'resend' }),
    );
    expect(resent.CodeDeliveryDetails?.DeliveryMedium).toBe('EMAIL');
    const second = await identity.lastCode('resend');
    if (first !== second) await expectException(confirm('resend', first), 'CodeMismatchException');
    await confirm('resend', second);
    const resend = (Username: string) =>
      identity.client.send(new ResendConfirmationCodeCommand({ ClientId: POOL.clientId, Username }));
    // A confirmed user and one who does not exist are both told a code went out; neither gets one.
    const [confirmed, ghost] = await Promise.all([resend('resend'), resend('ghost')]);
    expect(confirmed.CodeDeliveryDetails).toEqual({
      Destination: 'r***@e***.com',
      DeliveryMedium: 'EMAIL',
      AttributeName: 'email',
    });
    expect(ghost.CodeDeliveryDetails).toEqual({
      ...confirmed.CodeDeliveryDetails,
      Destination: 'g***@e***.com',
    });
    expect(await identity.lastCode('resend')).toBe(second);
    await expectException(confirm('ghost', '123456'), 'CodeMismatchException');
  });

  it('expires sign-up codes after 24 hours and stops taking guesses for an hour after 5 wrong ones', async () => {
    await signUp('late');
    const code = await identity.lastCode('late');
    identity.clock.advance(24 * 3_600_000 + 1000);
    await expectException(confirm('late', code), 'ExpiredCodeException');

    await signUp('guesser');
    const real = await identity.lastCode('guesser');
    const wrong = real === '999999' ? '999998' : '999999';
    for (let attempt = 1; attempt < 5; attempt++)
      await expectException(confirm('guesser', wrong), 'CodeMismatchException');
    await expectException(
      confirm('guesser', wrong),
      'LimitExceededException',
      'Attempt limit exceeded, please try after some time.',
    );
    await expectException(confirm('guesser', real), 'LimitExceededException');
    identity.clock.advance(3_600_000);
    // The spent code is gone; a new one works.
    await expectException(confirm('guesser', real), 'CodeMismatchException');
    await identity.client.send(
      new ResendConfirmationCodeCommand({ ClientId: POOL.clientId, Username: 'guesser' }),
    );
    await confirm('guesser', await identity.lastCode('guesser'));
  });
});
