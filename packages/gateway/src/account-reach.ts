import {
  type AccountChoice,
  accountChoiceSchema,
  PA_ACCOUNT_OBJECT,
  paAccountSchema,
} from '@storefront/contracts';
import type { Cache } from '@storefront/shared-state';
import { z } from 'zod';
import type { CrmClient } from './crm-client';
import type { Logger } from './logger';
import type { TokenVerifier, VerifiedUser } from './principal';

/**
 * The related accounts a master relates may change while its users are signed in: they are kept at most this
 * long, so a relation the CRM removes stops being usable within it (docs/decisions/0025-related-accounts.md).
 */
export const RELATED_ACCOUNTS_TTL_MS = 30_000;

/**
 * A contact's stored choice is kept this long at most. The gateway forgets it when it stores a new one, so a
 * buyer's switch shows at once; the bound only covers a read racing that write on another instance.
 */
export const ACCOUNT_CHOICE_TTL_MS = 5_000;

/** Where a contact's choice is kept: one per contact and storefront. */
export const accountChoiceKey = (storefrontId: string, contactId: string) => `${storefrontId}/${contactId}`;

/** A master's related accounts, as the gateway keeps them: which it may act for, which take orders in behalf. */
export interface RelatedAccounts {
  ids: readonly string[];
  shipToIds: readonly string[];
}

const relatedAnswer = z.array(paAccountSchema);

/**
 * Widens what a verified user may act for with what the CRM says, never what the browser or the token says:
 * the related accounts of their own account (getPAAccounts, outside portal context, cached briefly) and the
 * contact's stored choice (getAccountSelection, kept briefly and forgotten when the gateway stores a new
 * one, so a change shows at once). A stored choice the CRM no longer relates is ignored. When the CRM fails, the user acts for their own account only
 * (P§8: a failure shows only the master account).
 */
export function withAccountReach(
  verify: TokenVerifier,
  crm: CrmClient,
  caches: { relations: Cache<RelatedAccounts>; choices: Cache<AccountChoice> },
  logger: Logger,
): TokenVerifier {
  const { relations: cache, choices } = caches;
  const relatedOf = async (storefrontId: string, master: string): Promise<RelatedAccounts> => {
    const key = `${storefrontId}/${master}`;
    const cached = await cache.get(key);
    if (cached) return cached;
    const answer = await crm({
      type: 'getPAAccounts',
      payload: {
        storefrontId,
        accountId: master,
        obj: PA_ACCOUNT_OBJECT,
        queryFilters: { Master_Account: master },
        isPortalContext: false,
      },
    });
    const records = answer.statusCode === 200 ? relatedAnswer.safeParse(answer.content) : null;
    if (!records?.success) {
      logger.warn({ crmType: 'getPAAccounts', status: answer.statusCode }, 'related accounts unavailable');
      return { ids: [], shipToIds: [] };
    }
    const related: RelatedAccounts = {
      ids: records.data.map((record) => record.Related_Account.Id),
      shipToIds: records.data.filter((record) => record.Ship_To).map((record) => record.Related_Account.Id),
    };
    await cache.set(key, related);
    return related;
  };

  const choiceOf = async (storefrontId: string, contactId: string): Promise<AccountChoice> => {
    const key = accountChoiceKey(storefrontId, contactId);
    const cached = await choices.get(key);
    if (cached) return cached;
    const answer = await crm({ type: 'getAccountSelection', payload: { storefrontId, contactId } });
    const choice = answer.statusCode === 200 ? accountChoiceSchema.safeParse(answer.content) : null;
    if (!choice?.success) return { selectedAccountId: null, shipToAccountId: null };
    await choices.set(key, choice.data);
    return choice.data;
  };

  return async (token, storefront) => {
    const user = await verify(token, storefront);
    // A user without an account of their own (a new sign-up acting for the guest account) relates nothing.
    if (!user || user.homeAccountId === storefront.guestAccountId) return user;
    const { storefrontId } = storefront;
    const related = await relatedOf(storefrontId, user.homeAccountId);
    if (related.ids.length === 0) return user;
    const choice = user.contactId
      ? await choiceOf(storefrontId, user.contactId)
      : { selectedAccountId: null, shipToAccountId: null };
    const { selectedAccountId, shipToAccountId } = choice;
    return {
      ...user,
      accountId:
        selectedAccountId && related.ids.includes(selectedAccountId) ? selectedAccountId : user.homeAccountId,
      accountIds: [user.homeAccountId, ...related.ids, ...user.accountIds.slice(1)],
      shipToAccountId:
        shipToAccountId && related.shipToIds.includes(shipToAccountId) ? shipToAccountId : null,
    } satisfies VerifiedUser;
  };
}
