import { z } from 'zod';
import { crmType } from './crm-base';
import { catalogueScope, id, quantity, quoteScope } from './crm-fields';
import { quoteItemsSchema } from './crm-quotes';

/**
 * Configure-price-quote (/cpq): an instrument with the options its model's rules name. 'Needs' options come
 * with the instrument; 'Suggests' options are offered and the buyer ticks them. The CRM prices the whole
 * configuration and adds it to the cart as one configured group (docs/decisions/0036-quick-order-and-cpq.md).
 */

export const CPQ_RULES = ['Needs', 'Suggests'] as const;
export type CpqRule = (typeof CPQ_RULES)[number];

/** Configured instruments a cart takes at once: each is a lab's capital purchase. */
export const CPQ_MAX_QTY = 20;

const cpqItemSchema = z.object({
  catalogItemId: z.string(),
  sku: z.string(),
  name: z.string(),
  unit: z.string(),
  unitPrice: z.number(),
});

export const cpqOptionSchema = cpqItemSchema.extend({
  rule: z.enum(CPQ_RULES),
  /** How many come with one instrument (two nozzles, four lasers…). */
  qtyPerInstrument: z.number(),
  /** The heading it is offered under: Lasers, Automation, Software, Service… */
  section: z.string(),
  /** Why it is needed or suggested, in the words of a sales engineer. */
  note: z.string(),
});
export type CpqOption = z.infer<typeof cpqOptionSchema>;

export const cpqModelSchema = z.object({
  currency: z.string(),
  instrument: cpqItemSchema,
  options: z.array(cpqOptionSchema),
  /** Needed options this account's catalogue does not hold: the configuration cannot be ordered here. */
  unavailable: z.array(z.object({ sku: z.string(), name: z.string() })),
});
export type CpqModel = z.infer<typeof cpqModelSchema>;

export const cpqPricedLineSchema = cpqItemSchema.extend({
  rule: z.enum(['Instrument', ...CPQ_RULES]),
  qty: z.number(),
  lineTotal: z.number(),
});
export type CpqPricedLine = z.infer<typeof cpqPricedLineSchema>;

const configuration = {
  /** The instrument's item in the account's catalogue. */
  itemId: id,
  /** The suggested options the buyer ticked; the needed ones are always included. */
  optionItemIds: z.array(id).max(50).default([]),
  qty: quantity(1, 'must be at least 1').max(CPQ_MAX_QTY, `must be at most ${CPQ_MAX_QTY}`),
};

const cpqRow = { group: 'cpq', cacheable: false } as const;

export const CPQ_CRM_TYPES = {
  /** The instrument as the account's catalogue sells it, with its needed and suggested options, priced. */
  getCpqModel: crmType({
    ...cpqRow,
    method: 'POST',
    payload: z.object({ ...catalogueScope, itemId: id }),
    answer: cpqModelSchema,
  }),
  /** The configuration's lines (instrument, needed, ticked) at the quantity asked, and its total. */
  priceCpqConfiguration: crmType({
    ...cpqRow,
    method: 'POST',
    payload: z.object({ ...catalogueScope, ...configuration }),
    answer: z.object({ currency: z.string(), lines: z.array(cpqPricedLineSchema), total: z.number() }),
  }),
  /** Adds the configuration to the cart as one configured group, in one transaction under the cart's lock. */
  addCpqConfiguration: crmType({
    ...cpqRow,
    method: 'POST',
    payload: z.object({ ...quoteScope, ...configuration }),
    answer: quoteItemsSchema.extend({ groupId: z.string() }),
  }),
};
