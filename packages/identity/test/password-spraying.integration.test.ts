import { Agent } from 'node:http';
import {
  CognitoIdentityProviderClient,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { testEngines } from '@storefront/database/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkOf } from '../src/security/failed-sign-ins';
import { expectException, POOL, type ServedIdentity, serveIdentity } from './support/identity';
import { createUser, passwordSignIn, startSrp } from './support/users';

const WINDOW_MS = 15 * 60_000;
const PER_ADDRESS = 5;
const PER_NETWORK = 8;

describe('the network of a client address', () => {
  it('is the /24 of an IPv4 address (also reached over IPv6) and the /64 of an IPv6 address', () => {
    expect(networkOf('192.0.2.77')).toBe('192.0.2.0/24');
    expect(networkOf('::ffff:192.0.2.77')).toBe('192.0.2.0/24');
    expect(networkOf('2001:db8:aa:7:1:2:3:4')).toBe('2001:db8:aa:7::/64');
    expect(networkOf('2001:DB8:0AA:7::9')).toBe('2001:db8:aa:7::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });
});

describe.each(await testEngines())('password spraying on $name', (engine) => {
  let identity: ServedIdentity;
  beforeAll(async () => {
    identity = await serveIdentity(engine, {
      rateLimits: {
        failedSignInsPerAddress: { limit: PER_ADDRESS, windowMs: WINDOW_MS },
        failedSignInsPerNetwork: { limit: PER_NETWORK, windowMs: WINDOW_MS },
      },
    });
    await createUser(identity.database, 'regular');
    await createUser(identity.database, 'newcomer');
  });
  afterAll(() => identity.close());

  /** The SDK as a browser behind `address` uses it: its connections leave from that (loopback) address. */
  const from = (address: string) =>
    new CognitoIdentityProviderClient({
      endpoint: `${identity.baseUrl}/`,
      region: 'us-east-1',
      credentials: { accessKeyId: 'unused', secretAccessKey: 'unused' },
      maxAttempts: 1,
      requestHandler: { httpAgent: new Agent({ localAddress: address }) },
    });
  const guess = (client: CognitoIdentityProviderClient, username: string) =>
    passwordSignIn(client, username, 'Spr4yed-guess!');

  it('answers TooManyRequestsException past an address’s failed sign-ins; other networks and known users go on', async () => {
    const university = from('127.0.0.2');
    // A buyer who signed in from the university before the attack.
    expect((await passwordSignIn(university, 'regular')).AccessToken).toBeTruthy();

    for (let user = 0; user < PER_ADDRESS; user++)
      await expectException(guess(university, `sprayed-${user}`), 'NotAuthorizedException');
    await expectException(guess(university, 'sprayed-next'), 'TooManyRequestsException', 'Rate exceeded');
    // A right password is refused alike: answering it would let the spray go on.
    await expectException(
      passwordSignIn(university, 'newcomer'),
      'TooManyRequestsException',
      'Rate exceeded',
    );
    // The buyer known there still signs in.
    expect((await passwordSignIn(university, 'regular')).AccessToken).toBeTruthy();
    // An SRP proof is held the same way.
    const { ChallengeParameters = {} } = await startSrp(university, 'sprayed-srp');
    await expectException(
      university.send(
        new RespondToAuthChallengeCommand({
          ClientId: POOL.clientId,
          ChallengeName: 'PASSWORD_VERIFIER',
          ChallengeResponses: {
            USERNAME: ChallengeParameters.USERNAME ?? '',
            PASSWORD_CLAIM_SECRET_BLOCK: ChallengeParameters.SECRET_BLOCK ?? '',
            PASSWORD_CLAIM_SIGNATURE: Buffer.alloc(32).toString('base64'),
            TIMESTAMP: 'Mon Jan 5 10:00:00 UTC 2026',
          },
        }),
      ),
      'TooManyRequestsException',
    );

    // Another network is not held: its failures answer as ever and a new user signs in.
    const elsewhere = from('127.0.1.9');
    await expectException(guess(elsewhere, 'sprayed-next'), 'NotAuthorizedException');
    expect((await passwordSignIn(elsewhere, 'newcomer')).AccessToken).toBeTruthy();

    // The rest of the university's /24 shares the network's budget: 5 + 3 failures spend it.
    const neighbour = from('127.0.0.3');
    for (let user = 0; user < PER_NETWORK - PER_ADDRESS; user++)
      await expectException(guess(neighbour, `neighbour-${user}`), 'NotAuthorizedException');
    await expectException(guess(neighbour, 'neighbour-next'), 'TooManyRequestsException');
    await expectException(guess(from('127.0.0.4'), 'another'), 'TooManyRequestsException');
    expect((await passwordSignIn(from('127.0.0.4'), 'regular')).AccessToken).toBeTruthy();

    // The budget is a window: after it, a new user signs in from there again.
    identity.clock.advance(WINDOW_MS);
    expect((await passwordSignIn(university, 'newcomer')).AccessToken).toBeTruthy();
  });

  it('does not count successful sign-ins, however many', async () => {
    const office = from('127.0.2.1');
    for (let signIn = 0; signIn < PER_NETWORK + 2; signIn++)
      expect((await passwordSignIn(office, 'newcomer')).AccessToken).toBeTruthy();
    await expectException(guess(office, 'typo'), 'NotAuthorizedException');
  });
});
