import type { InstalledInstrument } from '@storefront/contracts';
import { accountScope, crmCall } from '../../lib/crm.server';
import type { StorefrontSession } from '../../lib/storefront.server';

/** The instruments of the account the viewer acts for (the gateway binds the account; the CRM checks it). */
export async function listInstallBase(session: StorefrontSession): Promise<InstalledInstrument[]> {
  return (await crmCall(session, 'getInstallBase', accountScope(session))).instruments;
}
