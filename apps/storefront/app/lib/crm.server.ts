import type {
  CatalogItemDetail,
  CatalogPage,
  GroupCount,
  PicklistCount,
} from '@storefront/contracts/catalogue';
import {
  type ClaimedCart,
  CRM_TYPES,
  type CrmPayload,
  type CrmType,
  crmEndpoint,
  type QuoteItems,
  type QuoteSummary,
} from '@storefront/contracts/crm';
import type { CsvExport, GroupedQuoteList, TranslationHeaders } from '@storefront/contracts/crm-cart-records';
import type { PageMeta } from '@storefront/contracts/meta';
import type { EcatalogDetails } from './catalogue';
import type { StorefrontSession } from './storefront.server';

/** The content of the CRM types that answer one record. */
interface RecordAnswers {
  getMergedMetaInfo: PageMeta;
  retrieveCatalogNG: CatalogPage;
  getEcatalogDetails: EcatalogDetails;
  getFormattedObjectDetails: CatalogItemDetail;
}

/** The content of the CRM types that answer a list. */
interface ListAnswers {
  getCatalogGroupCounts: GroupCount;
  getCatalogPicklistGroupCounts: PicklistCount;
}

/** The content of the cart's CRM types. */
interface CartAnswers {
  getActiveQuote: { quote: QuoteSummary | null };
  getQuoteItems: QuoteItems;
  saveItemToQuoteBlink: QuoteItems;
  updateQLI: QuoteItems;
  deleteLineItems: QuoteItems;
  startNewCart: { quote: QuoteSummary };
  makeActiveCart: QuoteItems;
  makeActiveCartForGuest: ClaimedCart;
  getQLIsForPromoCode: { qliIds: string[] };
  applyPromoCodeNG: QuoteItems;
  exportToCSV: CsvExport;
  getGroupedFilteredList: GroupedQuoteList;
  getTranslationHeaders: TranslationHeaders;
}

/** A cart call; a failure throws GatewayError with the text a person sees (spec P§8). */
export async function crmCart<T extends keyof CartAnswers>(
  session: StorefrontSession,
  type: T,
  payload: CrmPayload<T>,
): Promise<CartAnswers[T]> {
  return (await makeCall(session, type, payload)) as CartAnswers[T];
}

/**
 * One CRM call through the gateway's makeCall (spec P§7): GET types carry their parameters in the endpoint,
 * POST types in a JSON payload. userType, accountId and domain go along as the spec says; the gateway
 * decides them from the principal, whatever is sent.
 */
async function makeCall<T extends CrmType>(
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

/** A record; null when the CRM found none ('ERROR: No records Found.' reads as an empty list). */
export async function crmRecord<T extends keyof RecordAnswers>(
  session: StorefrontSession,
  type: T,
  payload: CrmPayload<T>,
): Promise<RecordAnswers[T] | null> {
  const content = await makeCall(session, type, payload);
  return Array.isArray(content) && content.length === 0 ? null : (content as RecordAnswers[T]);
}

export async function crmList<T extends keyof ListAnswers>(
  session: StorefrontSession,
  type: T,
  payload: CrmPayload<T>,
): Promise<ListAnswers[T][]> {
  const content = await makeCall(session, type, payload);
  return Array.isArray(content) ? (content as ListAnswers[T][]) : [];
}

function queryParams(payload: object): Record<string, string> {
  return Object.fromEntries(
    Object.entries(payload)
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([name, value]) => [name, String(value)]),
  );
}
