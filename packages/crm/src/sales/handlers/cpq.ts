import { randomUUID } from 'node:crypto';
import type { CpqModel, CpqPricedLine, CrmPayload } from '@storefront/contracts';
import { addLinesToCart, priceLines, quoteScope } from '../../cart';
import { CrmHttpError, notFound } from '../../core/errors';
import type { Handler, HandlerContext } from '../../core/handler';
import { roundInCurrency } from '../../core/money';
import { type AccountScope, accountScope } from '../../core/scope';
import { insertGroupLines, itemsOnQuote, optionRulesOf } from '../queries/cpq';
import { type PricedItemRow, pricedItems } from '../queries/quick-order';

const unavailable = (problem: string, field?: string) =>
  new CrmHttpError(400, 'CONFIGURATION_UNAVAILABLE', problem, field);

interface LoadedModel {
  model: CpqModel;
  instrument: PricedItemRow;
  /** The options this catalogue holds, by item id, with their rule row's facts. */
  options: Map<string, { item: PricedItemRow; rule: CpqModel['options'][number] }>;
}

/** The instrument in the account's catalogue with its rules' options as that catalogue prices them. */
async function loadModel(
  ctx: HandlerContext,
  scope: AccountScope,
  storefrontId: string,
  itemId: string,
): Promise<LoadedModel> {
  const [instrument] = await pricedItems(ctx.db, scope.catalogue.id, 'id', [itemId]);
  if (!instrument) throw notFound("no such item in this account's catalogue.", 'itemId');
  const rules = await optionRulesOf(ctx.db, storefrontId, instrument.sku);
  if (rules.length === 0) {
    throw unavailable(
      `${instrument.name} has no options to configure; add it to the cart as it is.`,
      'itemId',
    );
  }
  const found = await pricedItems(
    ctx.db,
    scope.catalogue.id,
    'sku',
    rules.map((rule) => rule.optionSku),
  );
  const bySku = new Map(found.map((item) => [item.sku, item]));
  const offered = rules.flatMap((rule) => {
    const item = bySku.get(rule.optionSku);
    return item ? [{ rule, item }] : [];
  });
  const currency = scope.catalogue.currency;
  const { prices } = await priceLines(
    ctx,
    [instrument, ...offered.map(({ item }) => item)].map((item) => ({
      catalogItemId: item.id,
      item,
      qty: 1,
      agreedUnitPrice: null,
    })),
    currency,
  );
  const priced = (item: PricedItemRow, index: number) => ({
    catalogItemId: item.id,
    sku: item.sku,
    name: item.name,
    unit: item.unit,
    unitPrice: prices[index]?.unitPrice ?? 0,
  });
  const options = offered.map(({ rule, item }, index) => ({
    ...priced(item, index + 1),
    rule: rule.rule,
    qtyPerInstrument: rule.qtyPerInstrument,
    section: rule.section,
    note: rule.note,
  }));
  // A suggestion the catalogue lacks is simply not offered; a needed item it lacks stops the order.
  const missing = rules.filter((rule) => rule.rule === 'Needs' && !bySku.has(rule.optionSku));
  const missingNames = await pricedItems(
    ctx.db,
    scope.full?.id ?? scope.catalogue.id,
    'sku',
    missing.map((rule) => rule.optionSku),
  );
  const nameOf = new Map(missingNames.map((item) => [item.sku, item.name]));
  return {
    model: {
      currency,
      instrument: priced(instrument, 0),
      options,
      unavailable: missing.map((rule) => ({
        sku: rule.optionSku,
        name: nameOf.get(rule.optionSku) ?? rule.optionSku,
      })),
    },
    instrument,
    options: new Map(
      offered.map(({ item }, index) => [
        item.id,
        { item, rule: options[index] as CpqModel['options'][number] },
      ]),
    ),
  };
}

type Configuration = Pick<CrmPayload<'priceCpqConfiguration'>, 'itemId' | 'optionItemIds' | 'qty'>;

/**
 * The configuration's lines: the instrument, every needed option, the ticked suggestions, each at its quantity
 * for the number of instruments, priced as the cart will price them. Refused when it cannot be ordered.
 */
async function priceConfiguration(
  ctx: HandlerContext,
  scope: AccountScope,
  storefrontId: string,
  configuration: Configuration,
): Promise<{ currency: string; lines: CpqPricedLine[]; total: number }> {
  const { model, instrument, options } = await loadModel(ctx, scope, storefrontId, configuration.itemId);
  const [missing] = model.unavailable;
  if (missing) {
    throw unavailable(
      `${model.instrument.name} needs ${missing.name}, which your account's catalogue does not hold; ask your account manager.`,
      'itemId',
    );
  }
  configuration.optionItemIds.forEach((optionId, index) => {
    if (options.get(optionId)?.rule.rule !== 'Suggests') {
      throw unavailable(`is not a suggested option of ${model.instrument.name}.`, `optionItemIds.${index}`);
    }
  });
  const ticked = new Set(configuration.optionItemIds);
  const chosen = [...options.values()].filter(
    ({ rule }) => rule.rule === 'Needs' || ticked.has(rule.catalogItemId),
  );
  const rows = [
    { item: instrument, rule: 'Instrument' as const, qty: configuration.qty },
    ...chosen.map(({ item, rule }) => ({
      item,
      rule: rule.rule,
      qty: rule.qtyPerInstrument * configuration.qty,
    })),
  ];
  const { prices } = await priceLines(
    ctx,
    rows.map(({ item, qty }) => ({ catalogItemId: item.id, item, qty, agreedUnitPrice: null })),
    model.currency,
  );
  const lines = rows.map(
    ({ item, rule, qty }, index): CpqPricedLine => ({
      catalogItemId: item.id,
      sku: item.sku,
      name: item.name,
      unit: item.unit,
      rule,
      qty,
      unitPrice: prices[index]?.unitPrice ?? 0,
      lineTotal: prices[index]?.lineTotal ?? 0,
    }),
  );
  const cents = lines.reduce((sum, line) => sum + Math.round(line.lineTotal * 100), 0);
  return { currency: model.currency, lines, total: roundInCurrency(cents / 100, model.currency) };
}

export const getCpqModel: Handler<'getCpqModel'> = async (ctx, payload) => {
  const scope = await accountScope(ctx, payload.storefrontId, payload.accountId);
  return (await loadModel(ctx, scope, payload.storefrontId, payload.itemId)).model;
};

export const priceCpqConfiguration: Handler<'priceCpqConfiguration'> = async (ctx, payload) => {
  const scope = await accountScope(ctx, payload.storefrontId, payload.accountId);
  return priceConfiguration(ctx, scope, payload.storefrontId, payload);
};

/**
 * Adds the configuration as one group: its instrument line and option lines, written together with the group
 * that ties them. A cart holds an item on one line, so a configuration whose items are on the cart already
 * is refused, naming them, rather than mixed into lines of their own.
 */
export const addCpqConfiguration: Handler<'addCpqConfiguration'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  const { lines } = await priceConfiguration(ctx, scope, payload.storefrontId, payload);
  const groupId = randomUUID();
  const cart = await addLinesToCart(
    ctx,
    scope,
    lines.map((line) => ({ catalogItemId: line.catalogItemId, qty: line.qty, field: 'qty' })),
    {
      before: async (tx, quote) => {
        const taken = await itemsOnQuote(
          tx.db,
          quote.id,
          lines.map((line) => line.catalogItemId),
        );
        if (taken.length > 0) {
          throw new CrmHttpError(
            409,
            'CONFIGURATION_CONFLICT',
            `your cart already holds ${taken.join(', ')}; remove ${taken.length === 1 ? 'it' : 'them'} from the cart (or check out first) to add this configuration.`,
          );
        }
      },
      after: (tx, written) =>
        insertGroupLines(
          tx.db,
          groupId,
          written.map((line, index) => ({ lineId: line.id, role: index === 0 ? 'Instrument' : 'Option' })),
        ),
    },
  );
  return { ...cart, groupId };
};
