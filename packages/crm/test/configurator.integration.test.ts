import { failureOf, type PartsNode } from '@storefront/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoIfEmpty } from '../src/seed/seed';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';

const SORTER = 'CS4-2019-00417';
const WORN_NOZZLE = 'NZ-70-B';
const TORONTO = 'Halvorsen Research Institute Toronto';

/** Every node of a tree, depth first. */
function flatten(nodes: readonly PartsNode[]): PartsNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

describe.each(await testEngines())('the parts configurator on $name', (engine) => {
  let crm: SeededCrm;
  let sorterId: string;
  let marloweSequencerId: string;
  const halvorsen = () => ({ storefrontId: crm.ids.storefrontA, accountId: crm.ids.halvorsen });
  // Each test that uses a cart has a contact of its own, so its cart starts empty.
  const buyer = (contactId: string) => ({ ...halvorsen(), contactId, awsUserType: 'AWSManager' });
  const partsList = (payload: object) => crm.post('getPartsList', payload);
  const instruments = async (accountId: string) =>
    (
      await crm.post('getInstallBase', {
        storefrontId: crm.ids.storefrontA,
        accountId,
      })
    ).body.instruments;

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    sorterId = (await instruments(crm.ids.halvorsen)).find((i) => i.serialNumber === SORTER)?.id ?? '';
    marloweSequencerId = (await instruments(crm.ids.marlowe))[0]?.id ?? '';
  });
  afterAll(() => crm.close());

  describe('getPartsList', () => {
    it("shows the sorter's parts tree with its worn nozzle superseded by the part sold today", async () => {
      const { status, body } = await partsList({ ...halvorsen(), installBaseId: sorterId });
      expect(status).toBe(200);
      expect(body.instrument?.serialNumber).toBe(SORTER);
      expect(body.model?.name).toBe('Cell Sorter, 4-way, 4-laser');
      expect(body.tree.map((node) => node.name)).toEqual(
        expect.arrayContaining(['Fluidics', 'Sort block', 'Optics: lasers', 'Service kits']),
      );
      const nozzle = flatten(body.tree).find((node) => node.partNumber === WORN_NOZZLE);
      expect(nozzle?.supersededBy).toMatchObject({
        partNumber: WORN_NOZZLE,
        successorSku: expect.any(String),
      });
      expect(nozzle?.item?.sku).toBe(nozzle?.supersededBy?.successorSku);
      expect(nozzle?.item?.name).toBe('Sort Nozzle, 70 µm');
      expect(nozzle?.item?.unitPrice).toBeGreaterThan(0);
      expect(nozzle?.linked).toEqual([
        expect.objectContaining({
          serialNumber: 'NZ70B-19-03321',
          condition: 'Worn',
          partNumber: WORN_NOZZLE,
        }),
      ]);
      // Every part has its picture, whether or not the account buys it.
      const parts = flatten(body.tree).filter((node) => node.kind !== 'Assembly');
      expect(parts.every((node) => node.image?.startsWith('/product-images/v1/'))).toBe(true);
      expect(parts.some((node) => node.item === null)).toBe(true);
      // Modules hold their parts.
      const pump = flatten(body.tree).find((node) => node.name === 'Fluidics Pump Assembly');
      expect(pump?.children.map((node) => node.name)).toEqual(['Peristaltic Pump Tubing']);
    });

    it("prices a model's tree for the account without an instrument", async () => {
      const { body: sorter } = await partsList({ ...halvorsen(), installBaseId: sorterId });
      const { status, body } = await partsList({ ...halvorsen(), modelSku: sorter.model?.sku });
      expect(status).toBe(200);
      expect(body.instrument).toBeNull();
      expect(flatten(body.tree).every((node) => node.linked.length === 0)).toBe(true);
      expect(body.models.map((model) => model.name)).toContain('Benchtop NGS Sequencer');
      const choices = await partsList(halvorsen());
      expect(choices.body).toMatchObject({ model: null, instrument: null, tree: [] });
      expect(choices.body.models).toEqual(body.models);
    });

    it("refuses another account's instrument with 403, an unknown one with 404 and a model without a tree with 404", async () => {
      const other = await partsList({ ...halvorsen(), installBaseId: marloweSequencerId });
      expect(other.status).toBe(403);
      expect(failureOf(other.body).errorCode).toBe('FORBIDDEN');
      expect((await partsList({ ...halvorsen(), installBaseId: 'no-such-instrument' })).status).toBe(404);
      const model = await partsList({ ...halvorsen(), modelSku: 'FCA-10001' });
      expect(model.status).toBe(404);
      expect(failureOf(model.body).field).toBe('modelSku');
      const both = await partsList({ ...halvorsen(), installBaseId: sorterId, modelSku: 'INS-10005' });
      expect(both.status).toBe(400);
      expect(failureOf(both.body).message).toBe(
        'modelSku: name an installed instrument or a model, not both',
      );
    });
  });

  it('getSuperSubRelatedItemsParts names the successor of an obsolete number and the predecessors of its successor', async () => {
    const call = (partNumber: string) =>
      crm.post('getSuperSubRelatedItemsParts', {
        ...halvorsen(),
        partNumber,
      });
    const old = await call(WORN_NOZZLE);
    expect(old.status).toBe(200);
    expect(old.body.successor?.reason).toMatch(/erode/);
    expect(old.body.related.map((item) => item.name)).toEqual(
      expect.arrayContaining(['Sort Nozzle, 100 µm', 'Deflection Plate Set']),
    );
    const successor = await call(old.body.successor?.successorSku ?? '');
    expect(successor.body.successor).toBeNull();
    expect(successor.body.predecessors.map((row) => row.partNumber)).toEqual([WORN_NOZZLE]);
    expect((await call('NO-SUCH-PART')).status).toBe(404);
  });

  describe('pictures', () => {
    it("answers an item's pictures and draws a picture's body in chunks of 512 characters", async () => {
      const { body: tree } = await partsList({ ...halvorsen(), installBaseId: sorterId });
      const itemId = flatten(tree.tree).find((node) => node.partNumber === WORN_NOZZLE)?.item?.itemId ?? '';
      const images = await crm.post('getImages', { ...halvorsen(), itemId });
      expect(images.status).toBe(200);
      const [image] = images.body.images;
      expect(image).toMatchObject({ contentType: 'image/svg+xml', title: 'Sort Nozzle, 70 µm' });
      expect(image?.url).toMatch(/^\/product-images\/v1\/part\.svg\?/);
      const body = await crm.post('loadImageBody', {
        ...halvorsen(),
        itemId,
        imageId: image?.id,
      });
      expect(body.status).toBe(200);
      expect(body.body.chunks.slice(0, -1).every((chunk) => chunk.length === 512)).toBe(true);
      const svg = Buffer.from(body.body.chunks.join(''), 'base64').toString('utf8');
      expect(svg).toMatch(/^<svg/);
      expect(svg).toContain('Sort Nozzle, 70 µm');
      const missing = await crm.post('loadImageBody', { ...halvorsen(), itemId, imageId: '9' });
      expect(missing.status).toBe(404);
    });

    it("refuses an item outside the account's catalogue with 404", async () => {
      const answer = await crm.post('getImages', { ...halvorsen(), itemId: 'no-such-item' });
      expect(answer.status).toBe(404);
    });
  });

  describe('the cart', () => {
    it('adds the successor for an obsolete number at the catalogue price, and counts it in getQliQuantity', async () => {
      const contact = buyer('003-parts-add');
      const added = await crm.post('addPartToQuote', {
        ...contact,
        parts: [{ partNumber: WORN_NOZZLE, qty: 2 }],
      });
      expect(added.status).toBe(200);
      const [line] = added.body.lines;
      expect(line).toMatchObject({ name: 'Sort Nozzle, 70 µm', qty: 2 });
      expect(added.body.replaced).toEqual([{ partNumber: WORN_NOZZLE, successorSku: line?.sku }]);
      expect(line?.unitPrice).toBeGreaterThan(0);
      // Adding again adds to the line.
      await crm.post('addPartToQuote', { ...contact, parts: [{ partNumber: line?.sku, qty: 1 }] });
      const counted = await crm.post('getQliQuantity', contact);
      expect(counted.body.quantities).toEqual([{ itemId: line?.catalogItemId, sku: line?.sku, qty: 3 }]);
      expect(counted.body.quoteId).toBe(added.body.quote.id);
    });

    it('adds several parts at once, or none when one cannot be ordered', async () => {
      const contact = buyer('003-parts-several');
      const refused = await crm.post('addPartToQuote', {
        ...contact,
        parts: [
          { partNumber: WORN_NOZZLE, qty: 1 },
          { partNumber: 'NO-SUCH-PART', qty: 1 },
        ],
      });
      expect(refused.status).toBe(404);
      expect(failureOf(refused.body)).toMatchObject({
        errorCode: 'PART_NOT_ORDERABLE',
        field: 'parts.1.partNumber',
      });
      const empty = await crm.post('getQliQuantity', contact);
      expect(empty.body.quantities).toEqual([]);
      const { body: tree } = await partsList({ ...halvorsen(), installBaseId: sorterId });
      const skus = flatten(tree.tree)
        .flatMap((node) => (node.item && node.kind === 'Consumable' ? [node.item.sku] : []))
        .slice(0, 3);
      const added = await crm.post('addPartToQuote', {
        ...contact,
        parts: skus.map((partNumber) => ({ partNumber, qty: 5 })),
      });
      expect(added.status).toBe(200);
      expect(added.body.lines.map((line) => line.sku).sort()).toEqual([...skus].sort());
      expect(added.body.replaced).toEqual([]);
    });

    it('updateQtyOnQLIs changes and removes lines as the cart does; deleteLineItems removes them', async () => {
      const contact = buyer('003-parts-update');
      const added = await crm.post('addPartToQuote', {
        ...contact,
        parts: [{ partNumber: WORN_NOZZLE, qty: 1 }],
      });
      const quoteId = added.body.quote.id;
      const lineId = added.body.lines[0]?.id;
      const updated = await crm.post('updateQtyOnQLIs', {
        ...contact,
        quoteId,
        lines: [{ id: lineId, qty: 4 }],
      });
      expect(updated.body.lines[0]?.qty).toBe(4);
      expect(updated.body.quote.subtotal).toBeCloseTo((updated.body.lines[0]?.unitPrice ?? 0) * 4, 2);
      const unknown = await crm.post('updateQtyOnQLIs', {
        ...contact,
        quoteId,
        lines: [{ id: 'nope', qty: 1 }],
      });
      expect(unknown.status).toBe(400);
      const removed = await crm.post('deleteLineItems', {
        ...contact,
        quoteId,
        qliIds: [lineId],
      });
      expect(removed.body.lines).toEqual([]);
    });

    it("refuses another contact's cart with 403", async () => {
      const added = await crm.post('addPartToQuote', {
        ...buyer('003-parts-owner'),
        parts: [{ partNumber: WORN_NOZZLE, qty: 1 }],
      });
      const answer = await crm.post('updateQtyOnQLIs', {
        ...buyer('003-parts-stranger'),
        quoteId: added.body.quote.id,
        lines: [{ id: added.body.lines[0]?.id, qty: 2 }],
      });
      expect(answer.status).toBe(403);
    });
  });

  describe('linking components', () => {
    it('offers the parts of the model first, links one with its serial and unlinks it', async () => {
      const offer = await crm.post('getLinkComponent', {
        ...halvorsen(),
        installBaseId: sorterId,
      });
      expect(offer.status).toBe(200);
      expect(offer.body.linked.map((component) => component.serialNumber)).toContain('NZ70B-19-03321');
      const nozzle130 = offer.body.candidates.find((item) => item.name === 'Sort Nozzle, 130 µm');
      expect(nozzle130).toBeDefined();
      const linked = await crm.post('linkComponent', {
        ...halvorsen(),
        installBaseId: sorterId,
        itemId: nozzle130?.itemId,
        quantity: 1,
        serialNumber: ' NZ130-25-00077 ',
      });
      expect(linked.status).toBe(200);
      const component = linked.body.linked.find((row) => row.serialNumber === 'NZ130-25-00077');
      expect(component).toMatchObject({
        name: 'Sort Nozzle, 130 µm',
        condition: 'Good',
        linkedOn: '2025-06-15',
      });
      const { body: tree } = await partsList({ ...halvorsen(), installBaseId: sorterId });
      const node = flatten(tree.tree).find((row) => row.name === 'Sort Nozzle, 130 µm');
      expect(node?.linked.map((row) => row.serialNumber)).toEqual(['NZ130-25-00077']);
      const unlinked = await crm.post('unlinkKitItem', {
        ...halvorsen(),
        installBaseId: sorterId,
        componentId: component?.id,
      });
      expect(unlinked.status).toBe(200);
      expect(unlinked.body.linked.map((row) => row.id)).not.toContain(component?.id);
      const again = await crm.post('unlinkKitItem', {
        ...halvorsen(),
        installBaseId: sorterId,
        componentId: component?.id,
      });
      expect(again.status).toBe(404);
    });

    it("refuses another account's instrument and component with 403", async () => {
      const scope = { storefrontId: crm.ids.storefrontA, accountId: crm.ids.marlowe };
      const theirs = await crm.post('getLinkComponent', {
        ...scope,
        installBaseId: marloweSequencerId,
      });
      const theirComponent = theirs.body.linked[0]?.id;
      expect(theirComponent).toBeDefined();
      for (const [type, payload] of [
        ['getLinkComponent', { installBaseId: marloweSequencerId }],
        [
          'linkComponent',
          { installBaseId: marloweSequencerId, itemId: theirs.body.candidates[0]?.itemId, quantity: 1 },
        ],
        ['unlinkKitItem', { installBaseId: marloweSequencerId, componentId: theirComponent }],
        // Naming its own instrument does not reach another account's component.
        ['unlinkKitItem', { installBaseId: sorterId, componentId: theirComponent }],
      ] as const) {
        const answer = await crm.post(type, { ...halvorsen(), ...payload });
        expect(answer.status, type).toBe(403);
        expect(failureOf(answer.body).errorCode).toBe('FORBIDDEN');
      }
      const still = await crm.post('getLinkComponent', {
        ...scope,
        installBaseId: marloweSequencerId,
      });
      expect(still.body.linked.map((row) => row.id)).toContain(theirComponent);
    });

    it('links nothing to a decommissioned instrument, and refuses a bad serial with a message', async () => {
      const retired = (await instruments(crm.ids.halvorsen)).find((i) => i.status === 'Decommissioned');
      const offer = await crm.post('getLinkComponent', {
        ...halvorsen(),
        installBaseId: sorterId,
      });
      const itemId = offer.body.candidates[0]?.itemId;
      const answer = await crm.post('linkComponent', {
        ...halvorsen(),
        installBaseId: retired?.id,
        itemId,
        quantity: 1,
      });
      expect(answer.status).toBe(400);
      expect(failureOf(answer.body).errorCode).toBe('INSTRUMENT_DECOMMISSIONED');
      const long = await crm.post('linkComponent', {
        ...halvorsen(),
        installBaseId: sorterId,
        itemId,
        quantity: 1,
        serialNumber: 'X'.repeat(41),
      });
      expect(long.status).toBe(400);
      expect(failureOf(long.body).message).toBe('serialNumber: must be at most 40 characters');
    });
  });

  describe('the Install Base catalogue', () => {
    const toronto = () => crm.seed.accounts.find((account) => account.name === TORONTO)?.id ?? '';
    const catalogue = async (accountId: string) =>
      (
        await crm.post('retrieveCatalogNG', {
          storefrontId: crm.ids.storefrontA,
          accountId,
          pageSize: 200,
        })
      ).body;

    it("holds the parts and consumables of the account's instruments, and nothing else", async () => {
      const page = await catalogue(toronto());
      const names = page.items.map((item) => item.name);
      expect(names).toEqual(
        expect.arrayContaining([
          'Flow Cell Assembly',
          'Laser Module, 561 nm',
          'Sheath Fluid',
          'Thermal Block, 96-well',
        ]),
      );
      // Not the instruments themselves, nor parts of models it does not own, nor antibodies.
      expect(names).not.toContain('Benchtop Flow Cytometer, 4-laser');
      expect(names).not.toContain('Sort Nozzle, 70 µm');
      expect(page.items.every((item) => !item.sku.startsWith('FCA-') && !item.sku.startsWith('INS-'))).toBe(
        true,
      );
      expect(page.totalCount).toBeLessThan(60);
      // Halvorsen's own eCatalog and the Full catalogue stay as they were.
      expect((await catalogue(crm.ids.halvorsen)).totalCount).toBeGreaterThan(page.totalCount);
    });

    it('gains a part linked to one of its instruments', async () => {
      const torontoScope = { storefrontId: crm.ids.storefrontA, accountId: toronto() };
      const cytometer = (await instruments(toronto())).find((i) => i.serialNumber === 'BFC4-2022-00731');
      const before = await catalogue(toronto());
      expect(before.items.map((item) => item.name)).not.toContain('Sort Nozzle, 100 µm');
      const offer = await crm.post('getLinkComponent', {
        ...torontoScope,
        installBaseId: cytometer?.id,
      });
      // Any part can be fitted; the model's own parts come first.
      const order = offer.body.candidates.map((item) => item.name);
      expect(order.indexOf('Flow Cell Assembly')).toBeLessThan(order.indexOf('Sort Nozzle, 100 µm'));
      const nozzle = offer.body.candidates.find((item) => item.name === 'Sort Nozzle, 100 µm');
      const linked = await crm.post('linkComponent', {
        ...torontoScope,
        installBaseId: cytometer?.id,
        itemId: nozzle?.itemId,
        quantity: 2,
      });
      expect(linked.status).toBe(200);
      expect((await catalogue(toronto())).items.map((item) => item.name)).toContain('Sort Nozzle, 100 µm');
    });

    it('is made once: a second start adds nothing', async () => {
      const before = (await catalogue(toronto())).totalCount;
      await seedDemoIfEmpty(crm.database);
      expect((await catalogue(toronto())).totalCount).toBe(before);
    });
  });
});
