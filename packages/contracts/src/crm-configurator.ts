import { z } from 'zod';
import { USER_TYPES } from './constants';
import { crmType } from './crm-base';
import { catalogueScope, id, quantity, quoteScope, text } from './crm-fields';
import { quoteItemsSchema } from './crm-quotes';

/**
 * The parts configurator (spec C§7 parts types; docs/decisions/0035-parts-configurator.md): each instrument
 * model's parts tree, the components linked to an installed instrument, part supersession, the parts'
 * pictures, and adding parts to the cart.
 */

/** Assembly: a heading of the tree (fluidics, optics …) that is no part itself. */
export const COMPONENT_KINDS = ['Assembly', 'Module', 'Spare part', 'Consumable', 'Kit'] as const;
export type ComponentKind = (typeof COMPONENT_KINDS)[number];

/** A linked component's state as the last service visit found it. */
export const COMPONENT_CONDITIONS = ['Good', 'Worn'] as const;
export type ComponentCondition = (typeof COMPONENT_CONDITIONS)[number];

/** What the account can order for a part: its catalogue item, priced for the account by the CRM. */
export const orderableItemSchema = z.object({
  itemId: z.string(),
  sku: z.string(),
  name: z.string(),
  unit: z.string(),
  image: z.string().nullable(),
  unitPrice: z.number(),
  currency: z.string(),
});
export type OrderableItem = z.infer<typeof orderableItemSchema>;

/** An obsolete part number and why it went: the part is ordered as its successor. */
export const supersessionSchema = z.object({
  partNumber: z.string(),
  name: z.string(),
  successorSku: z.string(),
  reason: z.string(),
  /** YYYY-MM-DD. */
  supersededOn: z.string(),
});
export type Supersession = z.infer<typeof supersessionSchema>;

/** A component linked to an installed instrument (its serial when it has one). */
export const linkedComponentSchema = z.object({
  id: z.string(),
  partNumber: z.string(),
  name: z.string(),
  quantity: z.number(),
  serialNumber: z.string().nullable(),
  condition: z.enum(COMPONENT_CONDITIONS),
  /** YYYY-MM-DD. */
  linkedOn: z.string(),
  /** The part number's supersession when it is no longer sold. */
  supersededBy: supersessionSchema.nullable(),
});
export type LinkedComponent = z.infer<typeof linkedComponentSchema>;

/** A node of a parts tree: modules and assemblies hold their parts in `children`. */
export interface PartsNode {
  id: string;
  kind: ComponentKind;
  /** The number the structure lists (perhaps obsolete); null for an assembly heading. */
  partNumber: string | null;
  name: string;
  /** How many an instrument holds. */
  quantity: number;
  /** Set when the listed number is obsolete: `item` is then its successor. */
  supersededBy: Supersession | null;
  /** What to order for it; null for a heading, or a part the account's catalogue does not sell. */
  item: OrderableItem | null;
  /** The part's picture (of its successor when superseded), whether or not the account buys it. */
  image: string | null;
  /** The installed instrument's components of this part (any revision of it). */
  linked: LinkedComponent[];
  children: PartsNode[];
}

export const partsNodeSchema: z.ZodType<PartsNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    kind: z.enum(COMPONENT_KINDS),
    partNumber: z.string().nullable(),
    name: z.string(),
    quantity: z.number(),
    supersededBy: supersessionSchema.nullable(),
    item: orderableItemSchema.nullable(),
    image: z.string().nullable(),
    linked: z.array(linkedComponentSchema),
    children: z.array(partsNodeSchema),
  }),
);

const modelSchema = z.object({ sku: z.string(), name: z.string(), itemId: z.string().nullable() });

/** Spec C§7 names awsUserType on some parts types; the gateway binds it from the caller's token. */
const awsUserType = z.enum(USER_TYPES).optional();
const partNumber = text().trim().min(1, 'must not be empty').max(64);
const qty = quantity(1, 'must be at least 1');

/**
 * P§7 names the ib manager group; C§7 lists these calls among those whose endpoint ends in '/ecommerce?type=X'.
 * Both paths serve them.
 */
const partsRow = { group: 'ibmanager', alsoUnder: ['ecommerce'], cacheable: false } as const;

export const CONFIGURATOR_CRM_TYPES = {
  /**
   * The parts tree of an installed instrument of the account (its linked components in place) or of a
   * model by SKU, priced for the account; a superseded part shows its successor. Naming neither answers
   * only the models to choose from.
   */
  getPartsList: crmType({
    ...partsRow,
    method: 'POST',
    payload: z
      .object({ ...catalogueScope, installBaseId: id.optional(), modelSku: partNumber.optional() })
      .refine((payload) => payload.installBaseId === undefined || payload.modelSku === undefined, {
        message: 'name an installed instrument or a model, not both',
        path: ['modelSku'],
      }),
    answer: z.object({
      /** The model the tree is of; null when none was named. */
      model: modelSchema.nullable(),
      /** The installed instrument the tree is for; null for a model. */
      instrument: z
        .object({ id: z.string(), serialNumber: z.string(), site: z.string(), installedOn: z.string() })
        .nullable(),
      /** The models the catalogue has a parts tree for, to choose another. */
      models: z.array(modelSchema),
      tree: z.array(partsNodeSchema),
      /** Components linked to the instrument that its model's tree does not list (accessories, upgrades). */
      otherLinked: z.array(linkedComponentSchema),
    }),
  }),
  /** A part's predecessors (obsolete numbers it replaced), its successor, and the parts sold beside it. */
  getSuperSubRelatedItemsParts: crmType({
    ...partsRow,
    method: 'POST',
    payload: z.object({ ...catalogueScope, partNumber }),
    answer: z.object({
      partNumber: z.string(),
      name: z.string(),
      predecessors: z.array(supersessionSchema),
      successor: supersessionSchema.nullable(),
      /** The parts listed in the same module or assembly of some model. */
      related: z.array(orderableItemSchema),
    }),
  }),
  /** The pictures of a catalogue item of the account's catalogue. */
  getImages: crmType({
    ...partsRow,
    method: 'POST',
    payload: z.object({ ...catalogueScope, itemId: id }),
    answer: z.object({
      images: z.array(
        z.object({ id: z.string(), title: z.string(), url: z.string(), contentType: z.string() }),
      ),
    }),
  }),
  /** A picture's body, in chunks of 512 characters (spec C§7). */
  loadImageBody: crmType({
    ...partsRow,
    method: 'POST',
    payload: z.object({ ...catalogueScope, itemId: id, imageId: id }),
    answer: z.object({
      id: z.string(),
      contentType: z.string(),
      fileName: z.string(),
      chunks: z.array(z.string()),
    }),
  }),
  /** How many of each item the caller's cart already holds (all lines when no item is named). */
  getQliQuantity: crmType({
    ...partsRow,
    method: 'POST',
    payload: z.object({ ...quoteScope, awsUserType, itemIds: z.array(id).max(500).default([]) }),
    answer: z.object({
      quoteId: z.string().nullable(),
      quantities: z.array(z.object({ itemId: z.string(), sku: z.string(), qty: z.number() })),
    }),
  }),
  /**
   * Adds parts to the caller's cart by part number, priced by the CRM; an obsolete number adds its successor.
   * All or nothing: a part the account cannot order refuses the whole request.
   */
  addPartToQuote: crmType({
    ...partsRow,
    method: 'POST',
    payload: z.object({
      ...quoteScope,
      awsUserType,
      parts: z.array(z.object({ partNumber, qty })).min(1, 'must name at least one part').max(100),
    }),
    answer: quoteItemsSchema.extend({
      /** The obsolete numbers asked for and the successors added instead. */
      replaced: z.array(z.object({ partNumber: z.string(), successorSku: z.string() })),
    }),
  }),
  /** Sets the qty of lines of the caller's cart (0 removes a line), as the cart's line update does. */
  updateQtyOnQLIs: crmType({
    ...partsRow,
    method: 'POST',
    payload: z.object({
      ...quoteScope,
      quoteId: id,
      lines: z
        .array(z.object({ id, qty: quantity(0, 'must be 0 (remove) or more') }))
        .min(1, 'must name at least one line')
        .max(200),
    }),
    answer: quoteItemsSchema,
  }),
  /** An installed instrument's linked components, and the parts of the catalogue that can be linked to it. */
  getLinkComponent: crmType({
    ...partsRow,
    method: 'POST',
    payload: z.object({ ...catalogueScope, installBaseId: id }),
    answer: z.object({
      linked: z.array(linkedComponentSchema),
      /** Any part the storefront sells (its Full catalogue, at its prices), the model's own parts first. */
      candidates: z.array(orderableItemSchema),
    }),
  }),
  /** Links a part of the account's catalogue to an installed instrument. */
  linkComponent: crmType({
    ...partsRow,
    method: 'POST',
    payload: z.object({
      ...catalogueScope,
      installBaseId: id,
      itemId: id,
      quantity: quantity(1, 'must be at least 1').max(100, 'must be at most 100'),
      serialNumber: text().trim().max(40, 'must be at most 40 characters').optional(),
    }),
    answer: z.object({ linked: z.array(linkedComponentSchema) }),
  }),
  /** Unlinks a component from an installed instrument. */
  unlinkKitItem: crmType({
    ...partsRow,
    method: 'POST',
    payload: z.object({ ...catalogueScope, installBaseId: id, componentId: id }),
    answer: z.object({ linked: z.array(linkedComponentSchema) }),
  }),
};
