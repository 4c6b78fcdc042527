import { ForgotPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Database } from '@storefront/database';
import { testEngines } from '@storefront/database/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityApp } from '../src/app';
import { migrateIdentity } from '../src/db/database';
import { ensureUserPool } from '../src/provisioning';
import { ADMIN, POOL } from './support/identity';
import { createUser } from './support/users';

const [pglite] = await testEngines();

describe('the identity app', () => {
  let database: Database;
  beforeAll(async () => {
    database = await pglite!.open();
    await migrateIdentity(database);
    await migrateIdentity(database); // every start migrates: the second time finds nothing to do
    await ensureUserPool(database, POOL);
    await ensureUserPool(database, { ...POOL, name: 'Renamed' });
    await createUser(database, 'mailee');
  });
  afterAll(() => database.close());

  const app = (mode: 'development' | 'production') =>
    createIdentityApp({
      database,
      issuerBase: 'http://localhost:3000/identity',
      adminCredentials: ADMIN,
      mode,
    });

  it('shows the outbox at /mailbox in development only, escaped', async () => {
    const development = app('development');
    const request = new ForgotPasswordCommand({ ClientId: POOL.clientId, Username: 'mailee' });
    const sent = await development.request('/', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.ForgotPassword',
      },
      body: JSON.stringify(request.input),
    });
    expect(sent.status).toBe(200);
    const page = await (await development.request('/mailbox')).text();
    expect(page).toContain('mailee@example.com');
    expect(page).toMatch(/Your password reset code is \d{6}/);
    expect((await app('production').request('/mailbox')).status).toBe(404);
  });

  it('lets browsers of any storefront call the protocol with the headers Amplify and the SDK send (CORS)', async () => {
    // What Chromium asks before Amplify's sign-in (its retry middleware adds the amz-sdk-* pair), and the SDK's.
    for (const requested of [
      'amz-sdk-invocation-id,amz-sdk-request,cache-control,content-type,x-amz-target,x-amz-user-agent',
      'amz-sdk-invocation-id,amz-sdk-request,authorization,content-type,x-amz-content-sha256,x-amz-date,x-amz-security-token,x-amz-target,x-amz-user-agent',
    ]) {
      const response = await app('production').request('/', {
        method: 'OPTIONS',
        headers: {
          origin: 'http://127.0.0.1:3000',
          'access-control-request-method': 'POST',
          'access-control-request-headers': requested,
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      const allowed = (response.headers.get('access-control-allow-headers') ?? '').split(',');
      expect(allowed).toEqual(expect.arrayContaining(requested.split(',')));
    }
  });
});
