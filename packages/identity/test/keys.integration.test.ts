import { randomUUID } from 'node:crypto';
import { GetUserCommand, type NotAuthorizedException } from '@aws-sdk/client-cognito-identity-provider';
import { testEngines } from '@storefront/database/testing';
import { eq } from 'drizzle-orm';
import { decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityDb } from '../src/db/database';
import { signingKeys } from '../src/db/schema';
import { rotateSigningKey } from '../src/tokens/keys';
import { expectException, POOL, type ServedIdentity, serveIdentity } from './support/identity';
import { type CapturedLog, captureLog } from './support/log';
import { createUser, passwordSignIn } from './support/users';

/** A pool that exists but has signed nothing yet, so it has no key. */
const QUIET_POOL = { ...POOL, poolId: 'us-east-1_QuietPool', clientId: 'quietclient1' };

describe.each(await testEngines())('signing keys on $name', (engine) => {
  let identity: ServedIdentity;
  let log: CapturedLog;
  beforeAll(async () => {
    log = captureLog();
    identity = await serveIdentity(engine, { pools: [POOL, QUIET_POOL], logger: log.logger });
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

  it('refuses a token naming an unknown pool, or a key its pool never had, without making a key or logging', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = (poolId: string) =>
      new SignJWT({ token_use: 'access', origin_jti: randomUUID(), scope: 'aws.cognito.signin.user.admin' })
        .setProtectedHeader({ alg: 'RS256', kid: randomUUID() })
        .setIssuer(`${identity.baseUrl}/${poolId}`)
        .setSubject(randomUUID())
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(privateKey);
    const keysOf = (poolId: string) =>
      identityDb(identity.database).select().from(signingKeys).where(eq(signingKeys.poolId, poolId));

    for (const poolId of ['us-east-1_Nope', QUIET_POOL.poolId]) {
      const token = await forged(poolId);
      const refused = await getUser(token).catch((error: NotAuthorizedException) => error);
      expect(refused).toMatchObject({ name: 'NotAuthorizedException', message: 'Invalid Access Token' });
      expect((refused as NotAuthorizedException).$metadata.httpStatusCode).toBe(400);
      const userInfo = await fetch(`${identity.baseUrl}/oauth2/userInfo`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(userInfo.status).toBe(401);
      expect(await userInfo.json()).toEqual({
        error: 'invalid_token',
        error_description: 'Invalid Access Token',
      });
      expect(await keysOf(poolId)).toEqual([]);
    }
    expect(log.text()).toBe('');
  });
});
