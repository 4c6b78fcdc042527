import {
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { testEngines } from '@storefront/database/testing';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectException, PASSWORD, POOL, type ServedIdentity, serveIdentity } from './support/identity';
import { createUser, passwordSignIn } from './support/users';

describe.each(await testEngines())('sign-in and tokens on $name', (engine) => {
  let identity: ServedIdentity;
  beforeAll(async () => {
    identity = await serveIdentity(engine);
  });
  afterAll(() => identity.close());

  const getUser = (AccessToken: string) => identity.client.send(new GetUserCommand({ AccessToken }));
  const refresh = (RefreshToken: string) =>
    identity.client.send(new GetTokensFromRefreshTokenCommand({ ClientId: POOL.clientId, RefreshToken }));

  it('issues RS256 tokens with Cognito’s claims, verifiable with the published JWKS', async () => {
    await createUser(identity.database, 'claims', {
      attributes: { 'custom:salesforceAccountId': '001A', 'custom:local': 'en_US' },
    });
    const tokens = await passwordSignIn(identity.client, 'claims');
    const issuer = `${identity.baseUrl}/${POOL.poolId}`;
    const config = await (await fetch(`${issuer}/.well-known/openid-configuration`)).json();
    expect(config).toMatchObject({
      issuer,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      id_token_signing_alg_values_supported: ['RS256'],
    });
    const keys = createRemoteJWKSet(new URL(config.jwks_uri));

    const { payload: access, protectedHeader } = await jwtVerify(tokens.AccessToken, keys, { issuer });
    expect(protectedHeader.alg).toBe('RS256');
    expect(access).toMatchObject({
      token_use: 'access',
      client_id: POOL.clientId,
      username: 'claims',
      scope: 'aws.cognito.signin.user.admin',
      'cognito:groups': ['AWSPortalUser'],
      jti: expect.any(String),
      origin_jti: expect.any(String),
      auth_time: expect.any(Number),
    });
    expect((access.exp ?? 0) - (access.iat ?? 0)).toBe(3600);

    const { payload: id } = await jwtVerify(tokens.IdToken, keys, { issuer, audience: POOL.clientId });
    expect(id).toMatchObject({
      sub: access.sub,
      token_use: 'id',
      'cognito:username': 'claims',
      'cognito:groups': ['AWSPortalUser'],
      email: 'claims@example.com',
      email_verified: true,
      given_name: 'Test',
      family_name: 'claims',
      'custom:salesforceAccountId': '001A',
      'custom:local': 'en_US',
      origin_jti: access.origin_jti,
      auth_time: access.auth_time,
    });

    const user = await getUser(tokens.AccessToken);
    expect(user.Username).toBe('claims');
    expect(user.UserAttributes).toContainEqual({ Name: 'sub', Value: access.sub });
    expect(user.UserAttributes).toContainEqual({ Name: 'custom:salesforceAccountId', Value: '001A' });
  });

  it('refreshes with REFRESH_TOKEN_AUTH and GetTokensFromRefreshToken, keeping the session', async () => {
    await createUser(identity.database, 'refresher');
    const tokens = await passwordSignIn(identity.client, 'refresher');
    const viaInitiate = await identity.client.send(
      new InitiateAuthCommand({
        ClientId: POOL.clientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken },
      }),
    );
    const viaGetTokens = await refresh(tokens.RefreshToken);
    for (const result of [viaInitiate.AuthenticationResult, viaGetTokens.AuthenticationResult]) {
      expect(result?.RefreshToken).toBeUndefined();
      const access = decodeJwt(result?.AccessToken ?? '');
      expect(access.origin_jti).toBe(decodeJwt(tokens.AccessToken).origin_jti);
      expect(access.jti).not.toBe(decodeJwt(tokens.AccessToken).jti);
    }
    await expectException(refresh('not-a-refresh-token'), 'NotAuthorizedException', 'Invalid Refresh Token');
  });

  it('RevokeToken ends the refresh token and the access tokens of its session only', async () => {
    await createUser(identity.database, 'revoker');
    const first = await passwordSignIn(identity.client, 'revoker');
    const second = await passwordSignIn(identity.client, 'revoker');
    await identity.client.send(
      new RevokeTokenCommand({ ClientId: POOL.clientId, Token: first.RefreshToken }),
    );
    await expectException(
      refresh(first.RefreshToken),
      'NotAuthorizedException',
      'Refresh Token has been revoked',
    );
    await expectException(
      getUser(first.AccessToken),
      'NotAuthorizedException',
      'Access Token has been revoked',
    );
    expect((await getUser(second.AccessToken)).Username).toBe('revoker');
    // RFC 7009: revoking something unknown is not an error.
    await identity.client.send(new RevokeTokenCommand({ ClientId: POOL.clientId, Token: 'unknown' }));
  });

  it('GlobalSignOut ends every session of the user', async () => {
    await createUser(identity.database, 'global');
    const first = await passwordSignIn(identity.client, 'global');
    const second = await passwordSignIn(identity.client, 'global');
    await identity.client.send(new GlobalSignOutCommand({ AccessToken: second.AccessToken }));
    for (const tokens of [first, second]) {
      await expectException(
        getUser(tokens.AccessToken),
        'NotAuthorizedException',
        'Access Token has been revoked',
      );
      await expectException(
        refresh(tokens.RefreshToken),
        'NotAuthorizedException',
        'Refresh Token has been revoked',
      );
    }
  });

  it('refuses expired, forged and unsigned access tokens', async () => {
    await createUser(identity.database, 'expiring');
    const tokens = await passwordSignIn(identity.client, 'expiring');
    const [header, payload] = tokens.AccessToken.split('.');
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    await expectException(getUser(unsigned), 'NotAuthorizedException', 'Invalid Access Token');
    const claims = { ...decodeJwt(tokens.AccessToken), 'cognito:groups': ['AWSAdmin'] };
    const tampered = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${tokens.AccessToken.split('.')[2]}`;
    await expectException(getUser(tampered), 'NotAuthorizedException', 'Invalid Access Token');
    await expectException(getUser(tokens.IdToken), 'NotAuthorizedException', 'Invalid Access Token');
    await expectException(getUser('garbage'), 'NotAuthorizedException', 'Invalid Access Token');

    identity.clock.advance(3600_000 + 1000);
    await expectException(getUser(tokens.AccessToken), 'NotAuthorizedException', 'Access Token has expired');
    expect((await refresh(tokens.RefreshToken)).AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('asks for a new password after a temporary one, then signs in', async () => {
    await createUser(identity.database, 'newbie', {
      status: 'FORCE_CHANGE_PASSWORD',
      password: 'Temp0rary!',
    });
    const start = await identity.client.send(
      new InitiateAuthCommand({
        ClientId: POOL.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: 'newbie', PASSWORD: 'Temp0rary!' },
      }),
    );
    expect(start.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(start.ChallengeParameters).toMatchObject({ USER_ID_FOR_SRP: 'newbie', requiredAttributes: '[]' });
    expect(JSON.parse(start.ChallengeParameters?.userAttributes ?? '{}')).toMatchObject({
      email: 'newbie@example.com',
    });
    const respond = (NEW_PASSWORD: string, Session = start.Session) =>
      identity.client.send(
        new RespondToAuthChallengeCommand({
          ClientId: POOL.clientId,
          ChallengeName: 'NEW_PASSWORD_REQUIRED',
          Session,
          ChallengeResponses: { USERNAME: 'newbie', NEW_PASSWORD, 'userAttributes.given_name': 'Nia' },
        }),
      );
    await expectException(respond('weak'), 'InvalidPasswordException');
    const done = await respond(PASSWORD);
    expect(decodeJwt(done.AuthenticationResult?.IdToken ?? '').given_name).toBe('Nia');
    await expectException(respond(PASSWORD), 'NotAuthorizedException', 'Invalid session for the user.');
    await expectException(respond(PASSWORD, 'x'.repeat(40)), 'NotAuthorizedException');
    expect((await passwordSignIn(identity.client, 'newbie')).AccessToken).toBeTruthy();
  });

  it('refuses an unsupported flow', async () => {
    await expectException(
      identity.client.send(
        new InitiateAuthCommand({
          ClientId: POOL.clientId,
          AuthFlow: 'CUSTOM_AUTH',
          AuthParameters: { USERNAME: 'x' },
        }),
      ),
      'InvalidParameterException',
    );
  });
});
