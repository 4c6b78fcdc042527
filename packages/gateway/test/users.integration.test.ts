import type { AccountUser, DomainDetails, Envelope, UserListAnswer } from '@storefront/contracts';
import { openSeededCrm, TEST_SERVICE_TOKEN, testEngines } from '@storefront/crm/testing';
import type { Database } from '@storefront/database';
import { ensureUser, migrateIdentity } from '@storefront/identity';
import { ADMIN } from '@storefront/identity/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCognitoTokenVerifier, createGateway, createUserPoolAdmin, type Gateway } from '../src/index';
import {
  askGateway,
  cognito,
  ensureStorefrontPool,
  type IdentityFetch,
  ISSUER_BASE,
  identityService,
  PASSWORD,
  signIn,
} from './user-pools';

const COGNITO_ACTIONS =
  'query Act($action: String!, $data: AWSJSON, $username: String) { cognitoActions(action: $action, data: $data, username: $username) }';
const LIST_USERS = 'query List($data: AWSJSON) { listUsers(data: $data) }';

interface Changed {
  message: string;
  user: AccountUser;
}

describe.each(await testEngines())('managing users through the gateway on $name', (engine) => {
  let database: Database;
  let gateway: Gateway;
  /** A gateway instance of its own: its directory of pool users starts empty. */
  let newGateway: (directoryTtlMs?: number) => Gateway;
  let identity: IdentityFetch;
  let guestStorefront: DomainDetails;
  let partnerStorefront: DomainDetails;
  let halvorsen: string;
  let marlowe: string;
  let kestrel: string;
  const tokens = new Map<string, string>();
  let admin: ReturnType<typeof createUserPoolAdmin>;

  const hostOf = (storefront: DomainDetails) => storefront.domain;

  /** One cognitoActions call as a signed-in user (their token, on their storefront's host) or a guest. */
  async function act<T = unknown>(
    caller: string | null,
    action: string,
    username: string | null,
    data: Record<string, unknown> = {},
  ): Promise<Envelope<T>> {
    const host = caller === 'manager@kestrel.example' ? hostOf(partnerStorefront) : hostOf(guestStorefront);
    return askGateway<T>(gateway, 'cognitoActions', COGNITO_ACTIONS, {
      host,
      token: caller ? tokens.get(caller) : undefined,
      variables: { action, username, data: JSON.stringify(data) },
    });
  }

  async function list(caller: string, data: Record<string, unknown> = {}, host = hostOf(guestStorefront)) {
    return askGateway<UserListAnswer>(gateway, 'listUsers', LIST_USERS, {
      host,
      token: tokens.get(caller),
      variables: { data: JSON.stringify(data) },
    });
  }

  const user = (pool: DomainDetails, username: string, accountId: string, groups: string[]) =>
    ensureUser(database, {
      poolId: pool.awsUserPoolId,
      username,
      password: PASSWORD,
      email: username,
      givenName: username.split('@')[0] ?? 'Test',
      familyName: 'Tester',
      groups,
      attributes: { 'custom:salesforceAccountId': accountId },
      status: 'CONFIRMED',
    });

  beforeAll(async () => {
    const crm = await openSeededCrm(engine);
    database = crm.database.database;
    await migrateIdentity(database);
    identity = identityService(database, () => new Date());
    const userPools = { endpoint: ISSUER_BASE, ...ADMIN, fetch: identity };
    admin = createUserPoolAdmin(userPools);
    newGateway = (directoryTtlMs?: number) =>
      createGateway({
        apiKey: 'test-api-key',
        crm: {
          baseUrl: 'http://crm.test',
          token: TEST_SERVICE_TOKEN,
          fetch: (request) => crm.app.fetch(request),
        },
        verifyToken: createCognitoTokenVerifier({ issuerBase: ISSUER_BASE, fetch: identity }),
        userPools: { ...userPools, directoryTtlMs },
        cacheTtlMs: 0,
      });
    gateway = newGateway();
    const storefronts = await Promise.all(
      ['localhost', '127.0.0.1'].map((host) => gateway.resolveDomain(host)),
    );
    [guestStorefront, partnerStorefront] = storefronts as [DomainDetails, DomainDetails];
    const account = (name: string) =>
      crm.seed.accounts.find((candidate) => candidate.name === name)?.id ?? '';
    halvorsen = account('Halvorsen Research Institute');
    marlowe = account('Marlowe Genomics Core');
    kestrel = account('Kestrel Diagnostics GmbH');
    for (const storefront of [guestStorefront, partnerStorefront])
      await ensureStorefrontPool(database, storefront);
    await user(guestStorefront, 'manager@halvorsen.example', halvorsen, ['AWSManager']);
    await user(guestStorefront, 'buyer@halvorsen.example', halvorsen, ['AWSPortalUser']);
    await user(guestStorefront, 'manager@marlowe.example', marlowe, ['AWSManager']);
    await user(partnerStorefront, 'manager@kestrel.example', kestrel, ['AWSManager']);
    for (const [username, storefront] of [
      ['manager@halvorsen.example', guestStorefront],
      ['buyer@halvorsen.example', guestStorefront],
      ['manager@marlowe.example', guestStorefront],
      ['manager@kestrel.example', partnerStorefront],
    ] as const) {
      tokens.set(username, (await signIn(identity, storefront.clientId, username)).AccessToken);
    }
  });

  // A gateway of its own for each test: a manager's budget of invitations and resets is spent per test.
  beforeEach(() => {
    gateway = newGateway();
  });
  afterAll(() => database.close());

  /** A fresh Halvorsen portal user, signed-in once (CONFIRMED), made by the manager through the gateway. */
  async function invite(email: string, role = 'AWSPortalUser', enabled = true): Promise<Changed> {
    const answer = await act<Changed>('manager@halvorsen.example', 'createUser', null, {
      email,
      given_name: 'Nina',
      family_name: 'Holm',
      local: 'nb-NO',
      groupName: role,
      enabled,
    });
    expect(answer.statusCode, JSON.stringify(answer.content)).toBe(200);
    return answer.content;
  }

  it('lets a manager invite a user: a CRM contact, a pool user of the account, the role, the invitation', async () => {
    const { message, user: created } = await invite('Nina.Holm@Halvorsen.example');
    expect(message).toBe('User created successfully.');
    expect(created).toMatchObject({
      id: 'nina.holm@halvorsen.example',
      email: 'nina.holm@halvorsen.example',
      given_name: 'Nina',
      locale: 'nb-NO',
      Enabled: true,
      UserStatus: 'FORCE_CHANGE_PASSWORD',
      status: 'Invited',
      GroupName: 'AWSPortalUser',
      displayGroup: 'User',
      storefrontId: guestStorefront.storefrontId,
      userPoolId: guestStorefront.awsUserPoolId,
      actions: ['resetPassword', 'deactivate', 'changeRole'],
    });
    expect(created.contactId).toBeTruthy();
    const pooled = await admin<{ UserAttributes: { Name: string; Value: string }[] }>('AdminGetUser', {
      UserPoolId: guestStorefront.awsUserPoolId,
      Username: created.id,
    });
    const attributes = Object.fromEntries(pooled.UserAttributes.map(({ Name, Value }) => [Name, Value]));
    expect(attributes).toMatchObject({
      'custom:salesforceAccountId': halvorsen,
      'custom:salesforceContactId': created.contactId,
      'custom:salesforceOrgId': guestStorefront.salesforceOrgId,
      'custom:local': 'nb_NO',
      'custom:createdBy': 'manager@halvorsen.example',
    });
    // The list shows them at once, newest first.
    const listed = await list('manager@halvorsen.example');
    expect(listed.content.allUsers[0]?.id).toBe('nina.holm@halvorsen.example');
    // Inviting the same person again is refused, not a second user.
    const again = await act('manager@halvorsen.example', 'createUser', null, {
      email: 'nina.holm@halvorsen.example',
      given_name: 'Nina',
      family_name: 'Holm',
      local: 'nb-NO',
      groupName: 'AWSPortalUser',
    });
    expect(again).toEqual({ statusCode: 409, content: 'A user with this email already exists.' });
  });

  it('refuses a new user with a bad field, naming it', async () => {
    const answer = await act('manager@halvorsen.example', 'createUser', null, {
      email: 'not-an-email',
      given_name: 'A',
      family_name: 'B',
      local: 'en-US',
      groupName: 'AWSPortalUser',
    });
    expect(answer).toEqual({ statusCode: 400, content: 'Invalid data: email: Enter a valid email address' });
  });

  it('deactivates, activates, resets, edits and changes the role, with P§8’s messages and P§4’s states', async () => {
    await invite('cycle@halvorsen.example');
    const manager = 'manager@halvorsen.example';
    const target = 'cycle@halvorsen.example';
    const off = await act<Changed>(manager, 'deactivate', target);
    expect(off.content.message).toBe('User deactivated successfully.');
    expect(off.content.user).toMatchObject({
      Enabled: false,
      status: 'Inactive',
      actions: ['activate', 'changeRole'],
    });
    const on = await act<Changed>(manager, 'activate', target);
    expect(on.content.message).toBe('User activated successfully.');
    // Never signed in: a new invitation keeps FORCE_CHANGE_PASSWORD.
    expect(on.content.user).toMatchObject({
      Enabled: true,
      UserStatus: 'FORCE_CHANGE_PASSWORD',
      status: 'Invited',
    });

    // Someone who has signed in gets RESET_REQUIRED and a reset code when activated again.
    await admin('AdminSetUserPassword', {
      UserPoolId: guestStorefront.awsUserPoolId,
      Username: target,
      Password: PASSWORD,
      Permanent: true,
    });
    await act(manager, 'deactivate', target);
    const back = await act<Changed>(manager, 'activate', target);
    expect(back.content.user).toMatchObject({ UserStatus: 'RESET_REQUIRED', status: 'Invited' });
    const reset = await act<Changed>(manager, 'resetPassword', target);
    expect(reset.content.message).toBe('A password reset code was sent to the user.');

    // Edit is for Active users only.
    expect(
      (await act(manager, 'updateUser', target, { given_name: 'C', family_name: 'D', local: 'en-US' }))
        .statusCode,
    ).toBe(403);
    await admin('AdminSetUserPassword', {
      UserPoolId: guestStorefront.awsUserPoolId,
      Username: target,
      Password: PASSWORD,
      Permanent: true,
    });
    // Signed in behind the gateway's back: the list shows it at once (invited rows are read again).
    const listed = await list(manager);
    expect(listed.content.allUsers.find((row) => row.id === target)?.status).toBe('Active');
    const edited = await act<Changed>(manager, 'updateUser', target, {
      given_name: 'Cyd',
      family_name: 'Cle',
      local: 'de-DE',
    });
    expect(edited.content.message).toBe('User updated successfully.');
    expect(edited.content.user).toMatchObject({
      given_name: 'Cyd',
      family_name: 'Cle',
      locale: 'de-DE',
      status: 'Active',
    });
    const renamed = await act<Changed>(manager, 'updateUserName', target, {
      given_name: 'Cy',
      family_name: 'C',
    });
    expect(renamed.content.user.given_name).toBe('Cy');

    const promoted = await act<Changed>(manager, 'addToGroup', target, { groupName: 'AWSManager' });
    expect(promoted.content.message).toBe('User role updated successfully.');
    expect(promoted.content.user).toMatchObject({ GroupName: 'AWSManager', displayGroup: 'Manager' });
    const groups = await act<{ groups: string[] }>(manager, 'listUserGroups', target);
    expect(groups.content.groups).toEqual(['AWSManager']);
  });

  it('changes nothing when the user was sent too many reset codes, and tells the manager why', async () => {
    const manager = 'manager@halvorsen.example';
    const target = 'popular@halvorsen.example';
    await invite(target);
    const key = { UserPoolId: guestStorefront.awsUserPoolId, Username: target };
    await admin('AdminSetUserPassword', { ...key, Password: PASSWORD, Permanent: true });
    // Anyone may ask for a user's reset codes; five in the hour spend the user's budget.
    for (let request = 0; request < 5; request++)
      await cognito(identity, 'ForgotPassword', { ClientId: guestStorefront.clientId, Username: target });
    const refused = {
      statusCode: 429,
      content:
        'Too many password reset codes were sent to this user in the last hour. Nothing was changed; try again later.',
    };
    expect(await act(manager, 'resetPassword', target)).toEqual(refused);
    expect(await admin('AdminGetUser', key)).toMatchObject({ Enabled: true, UserStatus: 'CONFIRMED' });
    expect((await signIn(identity, guestStorefront.clientId, target)).AccessToken).toBeTruthy();

    await act(manager, 'deactivate', target);
    expect(await act(manager, 'activate', target)).toEqual(refused);
    expect(await admin('AdminGetUser', key)).toMatchObject({ Enabled: false, UserStatus: 'CONFIRMED' });
    const row = (await list(manager)).content.allUsers.find((user) => user.id === target);
    expect(row).toMatchObject({ Enabled: false, status: 'Inactive', actions: ['activate', 'changeRole'] });
  });

  it('shows no actions on the manager’s own row and refuses them there', async () => {
    const own = await act('manager@halvorsen.example', 'deactivate', 'manager@halvorsen.example');
    expect(own).toEqual({ statusCode: 403, content: 'This action is not available for this user.' });
    const listed = await list('manager@halvorsen.example');
    const self = listed.content.allUsers.find((row) => row.id === 'manager@halvorsen.example');
    expect(self?.actions).toEqual([]);
  });

  describe('each action × each caller', () => {
    const target = 'target@halvorsen.example';
    beforeAll(async () => {
      await invite(target);
    });
    const writes: [string, Record<string, unknown>][] = [
      [
        'createUser',
        {
          email: 'x@halvorsen.example',
          given_name: 'X',
          family_name: 'Y',
          local: 'en-US',
          groupName: 'AWSPortalUser',
        },
      ],
      ['updateUser', { given_name: 'X', family_name: 'Y', local: 'en-US' }],
      ['updateUserName', { given_name: 'X', family_name: 'Y' }],
      ['addToGroup', { groupName: 'AWSManager' }],
      ['activate', {}],
      ['deactivate', {}],
      ['resetPassword', {}],
      ['recreateUser', { email: target }],
    ];

    it.each(writes)(
      '%s: a guest 401, a portal user 403, other accounts’ and storefronts’ managers never reach the user',
      async (action, data) => {
        expect((await act(null, action, target, data)).statusCode).toBe(401);
        expect(await act('buyer@halvorsen.example', action, target, data)).toEqual({
          statusCode: 403,
          content: 'Only a manager of the account may manage its users.',
        });
        if (action === 'createUser') return;
        expect((await act('manager@marlowe.example', action, target, data)).statusCode).toBe(404);
        expect((await act('manager@kestrel.example', action, target, data)).statusCode).toBe(404);
        // Naming another pool or account changes nothing.
        const claimed = { ...data, userPoolId: partnerStorefront.awsUserPoolId };
        expect((await act('manager@halvorsen.example', action, target, claimed)).statusCode).toBe(403);
      },
    );

    it('list and listUserGroups: a guest 401; a portal user reads their account without actions; others never see it', async () => {
      expect((await act(null, 'list', null)).statusCode).toBe(401);
      const asBuyer = await act<UserListAnswer>('buyer@halvorsen.example', 'list', null);
      expect(asBuyer.content.allUsers.map((row) => row.id)).toContain(target);
      expect(asBuyer.content.allUsers.every((row) => row.actions.length === 0)).toBe(true);
      expect((await act('buyer@halvorsen.example', 'listUserGroups', target)).statusCode).toBe(200);
      for (const manager of ['manager@marlowe.example', 'manager@kestrel.example']) {
        const theirs = await act<UserListAnswer>(manager, 'list', null);
        expect(theirs.content.allUsers.map((row) => row.id)).not.toContain(target);
        expect((await act(manager, 'listUserGroups', target)).statusCode).toBe(404);
      }
      expect((await list('manager@halvorsen.example', { salesforceAccountId: marlowe })).statusCode).toBe(
        403,
      );
      expect(
        (await list('manager@halvorsen.example', { userPoolId: partnerStorefront.awsUserPoolId })).statusCode,
      ).toBe(403);
    });

    it('userActions and listCustomerOrgAPIUsers answer for the caller’s own account only', async () => {
      const actions = await askGateway<{ actions: string[] }>(
        gateway,
        'userActions',
        'query U($data: AWSJSON) { userActions(data: $data) }',
        {
          host: 'localhost',
          token: tokens.get('manager@halvorsen.example'),
          variables: { data: JSON.stringify({ username: target }) },
        },
      );
      expect(actions.content.actions).toContain('deactivate');
      const apiUsers = (caller: string) =>
        askGateway<{ items: { id: string; customerOrgApiUsersId: string }[] }>(
          gateway,
          'listCustomerOrgAPIUsers',
          'query A($limit: Int) { listCustomerOrgAPIUsers(limit: $limit) }',
          { host: 'localhost', token: tokens.get(caller), variables: { limit: 60 } },
        );
      const mine = await apiUsers('manager@halvorsen.example');
      expect(mine.content.items.map((item) => item.id)).toContain(target);
      expect(mine.content.items.every((item) => item.customerOrgApiUsersId === halvorsen)).toBe(true);
      expect((await apiUsers('buyer@halvorsen.example')).statusCode).toBe(403);
    });
  });

  it('stops making a user when the CRM has no contact for them (P§5): no pool user is made', async () => {
    // A manager of an account the CRM does not know: contactInSF cannot make the contact.
    await user(guestStorefront, 'manager@unknown.example', 'acc-not-in-the-crm', ['AWSManager']);
    const { AccessToken } = await signIn(identity, guestStorefront.clientId, 'manager@unknown.example');
    tokens.set('manager@unknown.example', AccessToken);
    const answer = await act('manager@unknown.example', 'createUser', null, {
      email: 'orphan@unknown.example',
      given_name: 'Or',
      family_name: 'Phan',
      local: 'en-US',
      groupName: 'AWSPortalUser',
    });
    expect(answer.statusCode).toBe(404);
    await expect(
      admin('AdminGetUser', {
        UserPoolId: guestStorefront.awsUserPoolId,
        Username: 'orphan@unknown.example',
      }),
    ).rejects.toMatchObject({ type: 'UserNotFoundException' });
  });

  it('reads the pool again behind its answers once its directory is older than the TTL', async () => {
    const instance = newGateway(0);
    const ids = async () => {
      const answer = await askGateway<UserListAnswer>(instance, 'listUsers', LIST_USERS, {
        host: hostOf(guestStorefront),
        token: tokens.get('manager@halvorsen.example'),
        variables: { data: JSON.stringify({ limit: 60 }) },
      });
      return answer.content.allUsers.map((row) => row.id);
    };
    expect(await ids()).toContain('buyer@halvorsen.example');
    // Made behind the gateway's back (another instance, or the pool's own console).
    await user(guestStorefront, 'behind@halvorsen.example', halvorsen, ['AWSPortalUser']);
    await expect.poll(ids, { timeout: 10_000 }).toContain('behind@halvorsen.example');
  });

  it('lists a big account correctly: counts per tab, pages of 20 newest first, filters and search', async () => {
    const big = 'acc-big-account';
    const pool = guestStorefront.awsUserPoolId;
    await user(guestStorefront, 'boss@big.example', big, ['AWSManager']);
    tokens.set(
      'boss@big.example',
      (await signIn(identity, guestStorefront.clientId, 'boss@big.example')).AccessToken,
    );
    const total = 130;
    for (let index = 0; index < total; index += 1) {
      const Username = `member${String(index).padStart(3, '0')}@big.example`;
      await admin('AdminCreateUser', {
        UserPoolId: pool,
        Username,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: Username },
          { Name: 'given_name', Value: index % 13 === 0 ? 'Astrid' : 'Member' },
          { Name: 'family_name', Value: String(index) },
          { Name: 'custom:salesforceAccountId', Value: big },
        ],
      });
      await admin('AdminAddUserToGroup', {
        UserPoolId: pool,
        Username,
        GroupName: index % 10 === 0 ? 'AWSManager' : 'AWSPortalUser',
      });
      if (index % 5 === 0) await admin('AdminDisableUser', { UserPoolId: pool, Username });
      else if (index % 2 === 0) {
        await admin('AdminSetUserPassword', {
          UserPoolId: pool,
          Username,
          Password: PASSWORD,
          Permanent: true,
        });
      }
    }
    // Users of another account in the same pool are never counted.
    await user(guestStorefront, 'outsider@big.example', halvorsen, ['AWSPortalUser']);
    // Made behind the gateway's back: an instance started now reads the pool afresh.
    gateway = newGateway();

    const first = await list('boss@big.example');
    expect(first.statusCode).toBe(200);
    const all = total + 1;
    const inactive = Math.ceil(total / 5);
    const active =
      1 + Array.from({ length: total }, (_, i) => i).filter((i) => i % 5 !== 0 && i % 2 === 0).length;
    expect(first.content.counts.status).toEqual({ all, inactive, active, invited: all - inactive - active });
    expect(first.content.counts.role).toEqual({
      all,
      AWSManager: 1 + total / 10,
      AWSPortalUser: total - total / 10,
    });
    expect(first.content.totalUsers).toBe(all);
    expect(first.content.allUsers).toHaveLength(20);
    const dates = first.content.allUsers.map((row) => row.UserCreateDate);
    expect([...dates].sort().reverse()).toEqual(dates);

    const last = await list('boss@big.example', { page: 7 });
    expect(last.content.allUsers).toHaveLength(all - 6 * 20);
    const seen = new Set<string>();
    for (let page = 1; page <= 7; page += 1) {
      for (const row of (await list('boss@big.example', { page })).content.allUsers) seen.add(row.id);
    }
    expect(seen.size).toBe(all);
    expect(seen.has('outsider@big.example')).toBe(false);

    const managersInactive = await list('boss@big.example', { role: 'AWSManager', user_status: 'inactive' });
    expect(managersInactive.content.totalUsers).toBe(total / 10);
    expect(
      managersInactive.content.allUsers.every(
        (row) => row.status === 'Inactive' && row.displayGroup === 'Manager',
      ),
    ).toBe(true);
    const astrids = await list('boss@big.example', { given_name: 'astrid' });
    expect(astrids.content.totalUsers).toBe(Math.ceil(total / 13));
  });
});
