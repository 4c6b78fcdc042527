import { APPROVAL_CRM_TYPES, type ApprovalList, type DomainDetails } from '@storefront/contracts';
import { contacts } from '@storefront/crm/db/schema';
import { type SeededCrm, testEngines } from '@storefront/crm/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_TEMPLATE, prepareOrdering, readyTestCart } from '../../crm/test/fixtures/orders';
import { openRoleGateway, type RoleGateway, type RoleUser } from './role-gateway';

type ApprovalType = keyof typeof APPROVAL_CRM_TYPES;
const TYPES = Object.keys(APPROVAL_CRM_TYPES) as ApprovalType[];

/** A portal user and two managers of Halvorsen, and a manager of Marlowe. */
const USERS = {
  buyer: {
    username: 'limits-buyer@halvorsen.example',
    group: 'AWSPortalUser',
    contactId: '003APBUYER0000AAA',
    account: 'halvorsen',
  },
  manager: {
    username: 'limits-manager@halvorsen.example',
    group: 'AWSManager',
    contactId: '003APMANAGER00AAA',
    account: 'halvorsen',
  },
  other: {
    username: 'limits-manager@marlowe.example',
    group: 'AWSManager',
    contactId: '003APOTHER000AAA',
    account: 'marlowe',
  },
} as const satisfies Record<string, RoleUser>;
type User = keyof typeof USERS;

/**
 * Every approvals type through the gateway for each role (docs/decisions/0064-approvals-and-limits.md): a guest
 * is refused by the allow-list, a portal user sets no limits and decides nothing, a manager sets the account's
 * limits and decides its requests, and a manager of another account reaches nothing of Halvorsen's (403). The
 * account, contact and user type are the principal's whatever the browser names.
 */
describe.each(await testEngines())('approvals through the gateway on $name', (engine) => {
  let crm: SeededCrm;
  let storefront: DomainDetails;
  let accountOf: RoleGateway<User>['accountOf'];
  let call: RoleGateway<User>['callAs'];

  /** A fresh order of the buyer's over their order limit, waiting for approval: its request's id. */
  async function waitingRequest(): Promise<string> {
    const buyer = { storefrontId: storefront.storefrontId, accountId: crm.ids.halvorsen };
    const contactId = USERS.buyer.contactId;
    const { quoteId } = await readyTestCart(crm, {
      accountId: crm.ids.halvorsen,
      contactId,
      quantities: [1],
      poNumber: `GW-${Math.random().toString(36).slice(2, 10)}`,
    });
    const held = await crm.post('blinkCheckout', {
      ...buyer,
      contactId,
      quoteId,
      templateId: CHECKOUT_TEMPLATE,
    });
    expect(held.status).toBe(409);
    const list = await crm.get('getApprovals', { ...buyer, contactId });
    const request = list.body.mine.find((found) => found.quoteId === quoteId);
    if (!request) throw new Error('the order did not wait');
    return request.id;
  }

  /** A payload of each type about the request, as a page would send it (account and contact are bound anyway). */
  function payloadOf(type: ApprovalType, approvalId: string): object {
    switch (type) {
      case 'saveSpendingLimit':
        return { forContactId: USERS.buyer.contactId, orderLimit: '1', monthlyLimit: null };
      case 'getApproval':
        return { approvalId };
      case 'decideApproval':
        return { approvalId, decision: 'reject', comment: 'Through the gateway' };
      default:
        return {};
    }
  }

  beforeAll(async () => {
    ({ crm, storefront, accountOf, callAs: call } = await openRoleGateway(engine, USERS));
    // The checkout template the fixtures place orders with.
    await prepareOrdering(crm, {
      accountId: crm.ids.halvorsen,
      firstName: 'Unused',
      lastName: 'Buyer',
      email: 'u@h.example',
    });
    for (const [user, { username, contactId }] of Object.entries(USERS) as [User, (typeof USERS)[User]][]) {
      await crm.database.db.insert(contacts).values({
        id: contactId,
        accountId: accountOf(user),
        firstName: user,
        lastName: 'Tester',
        email: username,
      });
    }
    // The buyer's limit, set by their manager through the gateway: every order of theirs waits.
    const set = await call('manager', 'saveSpendingLimit', payloadOf('saveSpendingLimit', ''));
    expect(set.statusCode, JSON.stringify(set.content)).toBe(200);
  });
  afterAll(() => crm.close());

  it.each(TYPES)('%s: a guest is refused', async (type) => {
    const answer = await call('guest', type, payloadOf(type, await waitingRequest()));
    expect(answer.statusCode).toBe(403);
    expect(JSON.stringify(answer.content)).toContain('not allowed for AWSGuest');
  });

  const BUYER_MAY: readonly ApprovalType[] = ['getMySpending', 'getApprovals', 'getApproval'];
  it.each(TYPES)(
    '%s: the portal user reads their own requests and spend, sets and decides nothing',
    async (type) => {
      const answer = await call('buyer', type, payloadOf(type, await waitingRequest()));
      expect(answer.statusCode, JSON.stringify(answer.content)).toBe(BUYER_MAY.includes(type) ? 200 : 403);
    },
  );

  it.each(TYPES)("%s: the account's manager may", async (type) => {
    const answer = await call('manager', type, payloadOf(type, await waitingRequest()));
    expect(answer.statusCode, JSON.stringify(answer.content)).toBe(200);
  });

  it.each(TYPES)("%s: a manager of another account reaches nothing of Halvorsen's", async (type) => {
    const approvalId = await waitingRequest();
    const named = await call('other', type, { ...payloadOf(type, approvalId), accountId: crm.ids.halvorsen });
    expect(named.statusCode).toBe(403);
    const own = await call('other', type, payloadOf(type, approvalId));
    if (type === 'getApprovals') {
      const ids = (own.content as ApprovalList).toApprove.map((found) => found.id);
      expect(ids).not.toContain(approvalId);
    } else if (type === 'getSpendingLimits') {
      expect(JSON.stringify(own.content)).not.toContain(USERS.buyer.contactId);
    } else if (type !== 'getMySpending') {
      expect(own.statusCode).toBe(403);
    }
  });

  it("binds the manager's own contact: naming the buyer's does not make the buyer's request theirs to decide", async () => {
    const approvalId = await waitingRequest();
    const answer = await call('buyer', 'decideApproval', {
      ...payloadOf('decideApproval', approvalId),
      contactId: USERS.manager.contactId,
      userType: 'AWSManager',
    });
    expect(answer.statusCode).toBe(403);
  });
});
