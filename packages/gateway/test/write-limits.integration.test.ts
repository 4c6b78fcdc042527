import { randomUUID } from 'node:crypto';
import { type CrmType, crmEndpoint, type DomainDetails, type Envelope } from '@storefront/contracts';
import { openSeededCrm, type SeededCrm, TEST_SERVICE_TOKEN, testEngines } from '@storefront/crm/testing';
import type { Database } from '@storefront/database';
import { ensureUser, migrateIdentity } from '@storefront/identity';
import { ADMIN } from '@storefront/identity/testing';
import { memorySharedState, type SharedState } from '@storefront/shared-state';
import { testStateStores } from '@storefront/shared-state/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCognitoTokenVerifier, createGateway, type Gateway } from '../src/index';
import { WRITE_BUDGETS, type WriteKind } from '../src/write-limits';
import {
  askGateway,
  ensurePortalUser,
  type IdentityFetch,
  ISSUER_BASE,
  identityService,
  PASSWORD,
  signIn,
} from './user-pools';

const CALL = 'query Call($data: AWSJSON) { salesforceActions(action: "makeCall", data: $data) }';
const COGNITO_ACTIONS =
  'query Act($action: String!, $data: AWSJSON, $username: String) { cognitoActions(action: $action, data: $data, username: $username) }';

const OFFICE = '198.51.100.7';
const ELSEWHERE = '203.0.113.40';
const perMinute = (kind: WriteKind, scope: 'perUser' | 'perAddress') =>
  WRITE_BUDGETS[kind][scope][0]?.limit ?? 0;

/** Who writes: a signed-in user by their token, or a guest by a cart secret; from a client address. */
interface Caller {
  token?: string;
  guestCart?: string;
  clientAddress: string;
}

/** One write as the storefront sends it: a makeCall of a CRM type, or a manager's cognitoActions action. */
type Write = { crm: CrmType; payload: Record<string, unknown> } | { action: string; data: object };

function send(gateway: Gateway, caller: Caller, write: Write): Promise<Envelope> {
  const ask = { token: caller.token, guestCart: caller.guestCart, clientAddress: caller.clientAddress };
  if ('action' in write) {
    return askGateway(gateway, 'cognitoActions', COGNITO_ACTIONS, {
      ...ask,
      variables: { action: write.action, username: null, data: JSON.stringify(write.data) },
    });
  }
  const data = { callType: 'POST', endpoint: crmEndpoint(write.crm), payload: JSON.stringify(write.payload) };
  return askGateway(gateway, 'salesforceActions', CALL, {
    ...ask,
    variables: { data: JSON.stringify(data) },
  });
}

const BUYERS = {
  halvorsen: { username: 'buyer@halvorsen.example', contactId: '003ANA000000000AAA' },
  marlowe: { username: 'buyer@marlowe.example', contactId: '003MIA000000000AAA' },
} as const;
type Account = keyof typeof BUYERS;
const managerOf = (account: Account) => `manager@${account}.example`;

const guestCart = () => crypto.randomUUID().replaceAll('-', '');
let invited = 0;

// The limits are the gateway's; one database engine is enough to answer behind them.
const [engine] = await testEngines();
if (!engine) throw new Error('no database engine to test on');
const stores = await testStateStores();

describe('writes past their budgets, through the gateway', () => {
  let crm: SeededCrm;
  let database: Database;
  let identity: IdentityFetch;
  let storefront: DomainDetails;
  /** The CRM types that reached the CRM, in order. */
  const reached: string[] = [];
  const tokens = new Map<string, string>();
  /** Per account: a request to comment on, an instrument to file a case about, a course to enrol in. */
  const records = {} as Record<Account, { requestId: string; instrumentId: string; courseId: string }>;

  function gatewayOn(sharedState: SharedState): Gateway {
    return createGateway({
      apiKey: 'test-api-key',
      cacheTtlMs: 0,
      sharedState,
      crm: {
        baseUrl: 'http://crm.test',
        token: TEST_SERVICE_TOKEN,
        fetch: (request) => {
          reached.push(new URL(request.url).searchParams.get('type') ?? '');
          return crm.app.fetch(request);
        },
      },
      verifyToken: createCognitoTokenVerifier({ issuerBase: ISSUER_BASE, fetch: identity }),
      userPools: { endpoint: ISSUER_BASE, ...ADMIN, fetch: identity },
    });
  }

  /** Each kind of write: who makes it, and the write itself (a real one the CRM accepts where it can). */
  const writes: Record<WriteKind, { as: 'buyer' | 'manager' | 'guest'; write: (account: Account) => Write }> =
    {
      serviceRequest: {
        as: 'buyer',
        write: () => ({
          crm: 'createServiceRequest',
          payload: {
            subject: 'Freezer alarm log',
            priority: 'Medium',
            authorName: 'Ana',
            fields: { category: 'Returns', description: 'The log is attached.' },
          },
        }),
      },
      comment: {
        as: 'buyer',
        write: (account) => ({
          crm: 'addRequestComment',
          payload: { requestId: records[account].requestId, authorName: 'Ana', body: 'Any news?' },
        }),
      },
      supportCase: {
        as: 'buyer',
        write: (account) => ({
          crm: 'createSupportCase',
          payload: {
            instrumentId: records[account].instrumentId,
            symptoms: 'The stream wanders during sorts.',
            priority: 'High',
            contactName: 'Ana',
          },
        }),
      },
      enrolment: {
        as: 'buyer',
        write: (account) => ({
          crm: 'requestEnrolment',
          payload: { courseId: records[account].courseId, attendees: 1, message: 'For our new technician.' },
        }),
      },
      costCentre: {
        as: 'manager',
        write: () => ({
          crm: 'saveCostCentre',
          payload: { code: `CC-${randomUUID().slice(0, 8)}`, name: 'Flow core' },
        }),
      },
      location: {
        as: 'buyer',
        write: () => ({
          crm: 'saveAccountLocation',
          payload: {
            locName: 'Cold Room 4',
            address: '77 Massachusetts Avenue',
            address2: '',
            city: 'Cambridge',
            state: 'massachusetts',
            zip: '02139',
            country: 'united states',
            firstName: 'Ana',
            lastName: 'Lima',
            phone: '+1 617 555 0100',
            email: 'ana.lima@halvorsen.example',
          },
        }),
      },
      cardStart: {
        as: 'buyer',
        write: () => ({
          crm: 'startSavingPaymentMethod',
          payload: { returnUrl: 'http://localhost:3000/billing/paymentmethods' },
        }),
      },
      userMail: {
        as: 'manager',
        write: () => ({
          action: 'createUser',
          data: {
            email: `invitee-${++invited}@outside.example`,
            given_name: 'Nina',
            family_name: 'Holm',
            local: 'en-US',
            groupName: 'AWSPortalUser',
            enabled: true,
          },
        }),
      },
      // No quote is ready to order here: the CRM refuses each, after the gateway has counted it.
      order: {
        as: 'buyer',
        write: () => ({ crm: 'blinkCheckout', payload: { quoteId: 'a0Q0', templateId: 't' } }),
      },
      guestCheckout: {
        as: 'guest',
        write: () => ({
          crm: 'createGuestBuyer',
          payload: {
            quoteId: 'a0Q0',
            companyName: 'Lumen Cell Labs',
            firstName: 'Ana',
            lastName: 'Lima',
            email: 'ana.lima@lumen.example',
            phone: '+1 617 555 0100',
          },
        }),
      },
    };

  const callerOf = (as: 'buyer' | 'manager', account: Account, clientAddress = OFFICE): Caller => ({
    token: tokens.get(as === 'buyer' ? BUYERS[account].username : managerOf(account)),
    clientAddress,
  });

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    database = crm.database.database;
    await migrateIdentity(database);
    identity = identityService(database, () => new Date());
    const found = await gatewayOn(memorySharedState()).resolveDomain('localhost');
    if (!found) throw new Error('The demo has no storefront at localhost.');
    storefront = found;
    for (const account of Object.keys(BUYERS) as Account[]) {
      const { username, contactId } = BUYERS[account];
      const attributes = {
        'custom:salesforceAccountId': crm.ids[account],
        'custom:salesforceContactId': contactId,
      };
      await ensurePortalUser(database, storefront, username, attributes);
      await ensureUser(database, {
        poolId: storefront.awsUserPoolId,
        username: managerOf(account),
        password: PASSWORD,
        email: managerOf(account),
        givenName: 'Test',
        familyName: 'Manager',
        groups: ['AWSManager'],
        attributes,
        status: 'CONFIRMED',
      });
      for (const name of [username, managerOf(account)]) {
        tokens.set(name, (await signIn(identity, storefront.clientId, name)).AccessToken);
      }
      const scope = { storefrontId: crm.ids.storefrontA, accountId: crm.ids[account], contactId };
      const request = await crm.post('createServiceRequest', {
        ...scope,
        subject: 'Freezer alarm log',
        priority: 'Medium',
        authorName: username,
        fields: { category: 'Returns', description: 'The log is attached.' },
      });
      const base = await crm.post('getInstallBase', scope);
      const courses = await crm.post('getCourses', scope);
      records[account] = {
        requestId: request.body.id,
        instrumentId: base.body.instruments[0]?.id ?? '',
        courseId: courses.body.courses[0]?.id ?? '',
      };
      for (const [name, id] of Object.entries(records[account]))
        expect(id, `${account} ${name}`).toBeTruthy();
    }
  });
  afterAll(() => crm.close());

  describe.each(
    (Object.keys(writes) as WriteKind[])
      .filter((kind) => writes[kind].as !== 'guest')
      .map((kind) => ({ kind })),
  )('$kind', ({ kind }) => {
    it("is refused 429 past a user's budget, saying how long to wait; another user from the same address is not", async () => {
      const gateway = gatewayOn(memorySharedState());
      const { as, write } = writes[kind];
      if (as === 'guest') throw new Error('signed-in writes only');
      const budget = perMinute(kind, 'perUser');
      expect(budget).toBeLessThan(perMinute(kind, 'perAddress'));
      for (let count = 0; count < budget; count++) {
        const answer = await send(gateway, callerOf(as, 'halvorsen'), write('halvorsen'));
        // Accepted, or refused by the CRM for what it says (an order with nothing to order).
        expect(answer.statusCode, JSON.stringify(answer.content)).toBe(kind === 'order' ? 404 : 200);
      }
      const before = reached.length;
      const sample = write('halvorsen');
      const refused = await send(gateway, callerOf(as, 'halvorsen'), sample);
      expect(refused.statusCode).toBe(429);
      expect(refused.content).toMatch(
        new RegExp(`^Too many ${WRITE_BUDGETS[kind].what}; try again in \\d+ seconds?\\.$`),
      );
      // The write's own CRM call (an invitation's starts with the contact) was never made.
      const own = 'crm' in sample ? sample.crm : 'contactInSF';
      expect(reached.slice(before), 'the refused write reached the CRM').not.toContain(own);
      // The budget is the user's wherever they write from.
      const moved = await send(gateway, callerOf(as, 'halvorsen', ELSEWHERE), write('halvorsen'));
      expect(moved.statusCode).toBe(429);

      const other = await send(gateway, callerOf(as, 'marlowe'), write('marlowe'));
      expect(other.statusCode, JSON.stringify(other.content)).toBe(kind === 'order' ? 404 : 200);
    });
  });

  it("refuses guest checkouts 429 past an address's budget, whatever cart secret they carry; another address is not", async () => {
    const gateway = gatewayOn(memorySharedState());
    const write = writes.guestCheckout.write('halvorsen');
    const budget = perMinute('guestCheckout', 'perAddress');
    for (let count = 0; count < budget; count++) {
      const answer = await send(gateway, { guestCart: guestCart(), clientAddress: OFFICE }, write);
      expect(answer.statusCode, JSON.stringify(answer.content)).toBe(404);
    }
    const refused = await send(gateway, { guestCart: guestCart(), clientAddress: OFFICE }, write);
    expect(refused).toMatchObject({ statusCode: 429 });
    expect(refused.content).toMatch(
      /^Too many guest checkouts from your network; try again in \d+ seconds?\.$/,
    );
    // An IPv6 client picks any address of its /64: they count as one.
    const v6 = (host: string) => ({ guestCart: guestCart(), clientAddress: `2001:db8:7:1::${host}` });
    for (let count = 0; count < budget; count++)
      expect((await send(gateway, v6(`${count}`), write)).statusCode).toBe(404);
    expect((await send(gateway, v6('ffff'), write)).statusCode).toBe(429);

    const elsewhere = await send(gateway, { guestCart: guestCart(), clientAddress: ELSEWHERE }, write);
    expect(elsewhere.statusCode).toBe(404);
  });

  it('keeps the address budget for its users together: past it, every user there is refused, saying so', async () => {
    const gateway = gatewayOn(memorySharedState());
    const { write } = writes.cardStart;
    const [perUser, perAddress] = [perMinute('cardStart', 'perUser'), perMinute('cardStart', 'perAddress')];
    expect(perAddress).toBeLessThanOrEqual(2 * perUser);
    // Two buyers at one address spend it between them, each within their own budget.
    for (let count = 0; count < perAddress; count++) {
      const account = count < perUser ? 'halvorsen' : 'marlowe';
      expect((await send(gateway, callerOf('buyer', account), write(account))).statusCode).toBe(200);
    }
    const refused = await send(gateway, callerOf('manager', 'marlowe'), write('marlowe'));
    expect(refused.statusCode).toBe(429);
    expect(refused.content).toMatch(
      /^Too many attempts to add a card from your network; try again in \d+ seconds?\.$/,
    );
    const elsewhere = await send(gateway, callerOf('manager', 'marlowe', ELSEWHERE), write('marlowe'));
    expect(elsewhere.statusCode).toBe(200);
  });

  it("says in minutes how long to wait once the hour's budget is spent", async () => {
    let now = Date.now();
    const gateway = gatewayOn(memorySharedState({ now: () => now }));
    const { write } = writes.serviceRequest;
    const [minute, hour] = WRITE_BUDGETS.serviceRequest.perUser;
    if (!minute || !hour) throw new Error('service requests have a budget a minute and an hour');
    const halvorsen = callerOf('buyer', 'halvorsen');
    for (let count = 0; count < hour.limit; count++) {
      if (count > 0 && count % minute.limit === 0) now += minute.windowMs;
      expect((await send(gateway, halvorsen, write('halvorsen'))).statusCode).toBe(200);
    }
    now += minute.windowMs;
    const refused = await send(gateway, halvorsen, write('halvorsen'));
    expect(refused.statusCode).toBe(429);
    const left = Math.ceil((hour.windowMs - (hour.limit / minute.limit) * minute.windowMs) / minute.windowMs);
    expect(refused.content).toBe(`Too many service requests; try again in ${left} minutes.`);
  });

  describe.each(stores)('on the shared state in $name', (store) => {
    it('spends one budget across two instances', async () => {
      const { first, second, close } = await store.open();
      try {
        const instances = [gatewayOn(first), gatewayOn(second)];
        const { write } = writes.cardStart;
        const budget = perMinute('cardStart', 'perUser');
        for (let count = 0; count < budget; count++) {
          const answer = await send(
            instances[count % 2] as Gateway,
            callerOf('buyer', 'halvorsen'),
            write('halvorsen'),
          );
          expect(answer.statusCode).toBe(200);
        }
        for (const gateway of instances) {
          expect((await send(gateway, callerOf('buyer', 'halvorsen'), write('halvorsen'))).statusCode).toBe(
            429,
          );
        }
      } finally {
        await close();
      }
    });
  });
});
