import {
  FILE_CHUNK_UNIT,
  type LinkedComponent,
  type OrderableItem,
  type Supersession,
} from '@storefront/contracts';
import { drawProductImage } from '@storefront/contracts/product-image-drawing';
import { parseProductImage } from '@storefront/contracts/product-images';
import { addLinesToCart, findActiveQuote, linesWithItems, quoteScope } from '../../cart';
import { CrmHttpError, forbidden, notFound } from '../../core/errors';
import type { Handler, HandlerContext } from '../../core/handler';
import { type AccountScope, accountScope } from '../../core/scope';
import type { CrmDb } from '../../db/open';
import {
  deleteLinkedComponent,
  findLinkedComponent,
  insertLinkedComponent,
  linkedComponentRows,
  modelsWithTrees,
  orderableById,
  orderableBySku,
  orderableParts,
  partsTreeRows,
  predecessorsOf,
  supersessionsOf,
  treeRowsOfParts,
  treeRowsUnder,
} from '../queries/configurator';
import { findInstalledInstrument, type InstallBaseRow } from '../queries/install-base';
import { syncInstallBaseCatalogue } from '../queries/install-base-catalogue';
import { buildPartsTree, currentPartNumber, toOrderableItem } from '../rules/parts-tree';

/** The account's own installed instrument: 404 when there is none, 403 when it is another account's. */
async function ownInstrument(db: CrmDb, accountId: string, installBaseId: string): Promise<InstallBaseRow> {
  const instrument = await findInstalledInstrument(db, installBaseId);
  if (!instrument) throw notFound('there is no installed instrument with this id.', 'installBaseId');
  if (instrument.accountId !== accountId) throw forbidden();
  return instrument;
}

/** The instrument's linked components, each with its supersession when its number is no longer sold. */
async function linkedComponents(db: CrmDb, installBaseId: string): Promise<LinkedComponent[]> {
  const rows = await linkedComponentRows(db, installBaseId);
  const supersessions = await supersessionsOf(
    db,
    rows.map((row) => row.partNumber),
  );
  return rows.map((row) => ({
    id: row.id,
    partNumber: row.partNumber,
    name: row.name,
    quantity: row.quantity,
    serialNumber: row.serialNumber,
    condition: row.condition,
    linkedOn: row.linkedOn,
    supersededBy: supersessions.get(row.partNumber) ?? null,
  }));
}

/**
 * What the storefront sells, whatever the account buys: its Full catalogue (the account's own when it has
 * none). Pictures and model names come from it, and any part of it can be fitted to an instrument.
 */
const storefrontCatalogue = (scope: AccountScope) => scope.full ?? scope.catalogue;

/** The scope's catalogue items of these SKUs, as the configurator offers them. */
async function orderableItems(
  db: CrmDb,
  scope: AccountScope,
  skus: readonly string[],
): Promise<Map<string, OrderableItem>> {
  const rows = await orderableBySku(db, scope.catalogue.id, skus);
  return new Map([...rows].map(([sku, row]) => [sku, toOrderableItem(row, scope.catalogue.currency)]));
}

/** The first picture of each SKU the storefront sells. */
async function picturesOf(
  db: CrmDb,
  scope: AccountScope,
  skus: readonly string[],
): Promise<Map<string, string>> {
  const rows = await orderableBySku(db, storefrontCatalogue(scope).id, skus);
  return new Map([...rows].flatMap(([sku, row]) => (row.images[0] ? [[sku, row.images[0]] as const] : [])));
}

/** The models with a parts tree, named as the storefront sells them, with their item in the account's catalogue. */
async function modelChoices(db: CrmDb, scope: AccountScope) {
  const skus = await modelsWithTrees(db);
  const named = await orderableBySku(db, storefrontCatalogue(scope).id, skus);
  const own = await orderableBySku(db, scope.catalogue.id, skus);
  return skus
    .flatMap((sku) => {
      const model = named.get(sku) ?? own.get(sku);
      return model ? [{ sku, name: model.name, itemId: own.get(sku)?.id ?? null }] : [];
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

export const getPartsList: Handler<'getPartsList'> = async (ctx, payload) => {
  const scope = await accountScope(ctx, payload.storefrontId, payload.accountId);
  const instrument = payload.installBaseId
    ? await ownInstrument(ctx.db, scope.account.id, payload.installBaseId)
    : null;
  const models = await modelChoices(ctx.db, scope);
  const modelSku = instrument?.modelSku ?? payload.modelSku;
  if (modelSku === undefined) return { model: null, instrument: null, models, tree: [], otherLinked: [] };
  const model = models.find((choice) => choice.sku === modelSku);
  const rows = await partsTreeRows(ctx.db, modelSku);
  if (!instrument && (!model || rows.length === 0)) {
    throw notFound('there is no parts list for this model.', 'modelSku');
  }
  const linked = instrument ? await linkedComponents(ctx.db, instrument.id) : [];
  const partNumbers = [...rows.flatMap((row) => row.partNumber ?? []), ...linked.map((c) => c.partNumber)];
  const supersessions: Map<string, Supersession> = await supersessionsOf(ctx.db, partNumbers);
  const current = partNumbers.map((partNumber) => currentPartNumber(partNumber, supersessions));
  const items = await orderableItems(ctx.db, scope, current);
  const pictures = await picturesOf(ctx.db, scope, current);
  const { tree, otherLinked } = buildPartsTree(rows, { supersessions, items, pictures, linked });
  return {
    model: model ?? { sku: modelSku, name: instrument?.modelName ?? modelSku, itemId: null },
    instrument: instrument && {
      id: instrument.id,
      serialNumber: instrument.serialNumber,
      site: instrument.site,
      installedOn: instrument.installedOn,
    },
    models,
    tree,
    otherLinked,
  };
};

/** How many related parts are offered beside one. */
const RELATED_LIMIT = 12;

export const getSuperSubRelatedItemsParts: Handler<'getSuperSubRelatedItemsParts'> = async (ctx, payload) => {
  const scope = await accountScope(ctx, payload.storefrontId, payload.accountId);
  const { partNumber } = payload;
  const supersessions = await supersessionsOf(ctx.db, [partNumber]);
  const successor = supersessions.get(partNumber) ?? null;
  const listed = await treeRowsOfParts(ctx.db, [partNumber]);
  const own = await orderableBySku(ctx.db, scope.catalogue.id, [partNumber]);
  const name = own.get(partNumber)?.name ?? successor?.name ?? listed[0]?.name;
  if (!name) throw notFound('no part has this number.', 'partNumber');
  const siblings = await treeRowsUnder(
    ctx.db,
    listed.flatMap((row) => row.parentId ?? []),
  );
  const current = currentPartNumber(partNumber, supersessions);
  const siblingNumbers = siblings.flatMap((row) => row.partNumber ?? []);
  const siblingSupersessions = await supersessionsOf(ctx.db, siblingNumbers);
  const relatedSkus = [
    ...new Set(siblingNumbers.map((number) => currentPartNumber(number, siblingSupersessions))),
  ].filter((sku) => sku !== current);
  const related = await orderableItems(ctx.db, scope, relatedSkus);
  return {
    partNumber,
    name,
    predecessors: await predecessorsOf(ctx.db, partNumber),
    successor,
    related: relatedSkus.flatMap((sku) => related.get(sku) ?? []).slice(0, RELATED_LIMIT),
  };
};

/** The item's pictures; each is one the storefront draws (contracts/product-images). */
async function itemPictures(
  ctx: HandlerContext,
  payload: { storefrontId: string; accountId: string; itemId: string },
) {
  const scope = await accountScope(ctx, payload.storefrontId, payload.accountId);
  const item = await orderableById(ctx.db, scope.catalogue.id, payload.itemId);
  if (!item) throw notFound("no such item in this account's catalogue.", 'itemId');
  const pictures = item.images.flatMap((url, index) => {
    const image = parseProductImage(url);
    return image ? [{ id: String(index + 1), url, image }] : [];
  });
  return { item, pictures };
}

const PICTURE_TYPE = 'image/svg+xml';

/** A body as base64 in chunks of spec C§7's 512 characters. */
function base64Chunks(body: string): string[] {
  const encoded = Buffer.from(body, 'utf8').toString('base64');
  const chunks: string[] = [];
  for (let start = 0; start < encoded.length; start += FILE_CHUNK_UNIT) {
    chunks.push(encoded.slice(start, start + FILE_CHUNK_UNIT));
  }
  return chunks;
}

export const getImages: Handler<'getImages'> = async (ctx, payload) => {
  const { item, pictures } = await itemPictures(ctx, payload);
  return {
    images: pictures.map(({ id, url }) => ({
      id,
      title: pictures.length > 1 ? `${item.name} (${id} of ${pictures.length})` : item.name,
      url,
      contentType: PICTURE_TYPE,
    })),
  };
};

export const loadImageBody: Handler<'loadImageBody'> = async (ctx, payload) => {
  const { item, pictures } = await itemPictures(ctx, payload);
  const picture = pictures.find((candidate) => candidate.id === payload.imageId);
  if (!picture) throw notFound('the item has no picture with this id.', 'imageId');
  return {
    id: picture.id,
    contentType: PICTURE_TYPE,
    fileName: `${item.sku}-${picture.id}.svg`,
    chunks: base64Chunks(drawProductImage(picture.image)),
  };
};

export const getQliQuantity: Handler<'getQliQuantity'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  const quote = await findActiveQuote(ctx.db, scope.owner);
  if (!quote) return { quoteId: null, quantities: [] };
  const wanted = new Set(payload.itemIds);
  const lines = await linesWithItems(ctx.db, quote.id);
  return {
    quoteId: quote.id,
    quantities: lines
      .filter(({ line }) => wanted.size === 0 || wanted.has(line.catalogItemId))
      .map(({ line, item }) => ({ itemId: line.catalogItemId, sku: item.sku, qty: line.qty })),
  };
};

export const addPartToQuote: Handler<'addPartToQuote'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  const supersessions = await supersessionsOf(
    ctx.db,
    payload.parts.map((part) => part.partNumber),
  );
  const wanted = payload.parts.map((part) => currentPartNumber(part.partNumber, supersessions));
  const items = await orderableBySku(ctx.db, scope.catalogue.id, wanted);
  const lines = payload.parts.map((part, index) => {
    const item = items.get(wanted[index] ?? '');
    if (!item) {
      throw new CrmHttpError(
        404,
        'PART_NOT_ORDERABLE',
        `${part.partNumber} is not sold in this account's catalogue.`,
        `parts.${index}.partNumber`,
      );
    }
    return { catalogItemId: item.id, qty: part.qty, field: `parts.${index}.qty` };
  });
  const cart = await addLinesToCart(ctx, scope, lines);
  const replaced = payload.parts.flatMap((part, index) => {
    const successorSku = wanted[index];
    return successorSku && successorSku !== part.partNumber
      ? [{ partNumber: part.partNumber, successorSku }]
      : [];
  });
  return { ...cart, replaced };
};

export const getLinkComponent: Handler<'getLinkComponent'> = async (ctx, payload) => {
  const scope = await accountScope(ctx, payload.storefrontId, payload.accountId);
  const instrument = await ownInstrument(ctx.db, scope.account.id, payload.installBaseId);
  const catalogue = storefrontCatalogue(scope);
  const listed = (await partsTreeRows(ctx.db, instrument.modelSku)).flatMap((row) => row.partNumber ?? []);
  const supersessions = await supersessionsOf(ctx.db, listed);
  const fitting = new Set(listed.map((partNumber) => currentPartNumber(partNumber, supersessions)));
  const parts = (await orderableParts(ctx.db, catalogue.id)).map((row) =>
    toOrderableItem(row, catalogue.currency),
  );
  // The parts of the model's tree first, then any other part.
  const candidates = [
    ...parts.filter((item) => fitting.has(item.sku)),
    ...parts.filter((item) => !fitting.has(item.sku)),
  ];
  return { linked: await linkedComponents(ctx.db, instrument.id), candidates };
};

export const linkComponent: Handler<'linkComponent'> = async (ctx, payload) => {
  const scope = await accountScope(ctx, payload.storefrontId, payload.accountId);
  const instrument = await ownInstrument(ctx.db, scope.account.id, payload.installBaseId);
  if (instrument.status !== 'Active') {
    throw new CrmHttpError(
      400,
      'INSTRUMENT_DECOMMISSIONED',
      'this instrument is decommissioned; components can no longer be linked to it.',
      'installBaseId',
    );
  }
  const item = await orderableById(ctx.db, storefrontCatalogue(scope).id, payload.itemId);
  if (!item) throw notFound('no such part in the catalogue.', 'itemId');
  await insertLinkedComponent(ctx.db, {
    installBaseId: instrument.id,
    partNumber: item.sku,
    name: item.name,
    quantity: payload.quantity,
    serialNumber: payload.serialNumber || null,
    linkedOn: ctx.today,
  });
  if (scope.catalogue.type === 'Install Base' && scope.catalogue.accountId) {
    await syncInstallBaseCatalogue(ctx.db, { ...scope.catalogue, accountId: scope.catalogue.accountId });
  }
  return { linked: await linkedComponents(ctx.db, instrument.id) };
};

export const unlinkKitItem: Handler<'unlinkKitItem'> = async (ctx, payload) => {
  const scope = await accountScope(ctx, payload.storefrontId, payload.accountId);
  const component = await findLinkedComponent(ctx.db, payload.componentId);
  if (!component) throw notFound('there is no linked component with this id.', 'componentId');
  // Another account's component is refused as its instrument is, whichever instrument the payload names.
  await ownInstrument(ctx.db, scope.account.id, component.installBaseId);
  const instrument = await ownInstrument(ctx.db, scope.account.id, payload.installBaseId);
  if (
    component.installBaseId !== instrument.id ||
    !(await deleteLinkedComponent(ctx.db, instrument.id, payload.componentId))
  ) {
    throw notFound('the instrument has no linked component with this id.', 'componentId');
  }
  return { linked: await linkedComponents(ctx.db, instrument.id) };
};
