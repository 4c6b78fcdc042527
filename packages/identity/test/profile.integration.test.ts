import {
  DeleteUserAttributesCommand,
  DeleteUserCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserAttributeVerificationCodeCommand,
  GetUserCommand,
  UpdateUserAttributesCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { testEngines } from '@storefront/database/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectException, POOL, type ServedIdentity, serveIdentity } from './support/identity';
import { createUser, passwordSignIn } from './support/users';

describe.each(await testEngines())('profile operations on $name', (engine) => {
  let identity: ServedIdentity;
  beforeAll(async () => {
    identity = await serveIdentity(engine);
  });
  afterAll(() => identity.close());

  const attributes = async (AccessToken: string) =>
    Object.fromEntries(
      ((await identity.client.send(new GetUserCommand({ AccessToken }))).UserAttributes ?? []).map((a) => [
        a.Name,
        a.Value,
      ]),
    );

  it('updates attributes, skipping sub and verified flags, and re-verifies a changed email', async () => {
    await createUser(identity.database, 'editor');
    const { AccessToken } = await passwordSignIn(identity.client, 'editor');
    const before = await attributes(AccessToken);
    const answer = await identity.client.send(
      new UpdateUserAttributesCommand({
        AccessToken,
        UserAttributes: [
          { Name: 'given_name', Value: 'Edith' },
          { Name: 'custom:local', Value: 'de_DE' },
          { Name: 'sub', Value: 'forged' },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'email', Value: 'edith@example.org' },
        ],
      }),
    );
    expect(answer.CodeDeliveryDetailsList).toEqual([
      { Destination: 'e***@e***.org', DeliveryMedium: 'EMAIL', AttributeName: 'email' },
    ]);
    const after = await attributes(AccessToken);
    expect(after).toMatchObject({
      sub: before.sub,
      given_name: 'Edith',
      'custom:local': 'de_DE',
      email: 'edith@example.org',
      email_verified: 'false',
    });

    const verify = (Code: string) =>
      identity.client.send(new VerifyUserAttributeCommand({ AccessToken, AttributeName: 'email', Code }));
    const code = await identity.lastCode('editor', 'VERIFY_ATTRIBUTE');
    await expectException(verify(code === '000000' ? '111111' : '000000'), 'CodeMismatchException');
    await verify(code);
    expect((await attributes(AccessToken)).email_verified).toBe('true');
    // A used code is gone: trying it again is a wrong guess.
    await expectException(verify(code), 'CodeMismatchException');

    await expectException(
      identity.client.send(
        new UpdateUserAttributesCommand({
          AccessToken,
          UserAttributes: [{ Name: 'custom:salesforceAccountId', Value: '001X' }],
        }),
      ),
      'NotAuthorizedException',
      'A client attempted to write unauthorized attribute',
    );
  });

  it('sends a verification code on request, and deletes attributes', async () => {
    await createUser(identity.database, 'phoney', { attributes: { phone_number: '+15555550100' } });
    const { AccessToken } = await passwordSignIn(identity.client, 'phoney');
    const sent = await identity.client.send(
      new GetUserAttributeVerificationCodeCommand({ AccessToken, AttributeName: 'phone_number' }),
    );
    expect(sent.CodeDeliveryDetails).toEqual({
      Destination: '+*******0100',
      DeliveryMedium: 'SMS',
      AttributeName: 'phone_number',
    });
    await identity.client.send(
      new VerifyUserAttributeCommand({
        AccessToken,
        AttributeName: 'phone_number',
        Code: await identity.lastCode('phoney'),
      }),
    );
    expect((await attributes(AccessToken)).phone_number_verified).toBe('true');
    await expectException(
      identity.client.send(
        new GetUserAttributeVerificationCodeCommand({ AccessToken, AttributeName: 'given_name' }),
      ),
      'InvalidParameterException',
    );

    await identity.client.send(
      new DeleteUserAttributesCommand({ AccessToken, UserAttributeNames: ['phone_number', 'given_name'] }),
    );
    const left = await attributes(AccessToken);
    expect(left.phone_number).toBeUndefined();
    expect(left.phone_number_verified).toBeUndefined();
    expect(left.given_name).toBeUndefined();
    await expectException(
      identity.client.send(new DeleteUserAttributesCommand({ AccessToken, UserAttributeNames: ['email'] })),
      'InvalidParameterException',
    );
  });

  it('deletes the user, and with it every session', async () => {
    await createUser(identity.database, 'leaver');
    const { AccessToken, RefreshToken } = await passwordSignIn(identity.client, 'leaver');
    await identity.client.send(new DeleteUserCommand({ AccessToken }));
    await expectException(
      identity.client.send(new GetUserCommand({ AccessToken })),
      'UserNotFoundException',
      'User does not exist.',
    );
    await expectException(
      passwordSignIn(identity.client, 'leaver'),
      'NotAuthorizedException',
      'Incorrect username or password.',
    );
    await expectException(
      identity.client.send(new GetTokensFromRefreshTokenCommand({ ClientId: POOL.clientId, RefreshToken })),
      'NotAuthorizedException',
    );
  });
});
