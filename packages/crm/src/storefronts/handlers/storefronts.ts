import { type GuestAccount, MESSAGES, type StorefrontRecord } from '@storefront/contracts';
import { findAccount } from '../../core/accounts';
import { notFound } from '../../core/errors';
import type { Handler } from '../../core/handler';
import { listActiveStorefronts } from '../queries/storefronts';

export const getActiveStorefronts: Handler<'getActiveStorefronts'> = async (ctx) => {
  const rows = await listActiveStorefronts(ctx.db);
  return rows.map(
    ({ storefront, theme, organisation }): StorefrontRecord => ({
      id: storefront.id,
      storefrontId: storefront.id,
      storefrontName: storefront.name,
      domain: storefront.domain,
      resourcesDomain: storefront.resourcesDomain,
      awsUserPoolId: storefront.awsUserPoolId,
      clientId: storefront.clientId,
      clientName: storefront.clientName,
      guestAccountId: storefront.guestAccountId,
      organizationId: organisation.id,
      salesforceOrgId: organisation.salesforceOrgId,
      ssoInfo: storefront.ssoInfo,
      theme: { key: theme.key, ...theme.values },
    }),
  );
};

/** The guest account itself when the id names one; any other id has no guest account. */
export const getGuestAccounts: Handler<'getGuestAccounts'> = async (ctx, payload) => {
  const account = await findAccount(ctx.db, payload.accId);
  if (!account?.isGuest) throw notFound(MESSAGES.noRecordsFound);
  const guest: GuestAccount = { id: account.id, name: account.name, storefrontId: account.storefrontId };
  return [guest];
};
