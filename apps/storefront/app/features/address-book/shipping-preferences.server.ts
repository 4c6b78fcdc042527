import { accountScope, crmCall } from '../../lib/crm.server';
import type { StorefrontSession } from '../../lib/storefront.server';

export async function loadShippingPreferences(session: StorefrontSession) {
  const [preferences, picklists] = await Promise.all([
    crmCall(session, 'getShippingPreferences', accountScope(session)),
    crmCall(session, 'getShippingPicklists', {}),
  ]);
  return { preferences, carriers: picklists.carriers };
}

export type PreferencesResult =
  | { ok: true }
  | { ok: false; field: 'carrier' | 'service' | 'carrierAccountNumber'; message: string };

/** Saves the choice; the CRM checks the service is one of the carrier's and the account number's form. */
export async function savePreferences(
  session: StorefrontSession,
  body: FormData,
): Promise<PreferencesResult> {
  const text = (name: string) => {
    const value = body.get(name);
    return typeof value === 'string' ? value.slice(0, 200) : '';
  };
  const [carrier = '', service = ''] = text('service').split('|');
  const answer = await crmCall(session, 'saveShippingPreferences', {
    ...accountScope(session),
    carrier,
    service,
    carrierAccountNumber: text('carrierAccountNumber'),
  });
  return answer.saveStatus === 'SUCCESS'
    ? { ok: true }
    : { ok: false, field: answer.field, message: answer.message };
}
