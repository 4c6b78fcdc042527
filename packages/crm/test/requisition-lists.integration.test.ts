import {
  failureOf,
  LIST_NAME_MAX,
  MAX_LINES_PER_LIST,
  MAX_LISTS_PER_OWNER,
  type RequisitionListSummary,
} from '@storefront/contracts';
import { and, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, catalogueItems, catalogues, productStock } from '../src/db/schema';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';

describe.each(await testEngines())('requisition lists on $name', (engine) => {
  let crm: SeededCrm;
  /** SKUs of Halvorsen's catalogue, and one the storefront sells others but not Halvorsen. */
  let skus: string[];
  let notForHalvorsen: string;
  let halvorsenCatalogue: string;

  /** A contact of Halvorsen (or another account): each test names its own, so their lists and carts are theirs. */
  const as = (contactId: string, accountId = crm.ids.halvorsen) => ({
    storefrontId: crm.ids.storefrontA,
    accountId,
    contactId,
  });
  const create = async (contactId: string, name: string) => {
    const { status, body } = await crm.post('createRequisitionList', { ...as(contactId), name });
    expect(status).toBe(200);
    return body;
  };
  const add = (contactId: string, listId: string, entries: { sku: string; qty: number }[]) =>
    crm.post('addToRequisitionList', { ...as(contactId), listId, entries });
  const read = (contactId: string, listId: string, accountId?: string) =>
    crm.get('getRequisitionList', { ...as(contactId, accountId), listId });
  const share = (contactId: string, listId: string, sharing: 'private' | 'read' | 'edit') =>
    crm.post('updateRequisitionList', { ...as(contactId), listId, sharing });
  const listNames = async (contactId: string) =>
    (await crm.get('getRequisitionLists', as(contactId))).body.lists.map(
      (list: RequisitionListSummary) => list.name,
    );

  /** A list of `owner` with the first `count` SKUs from `from`, quantities 1, 2, 3…. */
  const listWith = async (owner: string, name: string, from: number, count: number) => {
    const list = await create(owner, name);
    const entries = skus.slice(from, from + count).map((sku, index) => ({ sku, qty: index + 1 }));
    expect((await add(owner, list.listId, entries)).status).toBe(200);
    return list;
  };

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    const db = crm.database.db;
    const [account] = await db.select().from(accounts).where(eq(accounts.id, crm.ids.halvorsen));
    halvorsenCatalogue = account?.catalogueId ?? '';
    const own = await db
      .select({ sku: catalogueItems.sku })
      .from(catalogueItems)
      .where(and(eq(catalogueItems.catalogueId, halvorsenCatalogue), eq(catalogueItems.discontinued, false)))
      .orderBy(catalogueItems.sku);
    skus = own.map((row) => row.sku);
    const [other] = await db
      .select({ sku: catalogueItems.sku })
      .from(catalogueItems)
      .innerJoin(catalogues, eq(catalogues.id, catalogueItems.catalogueId))
      .where(and(eq(catalogues.storefrontId, crm.ids.storefrontA), notInArray(catalogueItems.sku, skus)))
      .limit(1);
    notForHalvorsen = other?.sku ?? '';
    expect(skus.length).toBeGreaterThan(60);
  });
  afterAll(() => crm.close());

  it('keeps SKUs and quantities, priced now for the account, with stock, and adds a SKU twice as one line', async () => {
    const list = await create('rl-keep', 'CD4 panel');
    expect(list).toMatchObject({ name: 'CD4 panel', sharing: 'private', isOwner: true, canEdit: true });
    const [a = '', b = ''] = skus;
    const first = await add('rl-keep', list.listId, [
      { sku: a.toLowerCase(), qty: 2 },
      { sku: b, qty: 5 },
    ]);
    expect(first.body).toMatchObject({ added: 2, refused: [] });
    await add('rl-keep', list.listId, [{ sku: a, qty: 3 }]);
    const [account] = await crm.database.db.select().from(accounts).where(eq(accounts.id, crm.ids.halvorsen));
    await crm.database.db.insert(productStock).values([
      {
        organisationId: account?.organisationId ?? '',
        sku: a,
        warehouse: 'RTM',
        quantity: 0,
        leadTimeDays: 9,
      },
      {
        organisationId: account?.organisationId ?? '',
        sku: a,
        warehouse: 'BOS',
        quantity: 12,
        leadTimeDays: 1,
      },
    ]);
    const { status, body } = await read('rl-keep', list.listId);
    expect(status).toBe(200);
    expect(body.lines.map((line) => [line.sku, line.qty])).toEqual([
      [a, 5],
      [b, 5],
    ]);
    const [line, other] = body.lines;
    expect(line?.name).toBeTruthy();
    // No stock recorded for the second; the first's per warehouse, as the product page reads it.
    expect(other?.stock).toBeNull();
    expect(line?.stock).toEqual([
      { warehouse: 'BOS', quantity: 12, leadTimeDays: 1 },
      { warehouse: 'RTM', quantity: 0, leadTimeDays: 9 },
    ]);
    expect(line?.unitPrice).toBeGreaterThan(0);
    expect(line?.lineTotal).toBeCloseTo((line?.unitPrice ?? 0) * 5, 2);
    // The price is the account's own: quick order prices the same SKU the same for Halvorsen.
    const quick = await crm.post('checkQuickOrder', {
      ...as('rl-keep'),
      rows: [{ line: 1, sku: a, qty: 5 }],
    });
    expect(quick.body.results[0]).toMatchObject({ status: 'matched', unitPrice: line?.unitPrice });
    expect(body.currency).toBe(quick.body.currency);
  });

  it('keeps out a SKU the account cannot order, saying why, and adds the rest', async () => {
    const list = await create('rl-refuse', 'Mixed');
    const { status, body } = await add('rl-refuse', list.listId, [
      { sku: skus[2] ?? '', qty: 1 },
      { sku: notForHalvorsen, qty: 1 },
      { sku: 'NOPE-1', qty: 1 },
    ]);
    expect(status).toBe(200);
    expect(body.added).toBe(1);
    expect(body.refused).toEqual([
      { sku: notForHalvorsen, message: expect.stringContaining("not in your account's catalogue") },
      { sku: 'NOPE-1', message: 'NOPE-1 is not a product number we know; check it against the catalogue.' },
    ]);
    const none = await add('rl-refuse', list.listId, [{ sku: 'NOPE-2', qty: 1 }]);
    expect(none.status).toBe(400);
    expect(failureOf(none.body).message).toContain('nothing was added: NOPE-2 is not a product number');
  });

  it('makes a new list when adding names one, as the product page does', async () => {
    const { status, body } = await crm.post('addToRequisitionList', {
      ...as('rl-new'),
      newListName: 'NGS prep for 96 samples',
      entries: [{ sku: skus[3] ?? '', qty: 96 }],
    });
    expect(status).toBe(200);
    expect(body.list).toMatchObject({ name: 'NGS prep for 96 samples', lineCount: 1, isOwner: true });
    const both = await crm.post('addToRequisitionList', {
      ...as('rl-new'),
      listId: body.list.listId,
      newListName: 'Another',
      entries: [{ sku: skus[3] ?? '', qty: 1 }],
    });
    expect(both.status).toBe(400);
  });

  it('sets quantities and removes lines; refuses a quantity that is not a positive whole number', async () => {
    const list = await listWith('rl-edit', 'Edit me', 4, 3);
    const lines = (await read('rl-edit', list.listId)).body.lines;
    const [first, second, third] = lines;
    const set = await crm.post('updateRequisitionListLines', {
      ...as('rl-edit'),
      listId: list.listId,
      lines: [{ lineId: first?.lineId, qty: 12 }],
    });
    expect(set.status).toBe(200);
    expect(set.body.lines.map((line) => line.qty)).toEqual([12, 2, 3]);
    for (const qty of [0, -1, 1.5, 100_001]) {
      const bad = await crm.post('updateRequisitionListLines', {
        ...as('rl-edit'),
        listId: list.listId,
        lines: [{ lineId: first?.lineId, qty }],
      });
      expect(bad.status, String(qty)).toBe(400);
      expect(failureOf(bad.body).field).toBe('lines.0.qty');
    }
    const removed = await crm.post('removeRequisitionListLines', {
      ...as('rl-edit'),
      listId: list.listId,
      lineIds: [second?.lineId, third?.lineId],
    });
    expect(removed.body.lines.map((line) => line.sku)).toEqual([first?.sku]);
    const gone = await crm.post('removeRequisitionListLines', {
      ...as('rl-edit'),
      listId: list.listId,
      lineIds: [second?.lineId],
    });
    expect(gone.status).toBe(400);
    expect(failureOf(gone.body).field).toBe('lineIds.0');
  });

  it('requires a name, at most so long and without NUL', async () => {
    for (const name of ['', '   ', 'x'.repeat(LIST_NAME_MAX + 1), 'CD4\u0000panel']) {
      const { status, body } = await crm.post('createRequisitionList', { ...as('rl-names'), name });
      expect(status, JSON.stringify(name)).toBe(400);
      expect(failureOf(body).field).toBe('name');
    }
    const renamed = await crm.post('updateRequisitionList', {
      ...as('rl-names'),
      listId: (await create('rl-names', 'Old')).listId,
      name: '  New name ',
    });
    expect(renamed.body.name).toBe('New name');
  });

  it('limits the lists one buyer keeps and the lines one list holds', async () => {
    for (let n = 0; n < MAX_LISTS_PER_OWNER; n++) await create('rl-many', `List ${n}`);
    const over = await crm.post('createRequisitionList', { ...as('rl-many'), name: 'One more' });
    expect(over.status).toBe(400);
    expect(failureOf(over.body).message).toContain(`${MAX_LISTS_PER_OWNER} lists already`);
    const copy = await crm.post('duplicateRequisitionList', {
      ...as('rl-many'),
      listId: (await crm.get('getRequisitionLists', as('rl-many'))).body.lists[0]?.listId,
    });
    expect(copy.status).toBe(400);

    const long = await create('rl-long', 'Long');
    const entries = skus.slice(0, MAX_LINES_PER_LIST).map((sku) => ({ sku, qty: 1 }));
    expect(entries).toHaveLength(MAX_LINES_PER_LIST);
    expect((await add('rl-long', long.listId, entries)).status).toBe(200);
    const full = await add('rl-long', long.listId, [{ sku: skus[MAX_LINES_PER_LIST] ?? '', qty: 1 }]);
    expect(full.status).toBe(400);
    expect(failureOf(full.body).message).toContain(`at most ${MAX_LINES_PER_LIST} lines`);
    // A SKU already on it is not another line.
    expect((await add('rl-long', long.listId, [{ sku: skus[0] ?? '', qty: 4 }])).status).toBe(200);
  });

  it('keeps a private list from colleagues (403) and from another account (403)', async () => {
    const list = await listWith('rl-owner', 'Private kit', 10, 2);
    const colleague = await read('rl-colleague', list.listId);
    expect(colleague.status).toBe(403);
    expect(await listNames('rl-colleague')).not.toContain('Private kit');
    // The same contact acting for another account of the storefront reaches nothing of Halvorsen's.
    expect((await read('rl-owner', list.listId, crm.ids.marlowe)).status).toBe(403);
    const other = await crm.post('addToRequisitionList', {
      ...as('rl-owner', crm.ids.marlowe),
      listId: list.listId,
      entries: [{ sku: skus[0] ?? '', qty: 1 }],
    });
    expect(other.status).toBe(403);
    for (const type of [
      'deleteRequisitionList',
      'duplicateRequisitionList',
      'addRequisitionListToCart',
    ] as const) {
      const answer = await crm.post(type, { ...as('rl-colleague'), listId: list.listId });
      expect(answer.status, type).toBe(403);
    }
    expect((await read('rl-owner', 'rql_none')).status).toBe(404);
    // Lists are a contact's: a call the gateway could bind no contact to is refused.
    const nobody = await crm.get('getRequisitionLists', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.halvorsen,
    });
    expect(nobody.status).toBe(403);
    expect(failureOf(nobody.body).errorCode).toBe('SIGN_IN_REQUIRED');
  });

  it('shares read-only: colleagues see it and add it to their cart, but cannot change it', async () => {
    const list = await listWith('rl-sharer', 'Shared read', 12, 2);
    expect((await share('rl-sharer', list.listId, 'read')).body.sharing).toBe('read');
    const seen = await read('rl-reader', list.listId);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ isOwner: false, canEdit: false, sharing: 'read' });
    expect(await listNames('rl-reader')).toContain('Shared read');
    const change = await add('rl-reader', list.listId, [{ sku: skus[0] ?? '', qty: 1 }]);
    expect(change.status).toBe(403);
    expect(failureOf(change.body).message).toContain('shared read-only');
    const qty = await crm.post('updateRequisitionListLines', {
      ...as('rl-reader'),
      listId: list.listId,
      lines: [{ lineId: seen.body.lines[0]?.lineId, qty: 9 }],
    });
    expect(qty.status).toBe(403);
    expect((await share('rl-reader', list.listId, 'edit')).status).toBe(403);
    const rename = await crm.post('updateRequisitionList', {
      ...as('rl-reader'),
      listId: list.listId,
      name: 'Mine',
    });
    expect(rename.status).toBe(403);
    expect(failureOf(rename.body).message).toContain('only the owner');
    const cart = await crm.post('addRequisitionListToCart', { ...as('rl-reader'), listId: list.listId });
    expect(cart.status).toBe(200);
    expect(cart.body.added).toBe(2);
    expect(cart.body.lines.map((line) => [line.sku, line.qty]).sort()).toEqual(
      seen.body.lines.map((line) => [line.sku, line.qty]).sort(),
    );
    // Back to private: the colleague no longer sees it.
    await share('rl-sharer', list.listId, 'private');
    expect((await read('rl-reader', list.listId)).status).toBe(403);
  });

  it('shares editable: a colleague changes its lines but only the owner renames or deletes it', async () => {
    const list = await listWith('rl-team', 'Team kit', 14, 1);
    await share('rl-team', list.listId, 'edit');
    const added = await add('rl-mate', list.listId, [{ sku: skus[15] ?? '', qty: 7 }]);
    expect(added.status).toBe(200);
    expect(added.body.list).toMatchObject({ lineCount: 2, canEdit: true, isOwner: false });
    expect((await crm.post('deleteRequisitionList', { ...as('rl-mate'), listId: list.listId })).status).toBe(
      403,
    );
    expect((await read('rl-team', list.listId)).body.lines.map((line) => line.qty)).toEqual([1, 7]);
    expect((await crm.post('deleteRequisitionList', { ...as('rl-team'), listId: list.listId })).status).toBe(
      200,
    );
    expect((await read('rl-team', list.listId)).status).toBe(404);
  });

  it("shows a manager the account's shared lists, not a colleague's private ones", async () => {
    // The gateway lets only AWSManager users in as managers; to the CRM a manager is a contact of the account.
    await listWith('rl-buyer', 'Buyer private', 20, 1);
    const shared = await listWith('rl-buyer', 'Buyer shared', 21, 1);
    await share('rl-buyer', shared.listId, 'read');
    const names = await listNames('rl-manager');
    expect(names).toContain('Buyer shared');
    expect(names).not.toContain('Buyer private');
  });

  it("duplicates a list it sees into the duplicator's own private list", async () => {
    const list = await listWith('rl-orig', 'Original', 22, 3);
    await share('rl-orig', list.listId, 'read');
    const { status, body } = await crm.post('duplicateRequisitionList', {
      ...as('rl-copier'),
      listId: list.listId,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ name: 'Copy of Original', sharing: 'private', isOwner: true, lineCount: 3 });
    const copy = await read('rl-copier', body.listId);
    const original = await read('rl-orig', list.listId);
    expect(copy.body.lines.map((line) => [line.sku, line.qty])).toEqual(
      original.body.lines.map((line) => [line.sku, line.qty]),
    );
    // The copy is the copier's: changing it leaves the original as it was, and its owner does not see it.
    await add('rl-copier', body.listId, [{ sku: skus[30] ?? '', qty: 1 }]);
    expect((await read('rl-orig', list.listId)).body.lineCount).toBe(3);
    expect((await read('rl-orig', body.listId)).status).toBe(403);
  });

  it('adds chosen lines to the cart at the cart’s prices, and says on its row why a line could not be added', async () => {
    const list = await listWith('rl-cart', 'To cart', 40, 3);
    const before = (await read('rl-cart', list.listId)).body.lines;
    // The catalogue stops selling one of them after it was put on the list.
    const gone = before[1];
    await crm.database.db
      .update(catalogueItems)
      .set({ discontinued: true })
      .where(
        and(eq(catalogueItems.catalogueId, halvorsenCatalogue), eq(catalogueItems.sku, gone?.sku ?? '')),
      );
    const now = await read('rl-cart', list.listId);
    // The row says what quick order says of the SKU: one rule of what the account can order.
    const quick = await crm.post('checkQuickOrder', {
      ...as('rl-cart'),
      rows: [{ line: 1, sku: gone?.sku, qty: 1 }],
    });
    const [said] = quick.body.results;
    if (said?.status !== 'problem') throw new Error('the discontinued SKU still matches');
    expect(now.body.lines[1]).toMatchObject({
      problem: said.problem,
      message: said.message,
      unitPrice: null,
    });

    const chosen = await crm.post('addRequisitionListToCart', {
      ...as('rl-cart'),
      listId: list.listId,
      lineIds: [before[0]?.lineId, gone?.lineId],
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.added).toBe(1);
    expect(chosen.body.refused).toEqual([
      { lineId: gone?.lineId, sku: gone?.sku, message: expect.stringContaining(gone?.sku ?? '') },
    ]);
    expect(chosen.body.lines).toHaveLength(1);
    const [cartLine] = chosen.body.lines;
    expect(cartLine).toMatchObject({ sku: before[0]?.sku, qty: before[0]?.qty });
    expect(cartLine?.unitPrice).toBe(before[0]?.unitPrice);

    const whole = await crm.post('addRequisitionListToCart', { ...as('rl-cart'), listId: list.listId });
    expect(whole.body.added).toBe(2);
    expect(whole.body.lines.find((line) => line.sku === before[0]?.sku)?.qty).toBe((before[0]?.qty ?? 0) * 2);
    const onlyGone = await crm.post('addRequisitionListToCart', {
      ...as('rl-cart'),
      listId: list.listId,
      lineIds: [gone?.lineId],
    });
    expect(onlyGone.status).toBe(400);
    expect(failureOf(onlyGone.body).message).toContain('nothing was added');
  });
});
