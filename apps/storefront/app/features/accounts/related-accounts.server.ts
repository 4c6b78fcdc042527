import { PA_ACCOUNT_OBJECT, type PaAccount, type PaAccountField } from '@storefront/contracts/crm-accounts';
import { problemOf } from '@storefront/contracts/crm-errors';
import { MESSAGES } from '@storefront/contracts/messages';
import { crmCall } from '../../lib/crm.server';
import { GatewayCallError } from '../../lib/gateway';
import type { StorefrontSession } from '../../lib/storefront.server';
import {
  type AccountChoiceResult,
  type AccountPage,
  type RelatedAccountRow,
  ROW_LABELS,
  SELECT_ACCOUNT_INTENT,
  SHIP_TO_INTENT,
} from './related-accounts';

const DISPLAY_FIELDS: PaAccountField[] = ['ShippingCity', 'ShippingState', 'ShippingCountry'];

/** A call made for the user's own account (the master), whichever account they act for now. */
const asMaster = (session: StorefrontSession): StorefrontSession => ({
  ...session,
  viewer: { ...session.viewer, accountId: session.viewer.homeAccountId },
});

/**
 * What /billing/account shows: the account acted for, and the master's Related accounts list. A failure
 * loading the related accounts shows only the master account (P§8); the account itself must load.
 */
export async function loadAccountPage(session: StorefrontSession): Promise<AccountPage> {
  const { viewer, storefront } = session;
  const { storefrontId } = storefront;
  const master = viewer.homeAccountId;
  const [account, masterAccount, related] = await Promise.all([
    crmCall(session, 'getAccountDetails', { storefrontId, accountId: viewer.accountId }),
    viewer.accountId === master
      ? null
      : crmCall(asMaster(session), 'getAccountDetails', { storefrontId, accountId: master }).catch(
          () => null,
        ),
    crmCall(asMaster(session), 'getPAAccounts', {
      storefrontId,
      accountId: master,
      displayFields: DISPLAY_FIELDS,
      obj: PA_ACCOUNT_OBJECT,
      searchText: '',
      queryFilters: { Master_Account: master },
      isPortalContext: false,
    }).catch((): PaAccount[] => []),
  ]);
  const masterName =
    (masterAccount ?? (viewer.accountId === master ? account : null))?.Name ??
    related[0]?.Master_Account.Name ??
    'Your account';
  const isCurrent = (id: string) => id === viewer.accountId;
  const rows: RelatedAccountRow[] = [
    {
      id: master,
      name: masterName,
      place: '',
      labels: [isCurrent(master) ? ROW_LABELS.currentMaster : ROW_LABELS.master],
      selectable: !isCurrent(master),
    },
    ...related.map(({ Related_Account: site }) => ({
      id: site.Id,
      name: site.Name,
      place: [site.ShippingCity, site.ShippingState, site.ShippingCountry].filter(Boolean).join(', '),
      labels: isCurrent(site.Id) ? [ROW_LABELS.current] : [],
      selectable: !isCurrent(site.Id),
    })),
  ];
  // A site does not receive orders in its own behalf: acting for it, it is no ship-to choice.
  const options = related
    .filter((record) => record.Ship_To && !isCurrent(record.Related_Account.Id))
    .map(({ Related_Account: site }) => ({ id: site.Id, name: site.Name }));
  return { account, rows, shipTo: { options, selectedId: viewer.shipToAccountId } };
}

/**
 * Stores the user's choice on the server (saveAccountSelection): the account to act for (their own is stored
 * as none) or the ship-to account, keeping the other as it is. The gateway refuses an account the CRM does
 * not relate to theirs; the refusal is told beside the list, never as a 500: a ship-to (in-behalf) save that
 * fails with C§8's 'Shipping Address not saved'.
 */
export async function saveAccountChoice(
  session: StorefrontSession,
  form: FormData,
): Promise<AccountChoiceResult> {
  const { viewer, storefront } = session;
  const intent = String(form.get('intent') ?? '');
  const own = (id: string) => (id === viewer.homeAccountId ? null : id);
  const chosen = (name: string) => String(form.get(name) ?? '');
  let choice: { selectedAccountId: string | null; shipToAccountId: string | null };
  if (intent === SELECT_ACCOUNT_INTENT) {
    choice = { selectedAccountId: own(chosen('accountId')), shipToAccountId: viewer.shipToAccountId };
  } else if (intent === SHIP_TO_INTENT) {
    choice = { selectedAccountId: own(viewer.accountId), shipToAccountId: chosen('shipToAccountId') || null };
  } else {
    return { ok: false, message: 'Choose an account.', status: 400 };
  }
  try {
    await crmCall(session, 'saveAccountSelection', { storefrontId: storefront.storefrontId, ...choice });
    return { ok: true, intent };
  } catch (error) {
    if (!(error instanceof GatewayCallError) || error.status === 401 || error.status >= 500) throw error;
    const message = intent === SHIP_TO_INTENT ? MESSAGES.shippingAddressNotSaved : problemOf(error);
    return { ok: false, message, status: error.status };
  }
}
