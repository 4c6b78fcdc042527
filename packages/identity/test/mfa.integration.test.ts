import {
  AssociateSoftwareTokenCommand,
  type ChallengeNameType,
  type CognitoIdentityProviderClient,
  GetUserCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  SetUserSettingsCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { testEngines } from '@storefront/database/testing';
import { generate, generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectException, PASSWORD, POOL, type ServedIdentity, serveIdentity } from './support/identity';
import { createUser, passwordSignIn } from './support/users';

const STRICT_POOL = {
  ...POOL,
  poolId: 'us-east-1_StrictPool',
  clientId: 'strictclient',
  mfaConfiguration: 'ON' as const,
};

describe.each(await testEngines())('MFA on $name', (engine) => {
  let identity: ServedIdentity;
  let client: CognitoIdentityProviderClient;
  beforeAll(async () => {
    identity = await serveIdentity(engine, { pools: [POOL, STRICT_POOL] });
    client = identity.client;
  });
  afterAll(() => identity.close());

  const totp = (secret: string) =>
    generate({ secret, epoch: Math.floor(identity.clock.now().getTime() / 1000) });
  const start = (USERNAME: string, ClientId = POOL.clientId) =>
    client.send(
      new InitiateAuthCommand({
        ClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME, PASSWORD },
      }),
    );
  const respond = (
    ChallengeName: ChallengeNameType,
    Session: string | undefined,
    ChallengeResponses: Record<string, string>,
    ClientId = POOL.clientId,
  ) =>
    client.send(new RespondToAuthChallengeCommand({ ClientId, ChallengeName, Session, ChallengeResponses }));

  it('sets up TOTP with an access token, then asks for a code at sign-in, once per code', async () => {
    await createUser(identity.database, 'tina');
    const { AccessToken } = await passwordSignIn(client, 'tina');
    await expectException(
      client.send(
        new SetUserMFAPreferenceCommand({ AccessToken, SoftwareTokenMfaSettings: { Enabled: true } }),
      ),
      'InvalidParameterException',
      'User has not verified software token mfa',
    );
    const { SecretCode } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken }));
    const secret = SecretCode ?? '';
    await expectException(
      client.send(
        new VerifySoftwareTokenCommand({
          AccessToken,
          UserCode: (await totp(secret)) === '000000' ? '111111' : '000000',
        }),
      ),
      'EnableSoftwareTokenMFAException',
    );
    const verified = await client.send(
      new VerifySoftwareTokenCommand({
        AccessToken,
        UserCode: await totp(secret),
        FriendlyDeviceName: 'My TOTP device',
      }),
    );
    expect(verified.Status).toBe('SUCCESS');
    await client.send(
      new SetUserMFAPreferenceCommand({
        AccessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    const user = await client.send(new GetUserCommand({ AccessToken }));
    expect(user.UserMFASettingList).toEqual(['SOFTWARE_TOKEN_MFA']);
    expect(user.PreferredMfaSetting).toBe('SOFTWARE_TOKEN_MFA');

    identity.clock.advance(30_000);
    const challenge = await start('tina');
    expect(challenge.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    const code = await totp(secret);
    await expectException(
      respond('SOFTWARE_TOKEN_MFA', challenge.Session, {
        USERNAME: 'tina',
        SOFTWARE_TOKEN_MFA_CODE: code === '123456' ? '654321' : '123456',
      }),
      'CodeMismatchException',
      'Invalid code received for user',
    );
    const done = await respond('SOFTWARE_TOKEN_MFA', challenge.Session, {
      USERNAME: 'tina',
      SOFTWARE_TOKEN_MFA_CODE: code,
    });
    expect(done.AuthenticationResult?.AccessToken).toBeTruthy();

    // The same code in the same 30 seconds is refused: it was used.
    const again = await start('tina');
    await expectException(
      respond('SOFTWARE_TOKEN_MFA', again.Session, { USERNAME: 'tina', SOFTWARE_TOKEN_MFA_CODE: code }),
      'CodeMismatchException',
    );
  });

  it('sends an SMS code, and lets a user with two factors choose', async () => {
    const secret = generateSecret();
    await createUser(identity.database, 'sid', {
      attributes: { phone_number: '+15555550123' },
      totpSecret: secret,
    });
    const { AccessToken } = await (async () => {
      const first = await start('sid');
      return (
        await respond('SOFTWARE_TOKEN_MFA', first.Session, {
          USERNAME: 'sid',
          SOFTWARE_TOKEN_MFA_CODE: await totp(secret),
        })
      ).AuthenticationResult as { AccessToken: string };
    })();
    await client.send(
      new SetUserMFAPreferenceCommand({ AccessToken, SMSMfaSettings: { Enabled: true, PreferredMfa: true } }),
    );
    const sms = await start('sid');
    expect(sms.ChallengeName).toBe('SMS_MFA');
    expect(sms.ChallengeParameters).toMatchObject({
      CODE_DELIVERY_DELIVERY_MEDIUM: 'SMS',
      CODE_DELIVERY_DESTINATION: '+*******0123',
    });
    const smsCode = await identity.lastCode('sid', 'SMS_MFA');
    expect(
      (await respond('SMS_MFA', sms.Session, { USERNAME: 'sid', SMS_MFA_CODE: smsCode }))
        .AuthenticationResult,
    ).toBeDefined();

    // Both on, neither preferred: the user picks one.
    await client.send(
      new SetUserMFAPreferenceCommand({
        AccessToken,
        SMSMfaSettings: { Enabled: true, PreferredMfa: false },
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: false },
      }),
    );
    const user = await client.send(new GetUserCommand({ AccessToken }));
    expect(user.PreferredMfaSetting).toBe('SMS_MFA');
    await client.send(new SetUserSettingsCommand({ AccessToken, MFAOptions: [] }));
    await client.send(
      new SetUserSettingsCommand({
        AccessToken,
        MFAOptions: [{ DeliveryMedium: 'SMS', AttributeName: 'phone_number' }],
      }),
    );
    const cleared = await client.send(new GetUserCommand({ AccessToken }));
    expect(cleared.UserMFASettingList?.sort()).toEqual(['SMS_MFA', 'SOFTWARE_TOKEN_MFA']);
    expect(cleared.PreferredMfaSetting).toBeUndefined();

    const select = await start('sid');
    expect(select.ChallengeName).toBe('SELECT_MFA_TYPE');
    expect(JSON.parse(select.ChallengeParameters?.MFAS_CAN_CHOOSE ?? '[]')).toEqual([
      'SMS_MFA',
      'SOFTWARE_TOKEN_MFA',
    ]);
    await expectException(
      respond('SELECT_MFA_TYPE', select.Session, { USERNAME: 'sid', ANSWER: 'EMAIL_OTP' }),
      'InvalidParameterException',
    );
    const chosen = await respond('SELECT_MFA_TYPE', select.Session, {
      USERNAME: 'sid',
      ANSWER: 'SOFTWARE_TOKEN_MFA',
    });
    expect(chosen.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    identity.clock.advance(30_000);
    const done = await respond('SOFTWARE_TOKEN_MFA', chosen.Session, {
      USERNAME: 'sid',
      SOFTWARE_TOKEN_MFA_CODE: await totp(secret),
    });
    expect(done.AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('refuses SMS MFA without a phone number', async () => {
    await createUser(identity.database, 'nophone');
    const { AccessToken } = await passwordSignIn(client, 'nophone');
    await expectException(
      client.send(new SetUserMFAPreferenceCommand({ AccessToken, SMSMfaSettings: { Enabled: true } })),
      'InvalidParameterException',
      'User does not have delivery config set to turn on SMS_MFA',
    );
  });

  it('makes a user of a pool with MFA on set up TOTP during sign-in', async () => {
    await createUser(identity.database, 'strict', { poolId: STRICT_POOL.poolId });
    const setup = await start('strict', STRICT_POOL.clientId);
    expect(setup.ChallengeName).toBe('MFA_SETUP');
    expect(JSON.parse(setup.ChallengeParameters?.MFAS_CAN_SETUP ?? '[]')).toEqual(['SOFTWARE_TOKEN_MFA']);
    const associated = await client.send(new AssociateSoftwareTokenCommand({ Session: setup.Session }));
    await expectException(
      respond('MFA_SETUP', associated.Session, { USERNAME: 'strict' }, STRICT_POOL.clientId),
      'InvalidParameterException',
    );
    const verified = await client.send(
      new VerifySoftwareTokenCommand({
        Session: associated.Session,
        UserCode: await totp(associated.SecretCode ?? ''),
      }),
    );
    await expectException(
      client.send(new VerifySoftwareTokenCommand({ Session: associated.Session, UserCode: '123456' })),
      'NotAuthorizedException',
    );
    const done = await respond('MFA_SETUP', verified.Session, { USERNAME: 'strict' }, STRICT_POOL.clientId);
    expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
    identity.clock.advance(30_000);
    expect((await start('strict', STRICT_POOL.clientId)).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  });

  it('locks MFA codes out after 5 failures, doubling from 1 second', async () => {
    const secret = generateSecret();
    await createUser(identity.database, 'mallory', { totpSecret: secret });
    const challenge = await start('mallory');
    const wrong = async () => ((await totp(secret)) === '000000' ? '111111' : '000000');
    const answer = async (code: string) =>
      respond('SOFTWARE_TOKEN_MFA', challenge.Session, {
        USERNAME: 'mallory',
        SOFTWARE_TOKEN_MFA_CODE: code,
      });
    for (let attempt = 0; attempt < 5; attempt++)
      await expectException(answer(await wrong()), 'CodeMismatchException');
    await expectException(answer(await totp(secret)), 'NotAuthorizedException', /temporarily locked/);
    identity.clock.advance(1100);
    expect((await answer(await totp(secret))).AuthenticationResult).toBeDefined();
  });
});
