import { ForgotPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { testEngines } from '@storefront/database/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectException, PASSWORD, POOL, type ServedIdentity, serveIdentity } from './support/identity';
import { createUser, forgotPassword, passwordSignIn, startSrp } from './support/users';

const WRONG = 'Wr0ng-password!';

describe.each(await testEngines())('security on $name', (engine) => {
  let identity: ServedIdentity;
  beforeAll(async () => {
    identity = await serveIdentity(engine, { rateLimits: { perUser: { limit: 30, windowMs: 60_000 } } });
  });
  afterAll(() => identity.close());

  const fail = (username: string) =>
    expectException(
      passwordSignIn(identity.client, username, WRONG),
      'NotAuthorizedException',
      'Incorrect username or password.',
    );
  const locked = (username: string, password = PASSWORD) =>
    expectException(
      passwordSignIn(identity.client, username, password),
      'NotAuthorizedException',
      'Password attempts exceeded',
    );

  it('locks a user out after 5 failures, for 1 s doubling with each further failure; success resets', async () => {
    await createUser(identity.database, 'locky');
    for (let attempt = 0; attempt < 4; attempt++) await fail('locky');
    await fail('locky'); // the fifth: locked for 1 s
    await locked('locky');
    identity.clock.advance(1100);
    await fail('locky'); // the sixth: 2 s
    identity.clock.advance(1100);
    await locked('locky'); // attempts while locked do not count
    identity.clock.advance(1000);
    await fail('locky'); // the seventh: 4 s
    // The clock runs with real time too: leave a busy machine a second between the step and the check.
    identity.clock.advance(3000);
    await locked('locky');
    identity.clock.advance(1100);
    expect((await passwordSignIn(identity.client, 'locky')).AccessToken).toBeTruthy();
    await fail('locky'); // counting starts again
    expect((await passwordSignIn(identity.client, 'locky')).AccessToken).toBeTruthy();
  });

  it('caps the lockout at about 15 minutes', async () => {
    await createUser(identity.database, 'capped');
    for (let failures = 1; failures <= 14; failures++) {
      await fail('capped');
      if (failures >= 5) identity.clock.advance(1000 * 2 ** (failures - 5) + 100);
    }
    await fail('capped'); // the fifteenth: 2^10 s would be 17 minutes
    identity.clock.advance(899_000);
    await locked('capped');
    identity.clock.advance(1100);
    expect((await passwordSignIn(identity.client, 'capped')).AccessToken).toBeTruthy();
  });

  it('answers an unknown user exactly like a wrong password, lockout included', async () => {
    await createUser(identity.database, 'known');
    const errors = await Promise.all(
      ['known', 'unknown-user'].map((username) =>
        passwordSignIn(identity.client, username, WRONG).catch(
          (error: Error & { $metadata: { httpStatusCode: number } }) => ({
            name: error.name,
            message: error.message,
            status: error.$metadata.httpStatusCode,
          }),
        ),
      ),
    );
    expect(errors[0]).toEqual({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
      status: 400,
    });
    expect(errors[1]).toEqual(errors[0]);
    for (let attempt = 0; attempt < 5; attempt++) await fail('ghost-user');
    await locked('ghost-user');

    const srp = (USERNAME: string) => startSrp(identity.client, USERNAME);
    const [real, ghost, ghostAgain] = await Promise.all([
      srp('known'),
      srp('nobody-here'),
      srp('nobody-here'),
    ]);
    expect(ghost.ChallengeName).toBe(real.ChallengeName);
    expect(Object.keys(ghost.ChallengeParameters ?? {}).sort()).toEqual(
      Object.keys(real.ChallengeParameters ?? {}).sort(),
    );
    expect(ghostAgain.ChallengeParameters?.SALT).toBe(ghost.ChallengeParameters?.SALT);

    const forgot = (Username: string) => forgotPassword(identity.client, Username);
    const [forgotReal, forgotGhost] = await Promise.all([forgot('known'), forgot('nobody-here')]);
    expect(Object.keys(forgotGhost.CodeDeliveryDetails ?? {}).sort()).toEqual(
      Object.keys(forgotReal.CodeDeliveryDetails ?? {}).sort(),
    );
    expect(forgotGhost.CodeDeliveryDetails?.DeliveryMedium).toBe('EMAIL');
  });

  it('limits requests per user, however the username is spelled', async () => {
    const srp = (USERNAME: string) => startSrp(identity.client, USERNAME);
    // Upper case, full-width letters and a ligature all name the user 'chatty-fi' (NFKC, lower case).
    const spellings = ['chatty-fi', 'CHATTY-FI', 'Ｃｈａｔｔｙ-ＦＩ', 'chatty-\uFB01'];
    for (let attempt = 0; attempt < 30; attempt++) await srp(spellings[attempt % spellings.length] ?? '');
    for (const spelling of spellings) await expectException(srp(spelling), 'TooManyRequestsException');
    await srp('quiet');
  });

  it('answers protocol errors as AWS does, without internals', async () => {
    const post = (target: string, body: string) =>
      fetch(`${identity.baseUrl}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': target },
        body,
      });
    const unknown = await post('AWSCognitoIdentityProviderService.DropAllTables', '{}');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      __type: 'UnknownOperationException',
      message: expect.any(String),
    });
    const broken = await post('AWSCognitoIdentityProviderService.SignUp', '{"ClientId":');
    expect((await broken.json()).__type).toBe('SerializationException');
    const invalid = await post('AWSCognitoIdentityProviderService.SignUp', '{"ClientId":42}');
    const body = await invalid.json();
    expect(body.__type).toBe('InvalidParameterException');
    expect(body.message).toMatch(/^\d+ validation errors? detected: Value at 'ClientId'/);
    expect(JSON.stringify(body)).not.toMatch(/\.ts|at \w+ \(|stack/);
  });
});

const [pglite] = await testEngines();

describe('per-IP limit', () => {
  it('refuses an address past its limit', async () => {
    const identity = await serveIdentity(pglite!, { rateLimits: { perIp: { limit: 3, windowMs: 60_000 } } });
    try {
      const call = () =>
        identity.client.send(new ForgotPasswordCommand({ ClientId: POOL.clientId, Username: 'someone' }));
      for (let attempt = 0; attempt < 3; attempt++) await call();
      await expectException(call(), 'TooManyRequestsException');
      identity.clock.advance(60_000);
      await call();
    } finally {
      await identity.close();
    }
  });
});
