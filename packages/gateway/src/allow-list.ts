import {
  type CallType,
  CRM_BASE_PATH,
  CRM_TYPES,
  type CrmType,
  crmPayloads,
  isCrmType,
  type UserType,
} from '@storefront/contracts';
import { GatewayError } from './envelope';

/**
 * Which CRM types each user type may call through makeCall. Guests read the catalogue and content only;
 * getActiveStorefronts stays off the list because it lists every tenant (the gateway serves the caller's own
 * storefront through `theme` and resolveDomain). Signed-in types get their own types with the cart and portal
 * issues; until then they may do what a guest may.
 */
const GUEST_TYPES: ReadonlySet<CrmType> = new Set<CrmType>([
  'retrieveContentBlocks',
  'getMergedMetaInfo',
  'retrieveCatalogNG',
  'getEcatalogDetails',
  'getCatalogGroupCounts',
  'getCatalogPicklistGroupCounts',
  'getFormattedObjectDetails',
  'getGuestAccounts',
  'getMetaItems',
]);

export const ALLOWED_TYPES: Readonly<Record<UserType, ReadonlySet<CrmType>>> = {
  AWSGuest: GUEST_TYPES,
  AWSPortalUser: GUEST_TYPES,
  AWSManager: GUEST_TYPES,
  AWSAdmin: GUEST_TYPES,
};

/** Whether `type` takes the field `name`: one of its GET parameters or POST body keys. */
export function takesField(type: CrmType, name: string): boolean {
  return Object.hasOwn(crmPayloads[type].shape, name);
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
