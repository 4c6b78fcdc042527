import {
  type DomainDetails,
  REQUISITION_LIST_CRM_TYPES,
  type RequisitionListSummary,
} from '@storefront/contracts';
import { type SeededCrm, testEngines } from '@storefront/crm/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openRoleGateway, type RoleGateway, type RoleUser } from './role-gateway';

type ListType = keyof typeof REQUISITION_LIST_CRM_TYPES;
const LIST_TYPES = Object.keys(REQUISITION_LIST_CRM_TYPES) as ListType[];

/** Who calls: a guest, a portal user and a manager of Halvorsen, and a portal user of Marlowe. */
const USERS = {
  buyer: {
    username: 'lists-buyer@halvorsen.example',
    group: 'AWSPortalUser',
    contactId: '003RLBUYER0000AAA',
    account: 'halvorsen',
  },
  manager: {
    username: 'lists-manager@halvorsen.example',
    group: 'AWSManager',
    contactId: '003RLMANAGER00AAA',
    account: 'halvorsen',
  },
  other: {
    username: 'lists-buyer@marlowe.example',
    group: 'AWSPortalUser',
    contactId: '003RLOTHER000AAA',
    account: 'marlowe',
  },
} as const satisfies Record<string, RoleUser>;
type User = keyof typeof USERS;

/**
 * Every requisition list type through the gateway for each role (docs/decisions/0062-requisition-lists.md): a
 * guest is refused by the allow-list; the account and contact are the principal's whatever the browser names,
 * so a portal user and a manager reach their own and their account's shared lists, a manager no colleague's
 * private one, and a user of another account nothing of Halvorsen's (403).
 */
describe.each(await testEngines())('requisition lists through the gateway on $name', (engine) => {
  let crm: SeededCrm;
  let storefront: DomainDetails;
  let call: RoleGateway<User>['callAs'];
  /** The buyer's private list, and a list of theirs shared read-only with the account. */
  let privateList: RequisitionListSummary;
  let sharedList: RequisitionListSummary;
  let sku: string;
  const throwaway: string[] = [];

  /** A payload of each type about `list`, as a page would send it (account and contact are bound anyway). */
  function payloadOf(type: ListType, list: RequisitionListSummary, lineId: string): object {
    const listId = list.listId;
    switch (type) {
      case 'getRequisitionLists':
        return {};
      case 'createRequisitionList':
        return { name: 'Made through the gateway' };
      case 'updateRequisitionList':
        return { listId, name: list.name };
      case 'addToRequisitionList':
        return { listId, entries: [{ sku, qty: 1 }] };
      case 'updateRequisitionListLines':
        return { listId, lines: [{ lineId, qty: 2 }] };
      case 'removeRequisitionListLines':
        return { listId, lineIds: [lineId] };
      case 'addRequisitionListToCart':
        return { listId, lineIds: [lineId] };
      default:
        return { listId };
    }
  }

  /** A fresh list of the buyer's with one line, shared as asked: each call below may change or delete it. */
  async function listOfBuyer(sharing: 'private' | 'read' | 'edit') {
    const scope = {
      storefrontId: storefront.storefrontId,
      accountId: crm.ids.halvorsen,
      contactId: USERS.buyer.contactId,
    };
    const made = await crm.post('addToRequisitionList', {
      ...scope,
      newListName: `Kit ${sharing}`,
      entries: [{ sku, qty: 1 }],
    });
    const list = made.body.list;
    throwaway.push(list.listId);
    if (sharing !== 'private')
      await crm.post('updateRequisitionList', { ...scope, listId: list.listId, sharing });
    const detail = await crm.get('getRequisitionList', { ...scope, listId: list.listId });
    return { list: { ...list, sharing }, lineId: detail.body.lines[0]?.lineId ?? '' };
  }

  beforeAll(async () => {
    ({ crm, storefront, callAs: call } = await openRoleGateway(engine, USERS));
    const page = await crm.post('retrieveCatalogNG', {
      storefrontId: storefront.storefrontId,
      accountId: crm.ids.halvorsen,
    });
    sku = page.body.items[0]?.sku ?? '';
    expect(sku).not.toBe('');
    privateList = (await listOfBuyer('private')).list;
    sharedList = (await listOfBuyer('read')).list;
    throwaway.splice(0);
  });
  afterAll(() => crm.close());
  // Each test's lists go with it, so the buyer stays under the lists a buyer may keep.
  afterEach(async () => {
    const scope = {
      storefrontId: storefront.storefrontId,
      accountId: crm.ids.halvorsen,
      contactId: USERS.buyer.contactId,
    };
    for (const listId of throwaway.splice(0)) await crm.post('deleteRequisitionList', { ...scope, listId });
  });

  it.each(LIST_TYPES)('%s: a guest is refused', async (type) => {
    const { list, lineId } = await listOfBuyer('read');
    const answer = await call('guest', type, payloadOf(type, list, lineId));
    expect(answer.statusCode).toBe(403);
    expect(JSON.stringify(answer.content)).toContain('not allowed for AWSGuest');
  });

  it.each(LIST_TYPES)('%s: the portal user who owns the list may', async (type) => {
    const { list, lineId } = await listOfBuyer('private');
    const answer = await call('buyer', type, payloadOf(type, list, lineId));
    expect(answer.statusCode, JSON.stringify(answer.content)).toBe(200);
  });

  const READS: readonly ListType[] = [
    'getRequisitionLists',
    'getRequisitionList',
    'createRequisitionList',
    'duplicateRequisitionList',
    'addRequisitionListToCart',
  ];
  it.each(LIST_TYPES)(
    "%s: a manager reads, copies and orders from a colleague's read-only shared list, never changes it",
    async (type) => {
      const { list, lineId } = await listOfBuyer('read');
      const answer = await call('manager', type, payloadOf(type, list, lineId));
      expect(answer.statusCode, JSON.stringify(answer.content)).toBe(READS.includes(type) ? 200 : 403);
    },
  );

  it.each(LIST_TYPES.filter((type) => !['getRequisitionLists', 'createRequisitionList'].includes(type)))(
    "%s: a manager is refused a colleague's private list, even naming the colleague's contact",
    async (type) => {
      const { list, lineId } = await listOfBuyer('private');
      const answer = await call('manager', type, {
        ...payloadOf(type, list, lineId),
        contactId: USERS.buyer.contactId,
      });
      expect(answer.statusCode).toBe(403);
    },
  );

  it.each(LIST_TYPES)(
    "%s: a user of another account is refused Halvorsen's list, and Halvorsen's account",
    async (type) => {
      const { list, lineId } = await listOfBuyer('edit');
      const own = await call('other', type, payloadOf(type, list, lineId));
      const named = await call('other', type, {
        ...payloadOf(type, list, lineId),
        accountId: crm.ids.halvorsen,
      });
      expect(named.statusCode).toBe(403);
      // Acting for their own account, only the types that name no list answer, and none shows Halvorsen's.
      if (type === 'getRequisitionLists') {
        const lists = (own.content as { lists: RequisitionListSummary[] }).lists.map((found) => found.listId);
        expect(lists).not.toContain(list.listId);
        expect(lists).not.toContain(sharedList.listId);
      } else if (type !== 'createRequisitionList') {
        expect(own.statusCode).toBe(403);
      }
    },
  );

  it("lists a manager's view: the account's shared lists, not a colleague's private ones", async () => {
    const answer = await call<{ lists: RequisitionListSummary[] }>('manager', 'getRequisitionLists', {});
    const ids = answer.content.lists.map((list) => list.listId);
    expect(ids).toContain(sharedList.listId);
    expect(ids).not.toContain(privateList.listId);
  });
});
