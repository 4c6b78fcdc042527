import { ADDRESS_FORM_FIELDS, type AddressForm, validateAddress } from '@storefront/contracts/address-rules';
import { ADDRESS_BOOK_FIELDS } from '@storefront/contracts/crm-address-book';
import type { AddressErrors } from '../../blocks/checkout/address-form';
import { accountScope, crmCall } from '../../lib/crm.server';
import { GatewayCallError } from '../../lib/gateway';
import type { StorefrontSession } from '../../lib/storefront.server';
import type { AddressSuggestion } from '../checkout/checkout-actions';
import { taxServiceRefusal } from '../checkout/tax-address-check.server';

/** The intents the address book's forms post; what each did is said after the redirect (`done`). */
export const BOOK_INTENTS = ['save', 'delete', 'default'] as const;
export type BookIntent = (typeof BOOK_INTENTS)[number];

export const BOOK_DONE: Record<BookIntent, string> = {
  save: 'Location saved.',
  delete: 'Location deleted.',
  default: 'Default location changed.',
};

/** What a value the CRM or the tax service refuses as text (too long, a NUL) shows beside its field. */
export const UNSTORABLE_TEXT = 'This is too long, or holds characters that cannot be stored.';

export const LOCATION_GONE = 'This location is no longer in your address book.';

export function loadAddressBook(session: StorefrontSession) {
  return crmCall(session, 'getAddressBook', accountScope(session));
}

function formOf(body: FormData): AddressForm {
  return Object.fromEntries(
    ADDRESS_FORM_FIELDS.map((field) => {
      const value = body.get(field);
      return [field, typeof value === 'string' ? value : ''];
    }),
  ) as AddressForm;
}

export type BookResult =
  | { ok: true; intent: BookIntent }
  | {
      ok: false;
      status: number;
      problem: string | null;
      errors: AddressErrors;
      values: AddressForm | null;
      /** The tax service could not confirm the address: its message and the address it suggests. */
      taxCheck?: { message: string; suggestion: AddressSuggestion };
    };

const locationIdOf = (body: FormData) => {
  const value = body.get('locationId');
  return typeof value === 'string' ? value.trim().slice(0, 64) : '';
};

/**
 * One write of the address book. A save is checked against every C§5 rule here first, so each broken rule
 * shows beside its field at once; the CRM checks them again (the browser is not trusted) and a refusal it
 * answers is shown the same way. Nothing is written when any rule is broken.
 */
export async function changeAddressBook(session: StorefrontSession, body: FormData): Promise<BookResult> {
  const intent = body.get('intent');
  const locationId = locationIdOf(body);
  const scope = accountScope(session);
  try {
    if (intent === 'delete' || intent === 'default') {
      if (!locationId) return { ok: false, status: 400, problem: LOCATION_GONE, errors: {}, values: null };
      const type = intent === 'delete' ? 'deleteAccountLocation' : 'setDefaultAccountLocation';
      await crmCall(session, type, { ...scope, locationId });
      return { ok: true, intent };
    }
    if (intent !== 'save')
      return { ok: false, status: 400, problem: 'Choose what to do.', errors: {}, values: null };
    const values = formOf(body);
    const issues = validateAddress(
      values,
      {
        addressType: 'Shipping',
        addressObject: locationId ? 'UpdateLocation' : 'Location',
        addingLocation: true,
      },
      ADDRESS_BOOK_FIELDS,
    );
    const refuse = (list: typeof issues): BookResult => ({
      ok: false,
      status: 400,
      problem: list.find((issue) => issue.field === null)?.message ?? null,
      errors: Object.fromEntries(
        list.flatMap((issue) => (issue.field ? [[issue.field, issue.message]] : [])),
      ),
      values,
    });
    if (issues.length > 0) return refuse(issues);
    // An address the buyer took from the tax service's suggestion is not asked about again.
    const taxCheck = body.get('checked') === 'true' ? null : await taxServiceRefusal(session, values);
    if (taxCheck) {
      const { message, suggestion } = taxCheck;
      // Without a suggestion the message stands alone above the form.
      return suggestion
        ? { ok: false, status: 400, problem: null, errors: {}, values, taxCheck: { message, suggestion } }
        : { ok: false, status: 400, problem: message, errors: {}, values };
    }
    const answer = await crmCall(session, 'saveAccountLocation', {
      ...scope,
      ...values,
      ...(locationId && { locationId }),
    });
    if (answer.saveStatus === 'ERROR') return refuse([{ field: answer.field, message: answer.message }]);
    return { ok: true, intent };
  } catch (error) {
    // Text the CRM cannot take (over its limit, a NUL) is refused beside its field, not as a failure.
    const field = ADDRESS_FORM_FIELDS.find(
      (name) => error instanceof GatewayCallError && error.field === name,
    );
    if (error instanceof GatewayCallError && error.status === 400 && field) {
      return {
        ok: false,
        status: 400,
        problem: null,
        errors: { [field]: UNSTORABLE_TEXT },
        values: formOf(body),
      };
    }
    // Deleted in another tab, or not this account's: the page says so instead of failing.
    if (error instanceof GatewayCallError && (error.status === 403 || error.status === 404)) {
      return { ok: false, status: error.status, problem: LOCATION_GONE, errors: {}, values: null };
    }
    // Too many new locations: how long to wait, above the form as it was typed.
    if (error instanceof GatewayCallError && error.status === 429) {
      return { ok: false, status: 429, problem: error.message, errors: {}, values: formOf(body) };
    }
    throw error;
  }
}
