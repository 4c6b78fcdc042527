import {
  answerSchema,
  CRM_TYPES,
  type CrmAnswer,
  type CrmPayload,
  type CrmType,
  crmEndpoint,
} from '@storefront/contracts/crm';
import { MESSAGES } from '@storefront/contracts/messages';
import { GatewayCallError, parseAnswer } from './gateway';
import type { StorefrontSession } from './storefront.server';

/**
 * One CRM call through the gateway's makeCall (spec P§7): GET types carry their parameters in the endpoint,
 * POST types in a JSON payload. userType, accountId and domain go along as the spec says; the gateway
 * decides them from the principal, whatever is sent. The answer is parsed with the type's contract row, so
 * a CRM answering something else fails here, with a code, instead of deep inside a page.
 *
 * A failure throws GatewayCallError with its code and the text a person sees (spec P§8). 'No records
 * Found' is an empty list for a list type; for a type answering one record it is a NO_RECORDS_FOUND failure
 * (see orNone).
 */
export async function crmCall<T extends CrmType>(
  session: StorefrontSession,
  type: T,
  payload: CrmPayload<T>,
): Promise<CrmAnswer<T>> {
  const content = await makeCall(session, type, payload);
  const schema = answerSchema(type);
  // P§8 reads 'No records Found' as an empty list; a type answering one record has none to show.
  if (Array.isArray(content) && content.length === 0 && !schema.safeParse(content).success) {
    throw new GatewayCallError(404, 'NO_RECORDS_FOUND', MESSAGES.noRecordsFound);
  }
  return parseAnswer(schema, content, `The CRM's ${type} answer`);
}

/** The storefront and account a CRM call acts for (the gateway checks the account is the viewer's). */
export function accountScope(session: StorefrontSession): { storefrontId: string; accountId: string } {
  return { storefrontId: session.storefront.storefrontId, accountId: session.viewer.accountId };
}

/**
 * What a page shows beside the cart rather than of it (a total, labels, a list): when it cannot be loaded the
 * page goes on without it, and the log says why.
 */
export async function orElse<T>(what: string, fallback: T, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    console.warn(`${what} could not be loaded:`, error);
    return fallback;
  }
}

/** A record call's answer, or null when the CRM found none. */
export async function orNone<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof GatewayCallError && error.errorCode === 'NO_RECORDS_FOUND') return null;
    throw error;
  }
}

function makeCall<T extends CrmType>(
  session: StorefrontSession,
  type: T,
  payload: CrmPayload<T>,
): Promise<unknown> {
  const { viewer, url } = session;
  const call =
    CRM_TYPES[type].method === 'GET'
      ? { callType: 'GET', endpoint: crmEndpoint(type, queryParams(payload)) }
      : { callType: 'POST', endpoint: crmEndpoint(type), payload: JSON.stringify(payload) };
  const data = { ...call, userType: viewer.userType, accountId: viewer.accountId, domain: url.hostname };
  return session.gateway('SalesforceActions', { action: 'makeCall', data: JSON.stringify(data) });
}

function queryParams(payload: object): Record<string, string> {
  return Object.fromEntries(
    Object.entries(payload)
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([name, value]) => [name, String(value)]),
  );
}
