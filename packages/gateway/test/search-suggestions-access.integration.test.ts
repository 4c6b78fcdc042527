import type { DomainDetails, SearchSuggestions } from '@storefront/contracts';
import { type SeededCrm, testEngines } from '@storefront/crm/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, catalogueItems } from '../../crm/src/db/schema';
import { openRoleGateway, type RoleGateway, type RoleUser } from './role-gateway';

/** A buyer of Halvorsen (its own catalogue) and one of Marlowe (the Full catalogue), and guests. */
const USERS = {
  halvorsen: {
    username: 'suggest-buyer@halvorsen.example',
    group: 'AWSPortalUser',
    contactId: '003SUGGESTHAL0AA',
    account: 'halvorsen',
  },
  marlowe: {
    username: 'suggest-buyer@marlowe.example',
    group: 'AWSPortalUser',
    contactId: '003SUGGESTMAR0AA',
    account: 'marlowe',
  },
} as const satisfies Record<string, RoleUser>;
type User = keyof typeof USERS;

/** A product name only Halvorsen's catalogue has. */
const ONLY_HALVORSEN = 'Zephyrine lysis buffer, Halvorsen formulation';

/**
 * Suggestions through the gateway (issue 34): guests and signed-in buyers get them, each for the catalogue of
 * the account the principal acts for whatever the browser names; recent searches are the signed-in contact's.
 */
describe.each(await testEngines())('search suggestions through the gateway on $name', (engine) => {
  let crm: SeededCrm;
  let storefront: DomainDetails;
  let call: RoleGateway<User>['callAs'];

  const suggest = async (user: User | 'guest', text: string, extra: object = {}) => {
    const answer = await call<SearchSuggestions>(user, 'getSearchSuggestions', { text, ...extra });
    expect(answer.statusCode, JSON.stringify(answer.content)).toBe(200);
    return answer.content;
  };

  beforeAll(async () => {
    ({ crm, storefront, callAs: call } = await openRoleGateway(engine, USERS));
    const db = crm.database.db;
    const [account] = await db.select().from(accounts).where(eq(accounts.id, crm.ids.halvorsen));
    const [item] = await db
      .select({ id: catalogueItems.id })
      .from(catalogueItems)
      .where(eq(catalogueItems.catalogueId, account?.catalogueId ?? ''))
      .limit(1);
    await db
      .update(catalogueItems)
      .set({ name: ONLY_HALVORSEN })
      .where(eq(catalogueItems.id, item?.id ?? ''));
  });
  afterAll(() => crm?.close());

  it("suggests to a guest and to each buyer their own account's catalogue only", async () => {
    expect((await suggest('guest', 'antibody')).products.length).toBeGreaterThan(0);
    expect((await suggest('halvorsen', 'zephyrine')).products.map((product) => product.name)).toEqual([
      ONLY_HALVORSEN,
    ]);
    expect((await suggest('marlowe', 'zephyrine')).products).toEqual([]);
    expect((await suggest('guest', 'zephyrine')).products).toEqual([]);
  });

  it("refuses a buyer or a guest naming Halvorsen's account, and another storefront", async () => {
    for (const user of ['marlowe', 'guest'] as const) {
      const answer = await call(user, 'getSearchSuggestions', {
        text: 'zephyrine',
        accountId: crm.ids.halvorsen,
      });
      expect(answer.statusCode).toBe(403);
      expect(JSON.stringify(answer.content)).not.toContain('Zephyrine');
    }
    const elsewhere = await call('halvorsen', 'getSearchSuggestions', {
      text: 'zephyrine',
      storefrontId: crm.ids.storefrontB,
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(storefront.storefrontId).not.toBe(crm.ids.storefrontB);
  });

  it("keeps a signed-in buyer's recent searches as their own, and none for a guest", async () => {
    // The contact is the principal's: one the browser names is not used.
    const kept = await call('halvorsen', 'recordRecentSearch', {
      text: 'cd4 apc',
      contactId: USERS.marlowe.contactId,
    });
    expect(kept.statusCode, JSON.stringify(kept.content)).toBe(200);
    expect((await suggest('halvorsen', 'cd4')).recent).toEqual(['cd4 apc']);
    expect((await suggest('marlowe', 'cd4')).recent).toEqual([]);
    expect((await suggest('marlowe', 'cd4', { contactId: USERS.halvorsen.contactId })).recent).toEqual([]);
    expect((await suggest('guest', 'cd4', { contactId: USERS.halvorsen.contactId })).recent).toEqual([]);
    const guest = await call('guest', 'recordRecentSearch', { text: 'cd4 apc' });
    expect(guest.statusCode).toBe(403);
  });
});
