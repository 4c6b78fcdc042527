import { REORDER_CRM_TYPES, type ReorderResult } from '@storefront/contracts';
import { type SeededCrm, testEngines } from '@storefront/crm/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlacedTestOrder, placeTestOrder, prepareOrdering } from '../../crm/test/fixtures/orders';
import { openRoleGateway, type RoleGateway, type RoleUser } from './role-gateway';

type ReorderType = keyof typeof REORDER_CRM_TYPES;
const REORDER_TYPES = Object.keys(REORDER_CRM_TYPES) as ReorderType[];

/** Who calls: a portal user and a manager of Halvorsen, and a portal user of Marlowe (and a guest). */
const USERS = {
  buyer: {
    username: 'reorder-buyer@halvorsen.example',
    group: 'AWSPortalUser',
    contactId: '003REBUYER000AAA',
    account: 'halvorsen',
  },
  manager: {
    username: 'reorder-manager@halvorsen.example',
    group: 'AWSManager',
    contactId: '003REMANAGER0AAA',
    account: 'halvorsen',
  },
  other: {
    username: 'reorder-buyer@marlowe.example',
    group: 'AWSPortalUser',
    contactId: '003REOTHER000AAA',
    account: 'marlowe',
  },
} as const satisfies Record<string, RoleUser>;
type User = keyof typeof USERS;

/**
 * Both reorder types through the gateway for each role (docs/decisions/0061-reorder.md): a guest is refused by
 * the allow-list; the account and contact are the principal's whatever the browser names, so a portal user and
 * a manager of the account reorder its order into their own carts, and a user of another account is refused
 * it (403), acting for their own account or naming Halvorsen's.
 */
describe.each(await testEngines())('reorder through the gateway on $name', (engine) => {
  let crm: SeededCrm;
  let order: PlacedTestOrder;
  let call: RoleGateway<User>['callAs'];

  /** A payload of each type as the reorder page sends it (account and contact are bound anyway). */
  const payloadOf = (type: ReorderType): object =>
    type === 'getReorder'
      ? { orderNumber: order.orderNumber }
      : { orderNumber: order.orderNumber, lines: [{ sku: order.skus[0], qty: 1 }] };

  beforeAll(async () => {
    ({ crm, callAs: call } = await openRoleGateway(engine, USERS));
    const ana = await prepareOrdering(crm, {
      accountId: crm.ids.halvorsen,
      firstName: 'Ana',
      lastName: 'Reorder',
      email: 'ana.reorder@h.example',
    });
    order = await placeTestOrder(crm, {
      accountId: crm.ids.halvorsen,
      contactId: ana,
      quantities: [2],
      poNumber: 'REORDER-ACCESS',
    });
  });
  afterAll(() => crm?.close());

  it.each(REORDER_TYPES)('%s: a guest is refused', async (type) => {
    const answer = await call('guest', type, payloadOf(type));
    expect(answer.statusCode).toBe(403);
    expect(JSON.stringify(answer.content)).toContain('not allowed for AWSGuest');
  });

  it.each(REORDER_TYPES)(
    '%s: a portal user and a manager of the account may reorder its order',
    async (type) => {
      for (const user of ['buyer', 'manager'] as const) {
        const answer = await call(user, type, payloadOf(type));
        expect(answer.statusCode, `${user}: ${JSON.stringify(answer.content)}`).toBe(200);
      }
    },
  );

  it.each(REORDER_TYPES)(
    "%s: a user of another account is refused Halvorsen's order, and Halvorsen's account",
    async (type) => {
      const own = await call('other', type, payloadOf(type));
      expect(own.statusCode).toBe(403);
      const named = await call('other', type, { ...payloadOf(type), accountId: crm.ids.halvorsen });
      expect(named.statusCode).toBe(403);
    },
  );

  it("puts the lines in the caller's own cart, whatever contact the browser names", async () => {
    const answer = await call<ReorderResult>('buyer', 'reorderLines', {
      ...payloadOf('reorderLines'),
      contactId: USERS.manager.contactId,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.content.quote.contactId).toBe(USERS.buyer.contactId);
  });
});
