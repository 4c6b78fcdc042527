import {
  type CallType,
  CRM_BASE_PATH,
  CRM_TYPES,
  type CrmType,
  crmPayloads,
  isCrmType,
  type UserType,
} from '@storefront/contracts';
import { z } from 'zod';
import { GatewayError } from './envelope';

/**
 * Which CRM types each user type may call through makeCall. getActiveStorefronts stays off every list because
 * it lists every tenant (the gateway serves the caller's own storefront through `theme` and resolveDomain).
 */
const CATALOGUE_TYPES: readonly CrmType[] = [
  'retrieveContentBlocks',
  'getMergedMetaInfo',
  'retrieveCatalogNG',
  'getEcatalogDetails',
  'getCatalogGroupCounts',
  'getCatalogPicklistGroupCounts',
  'getFormattedObjectDetails',
  'getGuestAccounts',
  'getMetaItems',
  'getTranslationHeaders',
  'getLookupRecords',
];

/** A guest's own cart, reached by the guest cart secret the gateway adds from the request. */
const CART_TYPES: readonly CrmType[] = [
  'getActiveQuote',
  'startNewCart',
  'saveItemToQuoteBlink',
  'updateQLI',
  'deleteLineItems',
  'getQuoteItems',
  'getPromoCodeInfo',
  'getQLIsForPromoCode',
  'applyPromoCodeNG',
  'exportToCSV',
  'getLineItemAttributesNG',
  'getAttributesOfItems',
  'getRowItems',
];

/**
 * What only a signed-in user has: their account's quotes and records, saved filters, and taking over the cart
 * they made as a guest.
 */
const ACCOUNT_CART_TYPES: readonly CrmType[] = [
  'getActiveQuoteFromUser',
  'makeActiveCart',
  'makeActiveCartForGuest',
  'getGroupedFilteredList',
  'getRecord',
  'updateRecord',
  'saveECatalogFilters',
  'getSavedFilter',
];

const GUEST_TYPES: ReadonlySet<CrmType> = new Set([...CATALOGUE_TYPES, ...CART_TYPES]);
const SIGNED_IN_TYPES: ReadonlySet<CrmType> = new Set([...GUEST_TYPES, ...ACCOUNT_CART_TYPES]);

export const ALLOWED_TYPES: Readonly<Record<UserType, ReadonlySet<CrmType>>> = {
  AWSGuest: GUEST_TYPES,
  AWSPortalUser: SIGNED_IN_TYPES,
  AWSManager: SIGNED_IN_TYPES,
  AWSAdmin: SIGNED_IN_TYPES,
};

/** The keys of a payload schema; a union of object schemas (one per kind of record) takes those of each. */
function fieldNames(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodUnion)
    return schema.options.flatMap((option) => fieldNames(option as z.ZodType));
  return [];
}

const FIELDS = new Map(
  Object.entries(crmPayloads).map(([type, schema]) => [type, new Set(fieldNames(schema))]),
);

/** Whether `type` takes the field `name`: one of its GET parameters or POST body keys. */
export function takesField(type: CrmType, name: string): boolean {
  return FIELDS.get(type)?.has(name) ?? false;
}

/** An endpoint that passed the allow-list: GET types carry their query parameters (without `type`). */
export interface CrmCall {
  type: CrmType;
  method: CallType;
  params: Record<string, string>;
}

/**
 * Lower-case group names only: no dots, slashes, percent-escapes or fragments can reach the CRM path,
 * so traversal (`..`, `%2e%2e`, `//`) and absolute URLs never match.
 */
const ENDPOINT = new RegExp(`^${CRM_BASE_PATH}/([a-z]+)\\?([^#]*)$`);

const refuse = (reason: string): GatewayError => new GatewayError(403, `Endpoint not allowed: ${reason}`);

/** Matches a client-named endpoint against the allow-list of `userType`; anything else is a 403. */
export function authorizeEndpoint(userType: UserType, callType: string, endpoint: string): CrmCall {
  const match = ENDPOINT.exec(endpoint);
  if (!match) throw refuse(`expected ${CRM_BASE_PATH}/<group>?type=<name>.`);
  const [, group = '', query = ''] = match;
  const search = new URLSearchParams(query);
  const types = search.getAll('type');
  const type = types[0];
  if (types.length !== 1 || type === undefined) throw refuse('exactly one type parameter is required.');
  if (!isCrmType(type)) throw refuse(`unknown type '${type}'.`);
  const { method, group: typeGroup } = CRM_TYPES[type];
  if (group !== typeGroup) throw refuse(`type '${type}' is not served under '${group}'.`);
  if (!ALLOWED_TYPES[userType].has(type)) throw refuse(`type '${type}' is not allowed for ${userType}.`);
  if (callType !== method) throw refuse(`type '${type}' is called with ${method}, not ${callType}.`);
  search.delete('type');
  return { type, method, params: acceptedParams(type, method, search) };
}

/** GET types take the parameters of their schema, each once; POST types take theirs from the payload. */
function acceptedParams(type: CrmType, method: CallType, search: URLSearchParams): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of search) {
    if (method === 'POST') throw refuse(`type '${type}' takes its parameters in the payload.`);
    if (!takesField(type, name)) throw refuse(`parameter '${name}' is not accepted by '${type}'.`);
    if (Object.hasOwn(params, name)) throw refuse(`parameter '${name}' is repeated.`);
    params[name] = value;
  }
  return params;
}
