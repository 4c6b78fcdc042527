import { COST_CENTRE_CRM_TYPES, type CostCentre, type DomainDetails } from '@storefront/contracts';
import { type SeededCrm, testEngines } from '@storefront/crm/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRoleGateway, type RoleGateway, type RoleUser } from './role-gateway';

type CostCentreType = keyof typeof COST_CENTRE_CRM_TYPES;
const TYPES = Object.keys(COST_CENTRE_CRM_TYPES) as CostCentreType[];
const MANAGERS_ONLY: readonly CostCentreType[] = [
  'saveCostCentre',
  'setCostCentreActive',
  'saveCostCentreSettings',
];

/** Who calls: a portal user and a manager of Halvorsen, and a manager of Marlowe. */
const USERS = {
  buyer: {
    username: 'cc-buyer@halvorsen.example',
    group: 'AWSPortalUser',
    contactId: '003CCBUYER0000AAA',
    account: 'halvorsen',
  },
  manager: {
    username: 'cc-manager@halvorsen.example',
    group: 'AWSManager',
    contactId: '003CCMANAGER00AAA',
    account: 'halvorsen',
  },
  otherManager: {
    username: 'cc-manager@marlowe.example',
    group: 'AWSManager',
    contactId: '003CCOTHER000AAA',
    account: 'marlowe',
  },
} as const satisfies Record<string, RoleUser>;
type User = keyof typeof USERS;

/**
 * Every cost centre type through the gateway for each role (docs/decisions/0063-cost-centres.md): a guest is
 * refused by the allow-list, a portal user reads the usable codes and charges their own cart but changes
 * nothing, a manager keeps the account's codes, and a manager of another account has no say over them (403),
 * whatever account or code the browser names.
 */
describe.each(await testEngines())('cost centres through the gateway on $name', (engine) => {
  let crm: SeededCrm;
  let storefront: DomainDetails;
  let call: RoleGateway<User>['callAs'];
  let usable: CostCentre;
  let closed: CostCentre;
  /** Each caller's own cart. */
  const carts = {} as Record<User, string>;

  /** A payload of each type about Halvorsen's usable code, on the caller's own cart. */
  function payloadOf(type: CostCentreType, user: User | 'guest'): object {
    const quoteId = user === 'guest' ? 'q-none' : carts[user];
    switch (type) {
      case 'saveCostCentre':
        return { costCentreId: usable.id, code: usable.code, name: usable.name, budget: 5000 };
      case 'setCostCentreActive':
        return { costCentreId: usable.id, active: true };
      case 'saveCostCentreSettings':
        return { required: false };
      case 'getQuoteCostCentre':
        return { quoteId };
      case 'setQuoteCostCentre':
        return { quoteId, costCentreId: usable.id };
      default:
        return {};
    }
  }

  beforeAll(async () => {
    let accountOf: RoleGateway<User>['accountOf'];
    ({ crm, storefront, accountOf, callAs: call } = await openRoleGateway(engine, USERS));
    for (const [user, { contactId }] of Object.entries(USERS) as [User, (typeof USERS)[User]][]) {
      const cart = await crm.post('startNewCart', {
        storefrontId: storefront.storefrontId,
        accountId: accountOf(user),
        contactId,
      });
      carts[user] = cart.body.quote.id;
    }
    const halvorsen = { storefrontId: storefront.storefrontId, accountId: crm.ids.halvorsen };
    const add = async (fields: object) => {
      const { body } = await crm.post('saveCostCentre', { ...halvorsen, ...fields });
      if (body.saveStatus !== 'SUCCESS') throw new Error(body.message);
      return body.costCentre;
    };
    usable = await add({ code: 'GW-GRANT', name: 'Gateway grant' });
    closed = await add({ code: 'GW-CLOSED', name: 'Closed', active: false });
  });
  afterAll(() => crm?.close());

  it.each(TYPES)('%s: a guest is refused', async (type) => {
    const answer = await call('guest', type, payloadOf(type, 'guest'));
    expect(answer.statusCode).toBe(403);
    expect(JSON.stringify(answer.content)).toContain('not allowed for AWSGuest');
  });

  it.each(TYPES)('%s: a portal user reads and charges their own cart, and changes nothing', async (type) => {
    const answer = await call('buyer', type, payloadOf(type, 'buyer'));
    if (MANAGERS_ONLY.includes(type)) {
      expect(answer.statusCode).toBe(403);
      expect(JSON.stringify(answer.content)).toContain('not allowed for AWSPortalUser');
    } else expect(answer.statusCode, JSON.stringify(answer.content)).toBe(200);
  });

  it.each(TYPES)("%s: the account's manager may", async (type) => {
    const answer = await call('manager', type, payloadOf(type, 'manager'));
    expect(answer.statusCode, JSON.stringify(answer.content)).toBe(200);
  });

  it.each(TYPES)("%s: another account's manager is refused Halvorsen's code and account", async (type) => {
    const named = await call('otherManager', type, {
      ...payloadOf(type, 'otherManager'),
      accountId: crm.ids.halvorsen,
    });
    expect(named.statusCode).toBe(403);
    const own = await call('otherManager', type, payloadOf(type, 'otherManager'));
    // Acting for their own account, the types naming no code answer Marlowe's, never Halvorsen's.
    if (type === 'getCostCentres') {
      const codes = (own.content as { costCentres: CostCentre[] }).costCentres.map((code) => code.id);
      expect(codes).not.toContain(usable.id);
    } else if (type === 'getQuoteCostCentre' || type === 'saveCostCentreSettings') {
      expect(own.statusCode).toBe(200);
    } else expect(own.statusCode).toBe(403);
  });

  it("shows a portal user the usable codes only, a manager every one with the account's contacts", async () => {
    const buyer = await call<{ canManage: boolean; costCentres: CostCentre[] }>('buyer', 'getCostCentres', {
      userType: 'AWSManager',
    });
    expect(buyer.content.canManage).toBe(false);
    expect(buyer.content.costCentres.map((code) => code.id)).not.toContain(closed.id);
    const manager = await call<{ canManage: boolean; costCentres: CostCentre[] }>(
      'manager',
      'getCostCentres',
      {},
    );
    expect(manager.content.canManage).toBe(true);
    expect(manager.content.costCentres.map((code) => code.id)).toContain(closed.id);
  });

  it("refuses a portal user a code that cannot be charged, and a colleague's cart", async () => {
    const inactive = await call('buyer', 'setQuoteCostCentre', {
      quoteId: carts.buyer,
      costCentreId: closed.id,
    });
    expect(inactive.statusCode).toBe(400);
    expect(JSON.stringify(inactive.content)).toContain('GW-CLOSED (Closed) is no longer active.');
    const colleague = await call('manager', 'setQuoteCostCentre', {
      quoteId: carts.buyer,
      costCentreId: usable.id,
    });
    expect(colleague.statusCode).toBe(403);
  });
});
