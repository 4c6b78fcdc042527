import { GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { testEngines } from '@storefront/database/testing';
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotateSigningKey } from '../src/tokens/keys';
import { expectException, POOL, type ServedIdentity, serveIdentity } from './support/identity';
import { createUser, passwordSignIn } from './support/users';

describe.each(await testEngines())('signing keys on $name', (engine) => {
  let identity: ServedIdentity;
  beforeAll(async () => {
    identity = await serveIdentity(engine);
    await createUser(identity.database, 'keyholder');
  });
  afterAll(() => identity.close());

  const jwks = async () =>
    (await (await fetch(`${identity.baseUrl}/${POOL.poolId}/.well-known/jwks.json`)).json()) as {
      keys: { kid: string }[];
    };
  const getUser = (AccessToken: string) => identity.client.send(new GetUserCommand({ AccessToken }));

  it('signs with the newest key, keeps the previous one published, and retires older ones', async () => {
    const first = await passwordSignIn(identity.client, 'keyholder');
    const firstKid = decodeProtectedHeader(first.AccessToken).kid;
    expect((await jwks()).keys.map((key) => key.kid)).toEqual([firstKid]);

    const secondKid = await rotateSigningKey(identity.database, POOL.poolId);
    // Another process rotated: this one notices when its cache lapses.
    identity.clock.advance(61_000);
    const second = await passwordSignIn(identity.client, 'keyholder');
    expect(decodeProtectedHeader(second.AccessToken).kid).toBe(secondKid);
    expect((await jwks()).keys.map((key) => key.kid)).toEqual([secondKid, firstKid]);
    expect((await getUser(first.AccessToken)).Username).toBe('keyholder');

    await rotateSigningKey(identity.database, POOL.poolId);
    identity.clock.advance(61_000);
    expect((await jwks()).keys.map((key) => key.kid)).not.toContain(firstKid);
    await expectException(getUser(first.AccessToken), 'NotAuthorizedException', 'Invalid Access Token');
    expect((await getUser(second.AccessToken)).Username).toBe('keyholder');
  });

  it('rotates a key on its first use after the configured maximum age', async () => {
    const rotating = await serveIdentity(engine, { signingKeyMaxAgeDays: 30 });
    try {
      await createUser(rotating.database, 'rotator');
      const before = decodeProtectedHeader(
        (await passwordSignIn(rotating.client, 'rotator')).AccessToken,
      ).kid;
      rotating.clock.advance(29 * 24 * 60 * 60 * 1000);
      const young = decodeProtectedHeader((await passwordSignIn(rotating.client, 'rotator')).AccessToken).kid;
      expect(young).toBe(before);
      rotating.clock.advance(2 * 24 * 60 * 60 * 1000);
      const after = decodeProtectedHeader((await passwordSignIn(rotating.client, 'rotator')).AccessToken).kid;
      expect(after).not.toBe(before);
      const published = (await (
        await fetch(`${rotating.baseUrl}/${POOL.poolId}/.well-known/jwks.json`)
      ).json()) as {
        keys: { kid: string }[];
      };
      expect(published.keys.map((key) => key.kid)).toEqual([after, before]);
    } finally {
      await rotating.close();
    }
  });

  it('answers 404 for an unknown pool', async () => {
    const response = await fetch(`${identity.baseUrl}/us-east-1_Nope/.well-known/jwks.json`);
    expect(response.status).toBe(404);
    expect((await response.json()).__type).toBe('ResourceNotFoundException');
  });
});
