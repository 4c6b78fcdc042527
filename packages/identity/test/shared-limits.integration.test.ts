import type { Database } from '@storefront/database';
import { testEngines } from '@storefront/database/testing';
import { type TwoInstances, testStateStores } from '@storefront/shared-state/testing';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestIdentityApp, POOL, provisionIdentity } from '../src/testing';

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
    state = await store.open();
    const instance = (sharedState: TwoInstances['first']) =>
      createTestIdentityApp({
        database,
        issuerBase: 'http://identity.test',
        sharedState,
        rateLimits: { perIp: { limit: 4, windowMs: 60_000 }, perUser: { limit: 4, windowMs: 60_000 } },
      });
    instances = [instance(state.first), instance(state.second)];
  });
  afterAll(async () => {
    await state.close();
    await database.close();
  });

  /** ForgotPassword from a client address, on one instance: what a load balancer spreads. */
  const forgot = async (instance: Hono, username: string, clientAddress: string) => {
    const response = await instance.request(
      '/',
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.ForgotPassword',
        },
        body: JSON.stringify({ ClientId: POOL.clientId, Username: username }),
      },
      { clientAddress },
    );
    return ((await response.json()) as { __type?: string }).__type ?? 'ok';
  };

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
});
