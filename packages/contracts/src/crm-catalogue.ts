import { z } from 'zod';
import { templateBlockRecordSchema, templateRecordSchema } from './blocks';
import {
  type Category,
  catalogItemDetailSchema,
  catalogPageSchema,
  categorySchema,
  ecatalogDetailsSchema,
  groupCountSchema,
  type OfferDetails,
  offerDetailsSchema,
  offerSummarySchema,
  PICKLIST_FIELDS,
  type ProductElsewhere,
  picklistCountSchema,
  productElsewhereSchema,
} from './catalogue';
import { crmType, serverAnswer } from './crm-base';
import { catalogueFilters, catalogueScope, id, text } from './crm-fields';
import { type GuestAccount, type MetaItem, pageMetaSchema } from './meta';
import type { StorefrontRecord } from './storefront';

/** The storefront, content, meta and catalogue types of spec P§7 and C§7: their payloads, answers and rows. */

export const CATALOGUE_SORTS = ['name', 'sku', 'price-asc', 'price-desc'] as const;

/** What the user activity log records (spec P§4: a 'login' entry after sign-in). */
export const USER_ACTIVITIES = ['login', 'logout'] as const;

const page = z.coerce.number().int().min(1).default(1);
const catalogueQuery = {
  ...catalogueScope,
  categoryId: id.optional(),
  searchText: text().trim().max(200).optional(),
  filters: catalogueFilters,
};

/** Catalogue and content are the same for every viewer of an account, so the gateway may cache them. */
const catalogueRow = { group: 'ecommerce', cacheable: true } as const;

export const CATALOGUE_CRM_TYPES = {
  getActiveStorefronts: crmType({
    ...catalogueRow,
    method: 'GET',
    payload: z.object({}),
    answer: serverAnswer<StorefrontRecord[]>(),
  }),
  retrieveContentBlocks: crmType({
    ...catalogueRow,
    method: 'POST',
    payload: z.object({
      storefrontId: id,
      /** Omitted: every active template of the storefront, without blocks. */
      templateIds: z.array(id).max(50).optional(),
    }),
    /** Without ids: the templates (no blocks); with ids: each template's sections. */
    answer: z.array(z.union([templateRecordSchema, templateBlockRecordSchema])),
  }),
  getMergedMetaInfo: crmType({
    ...catalogueRow,
    method: 'GET',
    payload: z.object({ accId: id, stfId: id, url: text().max(2048) }),
    answer: pageMetaSchema,
  }),
  retrieveCatalogNG: crmType({
    ...catalogueRow,
    method: 'POST',
    payload: z.object({
      ...catalogueQuery,
      page,
      pageSize: z.coerce.number().int().min(1).max(200).default(24),
      sort: z.enum(CATALOGUE_SORTS).default('name'),
    }),
    answer: catalogPageSchema,
  }),
  getEcatalogDetails: crmType({
    ...catalogueRow,
    method: 'POST',
    payload: z.object(catalogueScope),
    answer: ecatalogDetailsSchema,
  }),
  getCatalogGroupCounts: crmType({
    ...catalogueRow,
    method: 'POST',
    payload: z.object(catalogueQuery),
    answer: z.array(groupCountSchema),
  }),
  getCatalogPicklistGroupCounts: crmType({
    ...catalogueRow,
    method: 'POST',
    payload: z.object({ ...catalogueQuery, field: z.enum(PICKLIST_FIELDS) }),
    answer: z.array(picklistCountSchema),
  }),
  /**
   * A catalogue item (its detail), a category, or an offer with its items, as objectapi names. An item named
   * by another catalogue of the storefront (a shared link, a bookmark made as a guest) is the account's item of
   * the same SKU; when the account's catalogue lacks it, the answer says so (productElsewhereSchema).
   */
  getFormattedObjectDetails: crmType({
    ...catalogueRow,
    method: 'GET',
    payload: z
      .object({
        objectapi: z.enum(['CatalogItem', 'Offer', 'Category']),
        objectid: id.optional(),
        /** A catalogue item may be named by its slug instead, as product paths do (an item id also resolves). */
        slug: text().trim().min(1).max(200).optional(),
        accId: id,
        stfId: id,
      })
      .refine((payload) => payload.objectid || (payload.objectapi === 'CatalogItem' && payload.slug), {
        message: 'objectid is required (or slug, for a CatalogItem)',
        path: ['objectid'],
      }),
    answer: z.union([catalogItemDetailSchema, productElsewhereSchema, offerDetailsSchema, categorySchema]),
  }),
  /**
   * The storefront's offers valid today that cover items of the account's catalogue, by name, each with those
   * items (the first few) and their number. One offer with all its items is getFormattedObjectDetails'.
   */
  getOffers: crmType({
    ...catalogueRow,
    method: 'POST',
    payload: z.object(catalogueScope),
    answer: z.array(offerSummarySchema),
  }),
  getGuestAccounts: crmType({
    ...catalogueRow,
    method: 'GET',
    payload: z.object({ accId: id }),
    answer: serverAnswer<GuestAccount[]>(),
  }),
  getMetaItems: crmType({
    ...catalogueRow,
    method: 'POST',
    payload: z.object({
      storefrontId: id,
      accountId: id.optional(),
      templateId: id.optional(),
      key: text().max(200).optional(),
      sortDirection: z.enum(['ASC', 'DESC']).default('ASC'),
      limit: z.coerce.number().int().min(1).max(500).default(100),
    }),
    answer: serverAnswer<MetaItem[]>(),
  }),
  logUserActivity: crmType({
    group: 'ecommerce',
    cacheable: false,
    method: 'POST',
    payload: z.object({
      storefrontId: id,
      accountId: id,
      username: text().trim().min(1, 'must not be empty').max(128),
      activity: z.enum(USER_ACTIVITIES),
    }),
    answer: serverAnswer<{ id: string; activity: (typeof USER_ACTIVITIES)[number]; createdAt: string }>(),
  }),
};

type ObjectDetails = z.infer<typeof catalogItemDetailSchema> | ProductElsewhere | OfferDetails | Category;

/** getFormattedObjectDetails' answer for a CatalogItem: the product's detail (the other objects lack tiers). */
export function isCatalogItemDetail(
  details: ObjectDetails,
): details is z.infer<typeof catalogItemDetailSchema> {
  return 'tiers' in details;
}

/** getFormattedObjectDetails' answer for an Offer: the offer and the account's catalogue items it covers. */
export function isOfferDetails(details: ObjectDetails): details is OfferDetails {
  return 'offer' in details;
}

/** getFormattedObjectDetails' answer for a CatalogItem the account's catalogue lacks. */
export function isProductElsewhere(details: ObjectDetails): details is ProductElsewhere {
  return 'notInCatalogue' in details;
}
