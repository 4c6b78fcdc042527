import type { Database } from '@storefront/database';
import { testEngines } from '@storefront/database/testing';
import { type TwoInstances, testStateStores } from '@storefront/shared-state/testing';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestIdentityApp, POOL, provisionIdentity } from '../src/testing';
import { PASSWORD } from './support/identity';
import { createUser } from './support/users';

/** Two instances of the user pools on one database and one shared state: their request limits count together. */

const [engine] = await testEngines();

describe.each(await testStateStores())('request limits of two instances sharing state in $name', (store) => {
  let database: Database;
  let state: TwoInstances;
  let instances: [Hono, Hono];

  beforeAll(async () => {
    if (!engine) throw new Error('no database engine');
    database = await engine.open();
    await provisionIdentity(database);
    await createUser(database, 'shared-regular');
    state = await store.open();
    const instance = (sharedState: TwoInstances['first']) =>
      createTestIdentityApp({
        database,
        issuerBase: 'http://identity.test',
        sharedState,
        rateLimits: {
          perIp: { limit: 4, windowMs: 60_000 },
          perUser: { limit: 4, windowMs: 60_000 },
          failedSignInsPerAddress: { limit: 2, windowMs: 60_000 },
          failedSignInsPerNetwork: { limit: 100, windowMs: 60_000 },
        },
      });
    instances = [instance(state.first), instance(state.second)];
  });
  afterAll(async () => {
    await state.close();
    await database.close();
  });

  /** An operation from a client address, on one instance: what a load balancer spreads. */
  const call = async (instance: Hono, operation: string, body: object, clientAddress: string) => {
    const response = await instance.request(
      '/',
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
        },
        body: JSON.stringify(body),
      },
      { clientAddress },
    );
    return ((await response.json()) as { __type?: string }).__type ?? 'ok';
  };
  const forgot = (instance: Hono, username: string, clientAddress: string) =>
    call(instance, 'ForgotPassword', { ClientId: POOL.clientId, Username: username }, clientAddress);
  const signIn = (instance: Hono, USERNAME: string, PASSWORD: string, clientAddress: string) =>
    call(
      instance,
      'InitiateAuth',
      { ClientId: POOL.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME, PASSWORD } },
      clientAddress,
    );

  it('refuses a user past the per-user limit counted on both instances', async () => {
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      answers.push(await forgot(instances[attempt % 2] as Hono, 'someone', `192.0.2.${attempt}`));
    }
    expect(answers).toEqual(['ok', 'ok', 'ok', 'ok', 'TooManyRequestsException']);
  });

  it('refuses an address past the per-address limit counted on both instances', async () => {
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      answers.push(await forgot(instances[attempt % 2] as Hono, `user-${attempt}`, '198.51.100.7'));
    }
    expect(answers).toEqual(['ok', 'ok', 'ok', 'ok', 'TooManyRequestsException']);
  });

  it('counts an address’s failed sign-ins on both instances, and knows who signed in from its network', async () => {
    const [first, second] = instances;
    expect(await signIn(first, 'shared-regular', PASSWORD, '203.0.113.5')).toBe('ok');
    expect(await signIn(second, 'sprayed-1', 'Wr0ng-guess!', '203.0.113.5')).toBe('NotAuthorizedException');
    expect(await signIn(first, 'sprayed-2', 'Wr0ng-guess!', '203.0.113.5')).toBe('NotAuthorizedException');
    expect(await signIn(second, 'sprayed-3', 'Wr0ng-guess!', '203.0.113.5')).toBe('TooManyRequestsException');
    // Known on the first instance, from the same /24: let in by the second (another address: it sent 4 requests).
    expect(await signIn(second, 'sprayed-4', 'Wr0ng-guess!', '203.0.113.6')).toBe('NotAuthorizedException');
    expect(await signIn(second, 'shared-regular', PASSWORD, '203.0.113.6')).toBe('ok');
  });
});
