import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminResetUserPasswordCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  InitiateAuthCommand,
  ListGroupsCommand,
  ListUsersCommand,
  ListUsersInGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { testEngines } from '@storefront/database/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxFor } from '../src/mail/outbox';
import { ADMIN, expectException, POOL, type ServedIdentity, serveIdentity } from './support/identity';
import { createUser, forgotPassword, passwordSignIn } from './support/users';

const UserPoolId = POOL.poolId;

describe.each(await testEngines())('admin operations on $name', (engine) => {
  let identity: ServedIdentity;
  let admin: CognitoIdentityProviderClient;
  beforeAll(async () => {
    identity = await serveIdentity(engine);
    admin = identity.admin;
  });
  afterAll(() => identity.close());

  it('refuses unsigned, unknown-key and wrongly signed admin calls as AWS does', async () => {
    const signedWith = (accessKeyId: string, secretAccessKey: string, region = 'us-east-1') =>
      new CognitoIdentityProviderClient({
        endpoint: `${identity.baseUrl}/`,
        region,
        credentials: { accessKeyId, secretAccessKey },
        maxAttempts: 1,
      });
    const call = (client: CognitoIdentityProviderClient) =>
      client.send(new ListGroupsCommand({ UserPoolId }));
    await expectException(
      call(identity.client),
      'UnrecognizedClientException',
      'The security token included in the request is invalid.',
    );
    await expectException(call(signedWith(ADMIN.accessKeyId, 'not-the-secret')), 'InvalidSignatureException');
    await expectException(
      call(signedWith(ADMIN.accessKeyId, ADMIN.secretAccessKey, 'eu-west-1')),
      'InvalidSignatureException',
    );
    const unsigned = await fetch(`${identity.baseUrl}/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.ListUsers',
      },
      body: JSON.stringify({ UserPoolId }),
    });
    expect(unsigned.status).toBe(400);
    expect((await unsigned.json()).__type).toBe('MissingAuthenticationTokenException');
    expect((await call(admin)).Groups?.map((group) => group.GroupName)).toEqual([
      'AWSAdmin',
      'AWSGuest',
      'AWSManager',
      'AWSPortalUser',
    ]);
  });

  it('creates a user with a temporary password, invites them, and they set their own', async () => {
    const created = await admin.send(
      new AdminCreateUserCommand({
        UserPoolId,
        Username: 'invitee',
        UserAttributes: [
          { Name: 'email', Value: 'invitee@example.com' },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'custom:salesforceAccountId', Value: '001000000000002AAA' },
        ],
      }),
    );
    expect(created.User).toMatchObject({
      Username: 'invitee',
      Enabled: true,
      UserStatus: 'FORCE_CHANGE_PASSWORD',
    });
    expect(created.User?.UserCreateDate).toBeInstanceOf(Date);
    const temporary = await identity.lastCode('invitee', 'INVITATION');
    const start = await identity.client.send(
      new InitiateAuthCommand({
        ClientId: POOL.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: 'invitee', PASSWORD: temporary },
      }),
    );
    expect(start.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');

    await expectException(
      admin.send(
        new AdminCreateUserCommand({
          UserPoolId,
          Username: 'INVITEE',
          UserAttributes: [{ Name: 'email', Value: 'x@example.com' }],
        }),
      ),
      'UsernameExistsException',
    );
    await admin.send(
      new AdminCreateUserCommand({ UserPoolId, Username: 'invitee', MessageAction: 'RESEND' }),
    );
    expect(await identity.lastCode('invitee', 'INVITATION')).not.toBe(temporary);
    await expectException(
      admin.send(
        new AdminCreateUserCommand({
          UserPoolId,
          Username: 'weakling',
          TemporaryPassword: 'weak',
          UserAttributes: [{ Name: 'email', Value: 'w@example.com' }],
        }),
      ),
      'InvalidPasswordException',
    );
    await expectException(
      admin.send(new AdminCreateUserCommand({ UserPoolId: 'us-east-1_Nope', Username: 'x' })),
      'ResourceNotFoundException',
    );
  });

  it('expires a temporary password after 7 days', async () => {
    await admin.send(
      new AdminCreateUserCommand({
        UserPoolId,
        Username: 'tardy',
        TemporaryPassword: 'Temp0rary!',
        UserAttributes: [{ Name: 'email', Value: 'tardy@example.com' }],
      }),
    );
    identity.clock.advance(7 * 24 * 3_600_000 + 1000);
    await expectException(
      passwordSignIn(identity.client, 'tardy', 'Temp0rary!'),
      'NotAuthorizedException',
      /Temporary password has expired/,
    );
  });

  it('gets, updates, disables, enables and deletes a user', async () => {
    await createUser(identity.database, 'managed');
    const tokens = await passwordSignIn(identity.client, 'managed');
    const got = await admin.send(new AdminGetUserCommand({ UserPoolId, Username: 'MANAGED' }));
    expect(got).toMatchObject({
      Username: 'managed',
      Enabled: true,
      UserStatus: 'CONFIRMED',
      UserMFASettingList: [],
    });

    await admin.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId,
        Username: 'managed',
        UserAttributes: [
          { Name: 'custom:salesforceContactId', Value: '003000000000009AAA' },
          { Name: 'email', Value: 'managed@example.org' },
        ],
      }),
    );
    const updated = await admin.send(new AdminGetUserCommand({ UserPoolId, Username: 'managed' }));
    expect(updated.UserAttributes).toContainEqual({
      Name: 'custom:salesforceContactId',
      Value: '003000000000009AAA',
    });
    expect(updated.UserAttributes).toContainEqual({ Name: 'email_verified', Value: 'false' });

    await admin.send(new AdminDisableUserCommand({ UserPoolId, Username: 'managed' }));
    await expectException(
      passwordSignIn(identity.client, 'managed'),
      'NotAuthorizedException',
      'User is disabled.',
    );
    await expectException(
      identity.client.send(new GetUserCommand({ AccessToken: tokens.AccessToken })),
      'NotAuthorizedException',
      'User is disabled.',
    );
    await expectException(
      identity.client.send(
        new GetTokensFromRefreshTokenCommand({ ClientId: POOL.clientId, RefreshToken: tokens.RefreshToken }),
      ),
      'NotAuthorizedException',
      'User is disabled.',
    );
    expect((await admin.send(new AdminGetUserCommand({ UserPoolId, Username: 'managed' }))).Enabled).toBe(
      false,
    );
    await admin.send(new AdminEnableUserCommand({ UserPoolId, Username: 'managed' }));
    expect((await passwordSignIn(identity.client, 'managed')).AccessToken).toBeTruthy();

    await admin.send(new AdminDeleteUserCommand({ UserPoolId, Username: 'managed' }));
    await expectException(
      admin.send(new AdminGetUserCommand({ UserPoolId, Username: 'managed' })),
      'UserNotFoundException',
      'User does not exist.',
    );
  });

  it('resets and sets passwords', async () => {
    await createUser(identity.database, 'resettable');
    await admin.send(new AdminResetUserPasswordCommand({ UserPoolId, Username: 'resettable' }));
    await expectException(
      passwordSignIn(identity.client, 'resettable'),
      'PasswordResetRequiredException',
      'Password reset required for the user',
    );
    expect(await identity.lastCode('resettable', 'FORGOT_PASSWORD')).toMatch(/^\d{6}$/);

    await admin.send(
      new AdminSetUserPasswordCommand({
        UserPoolId,
        Username: 'resettable',
        Password: 'Perm4nent!pass',
        Permanent: true,
      }),
    );
    expect(
      (await admin.send(new AdminGetUserCommand({ UserPoolId, Username: 'resettable' }))).UserStatus,
    ).toBe('CONFIRMED');
    expect((await passwordSignIn(identity.client, 'resettable', 'Perm4nent!pass')).AccessToken).toBeTruthy();

    await admin.send(
      new AdminSetUserPasswordCommand({ UserPoolId, Username: 'resettable', Password: 'Tempor4ry!pass' }),
    );
    expect(
      (await admin.send(new AdminGetUserCommand({ UserPoolId, Username: 'resettable' }))).UserStatus,
    ).toBe('FORCE_CHANGE_PASSWORD');
    await expectException(
      admin.send(new AdminSetUserPasswordCommand({ UserPoolId, Username: 'resettable', Password: 'short' })),
      'InvalidPasswordException',
    );
  });

  it('refuses to reset the password of an invited user who never signed in, as Cognito does', async () => {
    await admin.send(
      new AdminCreateUserCommand({
        UserPoolId,
        Username: 'newcomer',
        UserAttributes: [
          { Name: 'email', Value: 'newcomer@example.com' },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    const cannotReset = 'User password cannot be reset in the current state.';
    await expectException(forgotPassword(identity.client, 'newcomer'), 'NotAuthorizedException', cannotReset);
    await expectException(
      admin.send(new AdminResetUserPasswordCommand({ UserPoolId, Username: 'newcomer' })),
      'NotAuthorizedException',
      cannotReset,
    );
    const kinds = (await outboxFor(identity.database, UserPoolId, 'newcomer')).map((mail) => mail.kind);
    expect(kinds).toEqual(['INVITATION']);
    const { UserStatus } = await admin.send(new AdminGetUserCommand({ UserPoolId, Username: 'newcomer' }));
    expect(UserStatus).toBe('FORCE_CHANGE_PASSWORD');
  });

  it('leaves a user as they were when a reset is past their code budget, and says so', async () => {
    await createUser(identity.database, 'popular');
    for (let request = 0; request < 5; request++) await forgotPassword(identity.client, 'popular');
    await expectException(
      admin.send(new AdminResetUserPasswordCommand({ UserPoolId, Username: 'popular' })),
      'LimitExceededException',
      'Attempt limit exceeded, please try after some time.',
    );
    const { UserStatus } = await admin.send(new AdminGetUserCommand({ UserPoolId, Username: 'popular' }));
    expect(UserStatus).toBe('CONFIRMED');
    // Not locked out: the old password still signs them in.
    expect((await passwordSignIn(identity.client, 'popular')).AccessToken).toBeTruthy();
  });

  it('adds to, lists and removes from groups; the first group names the user type in the token', async () => {
    await createUser(identity.database, 'grouped', { groups: [] });
    await admin.send(
      new AdminAddUserToGroupCommand({ UserPoolId, Username: 'grouped', GroupName: 'AWSPortalUser' }),
    );
    await admin.send(
      new AdminAddUserToGroupCommand({ UserPoolId, Username: 'grouped', GroupName: 'AWSManager' }),
    );
    await admin.send(
      new AdminAddUserToGroupCommand({ UserPoolId, Username: 'grouped', GroupName: 'AWSManager' }),
    );
    const listed = await admin.send(new AdminListGroupsForUserCommand({ UserPoolId, Username: 'grouped' }));
    expect(listed.Groups?.map((group) => group.GroupName)).toEqual(['AWSManager', 'AWSPortalUser']);
    const paged = await admin.send(
      new AdminListGroupsForUserCommand({ UserPoolId, Username: 'grouped', Limit: 1 }),
    );
    expect(paged.Groups).toHaveLength(1);
    const rest = await admin.send(
      new AdminListGroupsForUserCommand({
        UserPoolId,
        Username: 'grouped',
        Limit: 1,
        NextToken: paged.NextToken,
      }),
    );
    expect(rest.Groups?.map((group) => group.GroupName)).toEqual(['AWSPortalUser']);
    expect(rest.NextToken).toBeUndefined();
    await createUser(identity.database, 'grouped-too', { groups: ['AWSManager'] });
    // Paged one at a time, so the token is followed to the end.
    const members: string[] = [];
    let NextToken: string | undefined;
    do {
      const page = await admin.send(
        new ListUsersInGroupCommand({ UserPoolId, GroupName: 'AWSManager', Limit: 1, NextToken }),
      );
      members.push(...(page.Users ?? []).map((user) => user.Username ?? ''));
      NextToken = page.NextToken;
    } while (NextToken);
    expect(members).toEqual(expect.arrayContaining(['grouped', 'grouped-too']));
    expect(members).not.toContain('lister-ann');

    const tokens = await passwordSignIn(identity.client, 'grouped');
    const claims = JSON.parse(Buffer.from(tokens.AccessToken.split('.')[1] ?? '', 'base64url').toString());
    expect(claims['cognito:groups']).toEqual(['AWSManager', 'AWSPortalUser']);

    await admin.send(
      new AdminRemoveUserFromGroupCommand({ UserPoolId, Username: 'grouped', GroupName: 'AWSManager' }),
    );
    expect(
      (await admin.send(new AdminListGroupsForUserCommand({ UserPoolId, Username: 'grouped' }))).Groups,
    ).toHaveLength(1);
    await expectException(
      admin.send(new AdminAddUserToGroupCommand({ UserPoolId, Username: 'grouped', GroupName: 'Wizards' })),
      'ResourceNotFoundException',
      'Group not found.',
    );
    await expectException(
      admin.send(new AdminAddUserToGroupCommand({ UserPoolId, Username: 'nobody', GroupName: 'AWSManager' })),
      'UserNotFoundException',
    );
  });

  it('lists users with Cognito’s filter syntax and pages', async () => {
    await createUser(identity.database, 'lister-ann', { givenName: 'Ann', email: 'ann@lab.example' });
    await createUser(identity.database, 'lister-bob', { givenName: 'Bob', email: 'bob@lab.example' });
    await createUser(identity.database, 'lister-cid', {
      givenName: 'Cid',
      email: 'cid@other.example',
      status: 'FORCE_CHANGE_PASSWORD',
    });
    await admin.send(new AdminDisableUserCommand({ UserPoolId, Username: 'lister-bob' }));
    const names = async (Filter: string, Limit?: number) =>
      ((await admin.send(new ListUsersCommand({ UserPoolId, Filter, Limit }))).Users ?? []).map(
        (user) => user.Username,
      );

    expect(await names('given_name = "Ann"')).toEqual(['lister-ann']);
    expect(await names('username ^= "lister-"')).toEqual(['lister-ann', 'lister-bob', 'lister-cid']);
    expect(await names('email ^= "ann@"')).toEqual(['lister-ann']);
    expect(await names('cognito:user_status = "FORCE_CHANGE_PASSWORD"')).toContain('lister-cid');
    expect(await names('status = "Disabled"')).toEqual(['lister-bob']);
    expect(await names('given_name ^= "%"')).toEqual([]);

    const first = await admin.send(
      new ListUsersCommand({ UserPoolId, Filter: 'username ^= "lister-"', Limit: 2 }),
    );
    expect(first.Users).toHaveLength(2);
    expect(first.Users?.[0]).toMatchObject({
      Username: 'lister-ann',
      Enabled: true,
      UserStatus: 'CONFIRMED',
    });
    const second = await admin.send(
      new ListUsersCommand({
        UserPoolId,
        Filter: 'username ^= "lister-"',
        Limit: 2,
        PaginationToken: first.PaginationToken,
      }),
    );
    expect(second.Users?.map((user) => user.Username)).toEqual(['lister-cid']);

    const narrow = await admin.send(
      new ListUsersCommand({ UserPoolId, Filter: 'given_name = "Ann"', AttributesToGet: ['email'] }),
    );
    expect(narrow.Users?.[0]?.Attributes).toEqual([{ Name: 'email', Value: 'ann@lab.example' }]);
    await expectException(
      admin.send(new ListUsersCommand({ UserPoolId, Filter: 'given_name ~ "Ann"' })),
      'InvalidParameterException',
    );
    await expectException(
      admin.send(new ListUsersCommand({ UserPoolId, Filter: 'custom:salesforceAccountId = "001"' })),
      'InvalidParameterException',
    );
  });
});
