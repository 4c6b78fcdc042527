import {
  CRM_TYPES,
  type Envelope,
  envelope,
  GATEWAY_MAX_PAYLOAD_CHARS,
  MESSAGES,
  type TemplateBlockRecord,
  text,
  USER_ACTIVITIES,
} from '@storefront/contracts';
import { z } from 'zod';
import { accountChoiceKey } from './account-reach';
import { authorizeEndpoint } from './allow-list';
import type { CrmRequest } from './crm-client';
import { accessDenied, GatewayRefusal, NOT_SIGNED_IN } from './envelope';
import { nestsTooDeep, TOO_DEEP } from './json-depth';
import { rootField } from './operation';
import { scopeToPrincipal } from './principal';
import { limitPromoCodeLookups } from './promo-code-lookups';
import { parseInput } from './resolver-input';
import { salesforceApi } from './salesforce-api';
import { userResolvers } from './users/resolvers';
import { crmWriteKind } from './write-limits';

/**
 * makeCall's data. The client also sends userType, domain and an access token here: none is trusted (the
 * principal decides them); an accountId it names must be one the principal may act for. Every string is the
 * contract's text, which refuses a NUL or a lone surrogate; what the payload holds is the CRM's to check.
 */
const makeCallData = z.looseObject({
  callType: text(),
  endpoint: text().max(2048),
  payload: text().max(GATEWAY_MAX_PAYLOAD_CHARS).nullish(),
  accountId: text().nullish(),
});

const payloadObject = z.record(z.string(), z.unknown());

/** The optional payload is a JSON string holding an object; absent or empty means `{}`. */
function parsePayload(payload: string | null | undefined): Record<string, unknown> {
  if (!payload) return {};
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    throw new GatewayRefusal(400, 'Invalid data: payload: must be a JSON string of an object');
  }
  if (nestsTooDeep(value)) throw new GatewayRefusal(400, `Invalid data: payload: ${TOO_DEEP}`);
  return parseInput(payloadObject, value, 'data: payload');
}

/** AppSync-style filter values: `{key: 'x'}` or `{key: {eq: 'x'}}`. Unknown filters are refused, not ignored. */
const equals = z.union([z.string(), z.object({ eq: z.string() }).transform(({ eq }) => eq)]).pipe(text());
const metaItemFilter = z
  .strictObject({ templateId: equals.optional(), key: equals.optional(), accountId: equals.optional() })
  .nullish();

/** userActivityLog's data: what happened. Who and for which account is the principal's to say. */
const activityData = z.looseObject({ activity: z.enum(USER_ACTIVITIES), accountId: text().nullish() });

/**
 * Every field is a Query field: AppSync clients send each call, reads and writes alike, as a `query`
 * operation. Whether an answer may be cached is decided per CRM type (CRM_TYPES[type].cacheable), not by the
 * operation type; GET is refused, so a query cannot be replayed by a link either.
 */
export const queryResolvers = {
  salesforceActions: rootField<{ action: string; data?: unknown }>('salesforceActions', async (operation) => {
    const { action, data } = operation.args;
    if (action !== 'makeCall') throw new GatewayRefusal(400, 'Unknown action');
    const principal = await operation.ctx.principal();
    const input = parseInput(makeCallData, data, 'data');
    const call = authorizeEndpoint(principal.userType, input.callType, input.endpoint);
    operation.crmType = call.type;
    const { promoCodeLookups, clientAddress } = operation.ctx;
    operation.counted = await limitPromoCodeLookups(promoCodeLookups, principal, clientAddress, call.type);
    // Scoped before the cache is consulted: a cached answer never bypasses the account checks.
    const request: CrmRequest =
      call.method === 'GET'
        ? { type: call.type, params: scopeToPrincipal(principal, call.type, call.params, input.accountId) }
        : {
            type: call.type,
            payload: scopeToPrincipal(principal, call.type, parsePayload(input.payload), input.accountId),
          };
    // Counted once the call is known to be the caller's to make: a refused call spends no budget.
    const write = crmWriteKind(request);
    if (write) await operation.ctx.writeLimits.count(write, principal, clientAddress);
    await operation.ctx.poFileQuota.count(request, principal, clientAddress);
    const forward = (): Promise<Envelope> => operation.crm(request);
    if (CRM_TYPES[call.type].cacheable) return operation.cached(principal, forward);
    const answer = await forward();
    // The principal is built from the stored choice: a new one is read again on the very next call.
    if (call.type === 'saveAccountSelection' && answer.statusCode === 200 && principal.contactId) {
      const key = accountChoiceKey(principal.storefront.storefrontId, principal.contactId);
      await operation.ctx.accountChoices.delete(key);
    }
    return answer;
  }),

  getTemplateBlock: rootField<{ storefrontId: string; templateId: string }>(
    'getTemplateBlock',
    async (operation) => {
      const { storefrontId, templateId } = operation.args;
      const principal = await operation.ctx.principal();
      const payload = scopeToPrincipal(principal, 'retrieveContentBlocks', {
        storefrontId,
        templateIds: [templateId],
      });
      return operation.cached(principal, async () => {
        const result = await operation.crm({ type: 'retrieveContentBlocks', payload });
        if (result.statusCode !== 200) return result;
        const records: TemplateBlockRecord[] = Array.isArray(result.content) ? result.content : [];
        const record = records.find((candidate) => candidate.templateId === templateId);
        return record ? envelope(200, record) : envelope(404, MESSAGES.noTemplateFound);
      });
    },
  ),

  templateDetails: rootField<{ organizationId: string }>('templateDetails', async (operation) => {
    const principal = await operation.ctx.principal();
    if (operation.args.organizationId !== principal.storefront.organizationId) throw accessDenied();
    const payload = { storefrontId: principal.storefront.storefrontId };
    return operation.cached(principal, () => operation.crm({ type: 'retrieveContentBlocks', payload }));
  }),

  metaItemByStorefront: rootField<{
    storefrontId: string;
    sortDirection?: string | null;
    filter?: unknown;
    limit?: number | null;
  }>('metaItemByStorefront', async (operation) => {
    const { storefrontId, sortDirection, filter, limit } = operation.args;
    const principal = await operation.ctx.principal();
    const { accountId, ...where } = parseInput(metaItemFilter, filter, 'filter') ?? {};
    const payload = scopeToPrincipal(
      principal,
      'getMetaItems',
      { storefrontId, ...where, sortDirection: sortDirection?.toUpperCase(), limit: limit ?? undefined },
      accountId,
    );
    return operation.cached(principal, () => operation.crm({ type: 'getMetaItems', payload }));
  }),

  /** The host's storefront theme; public like the domain details, so the sign-in page can be styled. */
  theme: rootField<{ key: string }>('theme', async (operation) => {
    if (operation.args.key !== 'theme') {
      throw new GatewayRefusal(404, `No theme for key '${operation.args.key}'`);
    }
    const storefront = await operation.ctx.storefront();
    return envelope(200, storefront.theme);
  }),

  salesforceApi,
  /**
   * Who the caller is, as verified here: pages decide what to show a signed-in user on this answer,
   * never on a cookie the browser could write. Not cached, so a revoked token is refused at once.
   */
  getLoginInfo: rootField<{ data?: unknown }>('getLoginInfo', async (operation) => {
    const {
      userType,
      accountId,
      accountIds,
      homeAccountId,
      shipToAccountId,
      contactId,
      username,
      storefront,
    } = await operation.ctx.principal();
    return envelope(200, {
      userType,
      accountId,
      accountIds,
      homeAccountId,
      shipToAccountId,
      contactId,
      username,
      storefrontId: storefront.storefrontId,
    });
  }),
  /** One entry of the user activity log (spec P§4: 'login' after sign-in), for the signed-in user only. */
  userActivityLog: rootField<{ data?: unknown }>('userActivityLog', async (operation) => {
    const principal = await operation.ctx.principal();
    if (!principal.username) throw new GatewayRefusal(401, NOT_SIGNED_IN);
    const { activity, accountId } = parseInput(activityData, operation.args.data, 'data');
    const payload = scopeToPrincipal(
      principal,
      'logUserActivity',
      { storefrontId: principal.storefront.storefrontId, username: principal.username, activity },
      accountId,
    );
    return operation.crm({ type: 'logUserActivity', payload });
  }),
  ...userResolvers,
};
