import { type CpqModel, failureOf } from '@storefront/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, catalogueItems } from '../src/db/schema';
import { seedDemoIfEmpty } from '../src/seed/seed';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';

describe.each(await testEngines())('configure-price-quote on $name', (engine) => {
  let crm: SeededCrm;
  let cytometerId: string;
  let readerId: string;

  const as = (contactId: string, accountId = crm.ids.halvorsen) => ({
    storefrontId: crm.ids.storefrontA,
    accountId,
    contactId,
  });
  const model = (itemId: string, accountId = crm.ids.halvorsen) =>
    crm.post('getCpqModel', { storefrontId: crm.ids.storefrontA, accountId, itemId });
  const price = (itemId: string, optionItemIds: string[], qty = 1) =>
    crm.post('priceCpqConfiguration', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.halvorsen,
      itemId,
      optionItemIds,
      qty,
    });
  const add = (contactId: string, itemId: string, optionItemIds: string[], qty = 1) =>
    crm.post('addCpqConfiguration', { ...as(contactId), itemId, optionItemIds, qty });
  const itemNamed = async (name: string) => {
    const db = crm.database.db;
    const [account] = await db.select().from(accounts).where(eq(accounts.id, crm.ids.halvorsen));
    const [item] = await db
      .select({ id: catalogueItems.id })
      .from(catalogueItems)
      .where(and(eq(catalogueItems.catalogueId, account?.catalogueId ?? ''), eq(catalogueItems.name, name)));
    if (!item) throw new Error(`Halvorsen's catalogue lacks ${name}`);
    return item.id;
  };
  const suggested = (answer: CpqModel, name: string) =>
    answer.options.find((option) => option.rule === 'Suggests' && option.name === name)?.catalogItemId ?? '';

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    cytometerId = await itemNamed('Benchtop Flow Cytometer, 3-laser');
    readerId = await itemNamed('Multimode Microplate Reader');
  });
  afterAll(() => crm.close());

  it("offers the instrument's needed and suggested options, priced from the account's catalogue", async () => {
    const { status, body } = await model(cytometerId);
    expect(status).toBe(200);
    expect(body.instrument.name).toBe('Benchtop Flow Cytometer, 3-laser');
    expect(body.unavailable).toEqual([]);
    const needs = body.options.filter((o) => o.rule === 'Needs').map((o) => o.name);
    expect(needs).toEqual(
      expect.arrayContaining([
        'Laser Module, 405 nm',
        'Laser Module, 640 nm',
        'On-Site Installation and Operator Training',
      ]),
    );
    expect(body.options.filter((o) => o.rule === 'Suggests').map((o) => o.name)).toContain(
      'Sample Tube Rack, 40-position',
    );
    expect(body.options.every((o) => o.unitPrice > 0 && o.section !== '')).toBe(true);
  });

  it('prices the needed options always and a suggested one only when ticked', async () => {
    const { body: cytometer } = await model(cytometerId);
    const rack = suggested(cytometer, 'Sample Tube Rack, 40-position');
    const bare = (await price(cytometerId, [])).body;
    const withRack = (await price(cytometerId, [rack], 2)).body;
    const needed = cytometer.options.filter((o) => o.rule === 'Needs').length;
    expect(bare.lines).toHaveLength(1 + needed);
    expect(bare.lines[0]).toMatchObject({ rule: 'Instrument', qty: 1 });
    expect(withRack.lines).toHaveLength(2 + needed);
    expect(withRack.lines.find((line) => line.catalogItemId === rack)).toMatchObject({
      rule: 'Suggests',
      qty: 2,
    });
    const sum = withRack.lines.reduce((total, line) => total + line.lineTotal, 0);
    expect(withRack.total).toBeCloseTo(sum, 2);
  });

  it("names a needed option the account's catalogue lacks, and will not price or add that configuration", async () => {
    const fourLaser = await itemNamed('Benchtop Flow Cytometer, 4-laser');
    const { body } = await model(fourLaser);
    expect(body.unavailable).toEqual([{ sku: expect.any(String), name: 'Laser Module, 561 nm' }]);
    const priced = await price(fourLaser, []);
    expect(priced.status).toBe(400);
    expect(failureOf(priced.body)).toMatchObject({
      errorCode: 'CONFIGURATION_UNAVAILABLE',
      message: expect.stringContaining(
        "needs Laser Module, 561 nm, which your account's catalogue does not hold",
      ),
    });
  });

  it('refuses an option the model does not suggest, naming it', async () => {
    const { status, body } = await price(cytometerId, [readerId]);
    expect(status).toBe(400);
    expect(failureOf(body)).toMatchObject({
      errorCode: 'CONFIGURATION_UNAVAILABLE',
      field: 'optionItemIds.0',
    });
  });

  it('adds the configuration as one group, and removing the instrument removes the group', async () => {
    await crm.post('saveItemToQuoteBlink', { ...as('cpq-group'), catalogItemId: readerId, qty: 1 });
    const { body: cytometer } = await model(cytometerId);
    const warranty = suggested(cytometer, 'Extended Warranty, Flow Cytometer, 1 Year');
    const { status, body } = await add('cpq-group', cytometerId, [warranty]);
    expect(status).toBe(200);
    const grouped = body.lines.filter((line) => line.configuredGroup?.id === body.groupId);
    expect(
      grouped.filter((line) => line.configuredGroup?.role === 'Instrument').map((l) => l.catalogItemId),
    ).toEqual([cytometerId]);
    expect(grouped.map((line) => line.catalogItemId)).toContain(warranty);
    expect(body.lines.find((line) => line.catalogItemId === readerId)?.configuredGroup).toBeNull();
    const instrumentLine = grouped.find((line) => line.configuredGroup?.role === 'Instrument');
    // Another account cannot remove the group: the quote is not theirs.
    const stranger = await crm.post('deleteLineItems', {
      ...as('cpq-group', crm.ids.marlowe),
      quoteId: body.quote.id,
      qliIds: [instrumentLine?.id],
    });
    expect(stranger.status).toBe(403);
    const removed = await crm.post('deleteLineItems', {
      ...as('cpq-group'),
      quoteId: body.quote.id,
      qliIds: [instrumentLine?.id],
    });
    expect(removed.status).toBe(200);
    expect(removed.body.lines.map((line) => line.catalogItemId)).toEqual([readerId]);
  });

  it('keeps the group when an option line is removed, and refuses a second configuration of the same items', async () => {
    const first = (await add('cpq-conflict', cytometerId, [])).body;
    const option = first.lines.find((line) => line.configuredGroup?.role === 'Option');
    const afterOption = await crm.post('updateQLI', {
      ...as('cpq-conflict'),
      quoteId: first.quote.id,
      lines: [{ id: option?.id, qty: 0 }],
    });
    expect(afterOption.body.lines).toHaveLength(first.lines.length - 1);
    const again = await add('cpq-conflict', cytometerId, []);
    expect(again.status).toBe(409);
    expect(failureOf(again.body).errorCode).toBe('CONFIGURATION_CONFLICT');
    expect(failureOf(again.body).message).toContain('Benchtop Flow Cytometer, 3-laser');
    const { body: cart } = await crm.get('getQuoteItems', {
      ...as('cpq-conflict'),
      quoteid: first.quote.id,
    });
    expect(cart.lines).toHaveLength(first.lines.length - 1);
  });

  it("refuses another storefront's account with 403 and an instrument without options with a message", async () => {
    expect((await model(cytometerId, crm.ids.kestrel)).status).toBe(403);
    const other = await crm.post('addCpqConfiguration', {
      ...as('cpq-other', crm.ids.kestrel),
      itemId: cytometerId,
      optionItemIds: [],
      qty: 1,
    });
    expect(other.status).toBe(403);
    const counter = await model(await itemNamed('Automated Cell Counter'));
    expect(counter.status).toBe(400);
    expect(failureOf(counter.body).message).toBe(
      'itemId: Automated Cell Counter has no options to configure; add it to the cart as it is.',
    );
  });

  it('seeds the rules once: a second start adds none', async () => {
    const before = (await model(cytometerId)).body.options.length;
    await seedDemoIfEmpty(crm.database);
    expect((await model(cytometerId)).body.options).toHaveLength(before);
  });
});
