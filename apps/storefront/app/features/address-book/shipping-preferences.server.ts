import type { CrmAnswer } from '@storefront/contracts/crm';
import { SHIPPING_PREFERENCE_MESSAGES } from '@storefront/contracts/crm-address-book';
import { accountScope, crmCall } from '../../lib/crm.server';
import { GatewayCallError } from '../../lib/gateway';
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
  const carrierAccountNumber = text('carrierAccountNumber');
  let answer: CrmAnswer<'saveShippingPreferences'>;
  try {
    answer = await crmCall(session, 'saveShippingPreferences', {
      ...accountScope(session),
      carrier,
      service,
      carrierAccountNumber,
    });
  } catch (error) {
    // Text the CRM's schema refuses (too long, a NUL) is a refusal beside its field, not a failure.
    if (error instanceof GatewayCallError && error.status === 400) {
      return error.field === 'carrierAccountNumber'
        ? {
            ok: false,
            field: 'carrierAccountNumber',
            message: SHIPPING_PREFERENCE_MESSAGES.carrierAccountNumber,
          }
        : { ok: false, field: 'service', message: SHIPPING_PREFERENCE_MESSAGES.service };
    }
    throw error;
  }
  return answer.saveStatus === 'SUCCESS'
    ? { ok: true }
    : { ok: false, field: answer.field, message: answer.message };
}
