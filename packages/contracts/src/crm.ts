import { z } from 'zod';
import { PICKLIST_FIELDS } from './catalogue';

/**
 * The CRM REST contract: `GET|POST /services/apexrest/<group>?type=<name>[&param=...]`, bearer token,
 * JSON in and out. GET types take their parameters from the query string, POST types from the JSON body.
 */
export const CRM_BASE_PATH = '/services/apexrest';

/** Path groups of spec P§7: ecommerce, guidance, billing portal, payment, elearning, cpq, ib manager, payment-method management. */
export const CRM_GROUPS = [
  'ecommerce',
  'guidance',
  'billingportal',
  'payment',
  'elearning',
  'cpq',
  'ibmanager',
  'paymentmethods',
] as const;
export type CrmGroup = (typeof CRM_GROUPS)[number];

export type CallType = 'GET' | 'POST';

const id = z.string().trim().min(1, 'must not be empty').max(64);
const page = z.coerce.number().int().min(1).default(1);
const filters = z.partialRecord(z.enum(PICKLIST_FIELDS), z.array(z.string().max(200)).max(50)).default({});
const catalogueScope = {
  storefrontId: id,
  accountId: id,
};
const catalogueQuery = {
  ...catalogueScope,
  categoryId: id.optional(),
  searchText: z.string().trim().max(200).optional(),
  filters,
};

export const CATALOGUE_SORTS = ['name', 'sku', 'price-asc', 'price-desc'] as const;

/** What the user activity log records (spec P§4: a 'login' entry after sign-in). */
export const USER_ACTIVITIES = ['login', 'logout'] as const;

/** Payload schemas by type; GET types parse their query parameters with these. */
export const crmPayloads = {
  getActiveStorefronts: z.object({}),
  retrieveContentBlocks: z.object({
    storefrontId: id,
    /** Omitted: every active template of the storefront, without blocks. */
    templateIds: z.array(id).max(50).optional(),
  }),
  getMergedMetaInfo: z.object({
    accId: id,
    stfId: id,
    url: z.string().max(2048),
  }),
  retrieveCatalogNG: z.object({
    ...catalogueQuery,
    page,
    pageSize: z.coerce.number().int().min(1).max(200).default(24),
    sort: z.enum(CATALOGUE_SORTS).default('name'),
  }),
  getEcatalogDetails: z.object(catalogueScope),
  getCatalogGroupCounts: z.object(catalogueQuery),
  getCatalogPicklistGroupCounts: z.object({ ...catalogueQuery, field: z.enum(PICKLIST_FIELDS) }),
  getFormattedObjectDetails: z
    .object({
      objectapi: z.enum(['CatalogItem', 'Offer', 'Category']),
      objectid: id.optional(),
      /** A catalogue item may be named by its slug instead, as the catalogue product path does. */
      slug: z.string().trim().min(1).max(200).optional(),
      accId: id,
      stfId: id,
    })
    .refine((payload) => payload.objectid || (payload.objectapi === 'CatalogItem' && payload.slug), {
      message: 'objectid is required (or slug, for a CatalogItem)',
      path: ['objectid'],
    }),
  getGuestAccounts: z.object({ accId: id }),
  getMetaItems: z.object({
    storefrontId: id,
    accountId: id.optional(),
    templateId: id.optional(),
    key: z.string().max(200).optional(),
    sortDirection: z.enum(['ASC', 'DESC']).default('ASC'),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  }),
  logUserActivity: z.object({
    storefrontId: id,
    accountId: id,
    username: z.string().trim().min(1, 'must not be empty').max(128),
    activity: z.enum(USER_ACTIVITIES),
  }),
} as const;

export type CrmType = keyof typeof crmPayloads;
export type CrmPayload<T extends CrmType> = z.infer<(typeof crmPayloads)[T]>;

/** Method and group of each type the CRM serves. */
export const CRM_TYPES: Record<CrmType, { method: CallType; group: CrmGroup; readOnly: boolean }> = {
  getActiveStorefronts: { method: 'GET', group: 'ecommerce', readOnly: true },
  retrieveContentBlocks: { method: 'POST', group: 'ecommerce', readOnly: true },
  getMergedMetaInfo: { method: 'GET', group: 'ecommerce', readOnly: true },
  retrieveCatalogNG: { method: 'POST', group: 'ecommerce', readOnly: true },
  getEcatalogDetails: { method: 'POST', group: 'ecommerce', readOnly: true },
  getCatalogGroupCounts: { method: 'POST', group: 'ecommerce', readOnly: true },
  getCatalogPicklistGroupCounts: { method: 'POST', group: 'ecommerce', readOnly: true },
  getFormattedObjectDetails: { method: 'GET', group: 'ecommerce', readOnly: true },
  getGuestAccounts: { method: 'GET', group: 'ecommerce', readOnly: true },
  getMetaItems: { method: 'POST', group: 'ecommerce', readOnly: true },
  logUserActivity: { method: 'POST', group: 'ecommerce', readOnly: false },
};

export function isCrmType(name: string): name is CrmType {
  return Object.hasOwn(CRM_TYPES, name);
}

/** `/services/apexrest/<group>?type=<name>` plus GET parameters. */
export function crmEndpoint(type: CrmType, params: Record<string, string> = {}): string {
  const query = new URLSearchParams({ type, ...params });
  return `${CRM_BASE_PATH}/${CRM_TYPES[type].group}?${query.toString()}`;
}

/** The body of every CRM error answer. */
export interface CrmError {
  errorCode: string;
  message: string;
}
