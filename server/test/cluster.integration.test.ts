import { randomBytes } from 'node:crypto';
import { CognitoIdentityProviderClient, GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import type {
  AccountUser,
  CatalogPage,
  CrmType,
  DomainDetails,
  NotificationCount,
  QuoteItems,
  UserListAnswer,
} from '@storefront/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordSignIn } from '../../packages/identity/test/support/users';
import {
  askGateway,
  type Caller,
  crmCall,
  type Instances,
  missingServices,
  startInstances,
} from './instances';

const missing = await missingServices();
if (missing) console.warn(`[tests] Two-instance tests skipped: ${missing} not reachable.`);

const MANAGER = { username: 'manager@halvorsen.example', password: 'Demo-Manager-2026!' };
const LIST_USERS = 'query List($data: AWSJSON) { listUsers(data: $data) }';
const COGNITO_ACTIONS =
  'query Act($action: String!, $data: AWSJSON, $username: String) { cognitoActions(action: $action, data: $data, username: $username) }';

interface SignedIn {
  token: string;
  accountId: string;
}

describe.skipIf(missing !== null)('two instances on one PostgreSQL database and one Redis', () => {
  let cluster: Instances;
  let a: string;
  let b: string;
  let storefront: DomainDetails;

  const identityAt = (baseUrl: string) =>
    new CognitoIdentityProviderClient({
      endpoint: `${baseUrl}/identity`,
      region: 'us-east-1',
      credentials: { accessKeyId: 'unused', secretAccessKey: 'unused' },
      maxAttempts: 1,
    });

  /** USER_PASSWORD_AUTH at one instance's user pools, as boto3 sends it. */
  async function signIn(baseUrl: string, user = MANAGER): Promise<SignedIn> {
    const tokens = await passwordSignIn(
      identityAt(baseUrl),
      user.username,
      user.password,
      storefront.clientId,
    );
    const claims = JSON.parse(Buffer.from(tokens.IdToken.split('.')[1] ?? '', 'base64url').toString());
    return { token: tokens.AccessToken, accountId: claims['custom:salesforceAccountId'] };
  }

  const guest = <T = QuoteItems>(baseUrl: string, type: CrmType, payload: object, caller: Caller) =>
    crmCall<T>(
      baseUrl,
      type,
      { storefrontId: storefront.storefrontId, accountId: storefront.guestAccountId, ...payload },
      caller,
    );

  /** The guest's cart as the cart page reads it: the active quote, then its lines. */
  async function cartAt(baseUrl: string, shopper: Caller): Promise<QuoteItems> {
    const active = await guest<{ quote: { id: string } | null }>(baseUrl, 'getActiveQuote', {}, shopper);
    const quoteid = active.content.quote?.id;
    if (!quoteid) throw new Error(`no cart at ${baseUrl}: ${JSON.stringify(active)}`);
    return (await guest(baseUrl, 'getQuoteItems', { quoteid }, shopper)).content;
  }

  async function catalogueItemIds(count: number): Promise<string[]> {
    const page = await crmCall<CatalogPage>(a, 'retrieveCatalogNG', {
      storefrontId: storefront.storefrontId,
      accountId: storefront.guestAccountId,
      pageSize: count,
    });
    const ids = page.content.items.map((item) => item.id);
    if (ids.length < count) throw new Error(`the guest catalogue has ${ids.length} items, not ${count}`);
    return ids;
  }

  const newGuestCart = (): Caller => ({ guestCart: randomBytes(32).toString('base64url') });

  beforeAll(async () => {
    // Both start at once on an empty database: one migrates and seeds while the other waits.
    cluster = await startInstances(2);
    [a, b] = cluster.instances.map((instance) => instance.baseUrl) as [string, string];
    const response = await fetch(`${a}/api/domain`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hostname: 'localhost' }),
    });
    storefront = (await response.json()) as DomainDetails;
  }, 180_000);

  afterAll(() => cluster?.stop(), 60_000);

  it('seeds the demo once when both start together on an empty database', async () => {
    const manager = await signIn(a);
    const count = await crmCall<NotificationCount>(
      b,
      'getNotificationsCount',
      { storefrontId: storefront.storefrontId, accId: manager.accountId },
      manager,
    );
    expect(count).toMatchObject({ statusCode: 200, content: { total: 3 } });
  });

  it('accepts a token issued by one instance on the other, at its user pools and its gateway', async () => {
    const manager = await signIn(a);
    const user = await identityAt(b).send(new GetUserCommand({ AccessToken: manager.token }));
    expect(user.Username).toBe(MANAGER.username);
    const listed = await askGateway<UserListAnswer>(b, LIST_USERS, { data: '{}' }, manager);
    expect(listed.statusCode).toBe(200);
    expect(listed.content.allUsers.map((row) => row.email)).toContain(MANAGER.username);
  });

  it('counts failed sign-ins on both instances towards one lockout', async () => {
    const user = { username: 'buyer@marlowe.example', password: 'Demo-Marlowe-2026!' };
    const wrong = { ...user, password: 'Not-the-password-1!' };
    // Five failures, alternating: three on one instance, two on the other.
    for (const baseUrl of [a, b, a, b, a]) {
      await expect(signIn(baseUrl, wrong)).rejects.toThrow('Incorrect username or password.');
    }
    // Each instance saw fewer than five; together they lock the user, so even the right password is refused.
    await expect(signIn(b, user)).rejects.toThrow('Password attempts exceeded');
  });

  it('shows a cart changed on one instance on the other at once', async () => {
    const shopper = newGuestCart();
    const [itemId] = await catalogueItemIds(1);
    const added = await guest(a, 'saveItemToQuoteBlink', { catalogItemId: itemId, qty: 2 }, shopper);
    expect(added.statusCode).toBe(200);
    const seen = await cartAt(b, shopper);
    expect(seen.lines.map((line) => [line.catalogItemId, line.qty])).toEqual([[itemId, 2]]);

    const updated = await guest(
      b,
      'updateQLI',
      { quoteId: seen.quote.id, lines: [{ id: seen.lines[0]?.id, qty: 5 }] },
      shopper,
    );
    expect(updated.statusCode).toBe(200);
    expect((await cartAt(a, shopper)).lines.map((line) => line.qty)).toEqual([5]);
  });

  it('shows a user a manager adds or deactivates on one instance in the other’s user list at once', async () => {
    const manager = await signIn(a);
    const listAt = async (baseUrl: string) =>
      (await askGateway<UserListAnswer>(baseUrl, LIST_USERS, { data: '{}' }, manager)).content.allUsers;
    const email = 'cluster.new@halvorsen.example';
    // The other instance has read the account's users before: its directory holds them.
    expect((await listAt(b)).map((user) => user.email)).not.toContain(email);

    const created = await askGateway<{ user: AccountUser }>(
      a,
      COGNITO_ACTIONS,
      {
        action: 'createUser',
        username: null,
        data: JSON.stringify({
          email,
          given_name: 'Ada',
          family_name: 'Moen',
          local: 'en-US',
          groupName: 'AWSPortalUser',
          enabled: true,
        }),
      },
      manager,
    );
    expect(created.statusCode, JSON.stringify(created.content)).toBe(200);
    expect((await listAt(b)).find((user) => user.email === email)?.status).toBe('Invited');

    const deactivated = await askGateway(
      a,
      COGNITO_ACTIONS,
      { action: 'deactivate', username: email, data: '{}' },
      manager,
    );
    expect(deactivated.statusCode, JSON.stringify(deactivated.content)).toBe(200);
    expect((await listAt(b)).find((user) => user.email === email)?.status).toBe('Inactive');
  });

  it('loses no acknowledged cart write when one instance is killed mid-stream', async () => {
    const [, victim] = cluster.instances;
    if (!victim) throw new Error('no second instance');
    const itemIds = await catalogueItemIds(12);
    const shoppers = Array.from({ length: 4 }, newGuestCart);
    const acknowledged = shoppers.map(() => new Set<string>());
    let answered = 0;
    let answeredByVictim = 0;
    let failedAtVictim = 0;

    // Every shopper adds each item once, the writes alternating between the instances; the second instance
    // dies (SIGKILL: no shutdown) once ten writes have been answered, while others are in flight.
    await Promise.all(
      shoppers.map(async (shopper, s) => {
        for (const [i, itemId] of itemIds.entries()) {
          const baseUrl = (s + i) % 2 === 0 ? a : b;
          const answer = await guest(
            baseUrl,
            'saveItemToQuoteBlink',
            { catalogItemId: itemId, qty: 1 },
            shopper,
          )
            .then((envelope) => envelope.statusCode)
            .catch(() => null);
          if (answer === 200) {
            acknowledged[s]?.add(itemId);
            answered++;
            if (baseUrl === b) answeredByVictim++;
            if (answered === 10) victim.process.kill('SIGKILL');
          } else if (baseUrl === b) {
            failedAtVictim++;
          }
        }
      }),
    );

    expect(answeredByVictim).toBeGreaterThan(0);
    expect(failedAtVictim).toBeGreaterThan(0);
    for (const [s, shopper] of shoppers.entries()) {
      const inCart = new Set((await cartAt(a, shopper)).lines.map((line) => line.catalogItemId));
      for (const itemId of acknowledged[s] ?? [])
        expect(inCart, `shopper ${s}, item ${itemId}`).toContain(itemId);
    }
  });
});
