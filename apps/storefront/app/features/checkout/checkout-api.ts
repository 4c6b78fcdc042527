import {
  ADDRESS_FORM_FIELDS,
  type AddressFieldConfig,
  type AddressForm,
  type AddressFormField,
  type AddressType,
  contactName,
  DEFAULT_ADDRESS_FIELD_CONFIG,
  validateAddress,
} from '@storefront/contracts/address-rules';
import { addressFieldConfigOf } from '@storefront/contracts/block-fields';
import { problemOf } from '@storefront/contracts/crm-errors';
import {
  GUEST_BUYER_FIELDS,
  type GuestBuyerForm,
  validateGuestBuyer,
} from '@storefront/contracts/crm-guest-buyers';
import {
  MAX_FILE_CHUNK_CHARS,
  MAX_PO_FILE_BYTES,
  PO_NUMBER_MAX,
} from '@storefront/contracts/crm-purchase-orders';
import type { CustomFieldError } from '@storefront/contracts/custom-fields';
import { MESSAGES } from '@storefront/contracts/messages';
import { data } from 'react-router';
import { z } from 'zod';
import { loadSections } from '../../lib/content.server';
import { crmCall } from '../../lib/crm.server';
import { readForm } from '../../lib/form.server';
import { GatewayCallError } from '../../lib/gateway';
import { loginPath } from '../../lib/paths';
import { requireSession, type StorefrontSession } from '../../lib/storefront.server';
import type { Route } from './+types/checkout-api';
import { checkoutScope } from './checkout.server';
import {
  type AddressSuggestion,
  BILLING_PREFIX,
  CHECKOUT_INTENTS,
  CHECKOUT_PATH,
  type CheckoutActionResult,
  type CheckoutAnswer,
  type CheckoutField,
  type CheckoutIntent,
  CUSTOM_FIELD_PREFIX,
  DELIVER_TO_PREFIX,
} from './checkout-actions';
import { taxServiceRefusal } from './tax-address-check.server';

type Form = Record<string, FormDataEntryValue>;

/** A refusal to show: its message, the field it belongs to, the tax service's suggestion. */
class Refusal extends Error {
  constructor(
    message: string,
    readonly field: CheckoutField | null = null,
    readonly suggestion: AddressSuggestion | null = null,
    readonly fieldErrors: CustomFieldError[] = [],
  ) {
    super(message);
  }
}

const id = z.string().trim().min(1).max(64);
const optionalId = id.optional().or(z.literal('').transform(() => undefined));
const text = (max: number) => z.string().max(max).default('');

function parseForm<S extends z.ZodType>(schema: S, form: Form): z.output<S> {
  const parsed = schema.safeParse(form);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Refusal(`${issue?.path.join('.') ?? 'The form'}: ${issue?.message ?? 'invalid input'}`);
  }
  return parsed.data;
}

/** Where the saved address comes from: typed in (Account level), or picked from the account's book. */
const addressSource = z.object({
  quoteId: id,
  addressObject: z.enum(['Account', 'Location']).default('Account'),
  locationId: optionalId,
  parentAccount: optionalId,
  /** The checkout page's template: its address block says which fields are required (C§5). */
  templateId: optionalId,
});

/** A Location without an id: the address is added to the account's book as a new location (C§4). */
const isNewLocation = (source: z.output<typeof addressSource>) =>
  source.addressObject === 'Location' && !source.locationId;

/** The address form's fields as typed, with the given prefix ('' or 'billing.'). */
function addressForm(form: Form, prefix: string): AddressForm {
  const values = ADDRESS_FORM_FIELDS.map((field) => {
    const value = form[`${prefix}${field}`];
    return [field, typeof value === 'string' ? value.replaceAll('\0', '') : ''];
  });
  return Object.fromEntries(values) as AddressForm;
}

/**
 * Saves an address onto the quote, after the rules of C§5 the browser checked too (the CRM checks them again
 * and is the authority). A refusal names the field it belongs to.
 */
async function saveAddress(
  session: StorefrontSession,
  addressType: AddressType,
  source: z.output<typeof addressSource>,
  address: AddressForm,
  fieldOf: (field: AddressFormField) => CheckoutField,
  config: AddressFieldConfig,
): Promise<void> {
  const context = {
    addressType,
    addressObject: source.addressObject,
    addingLocation: isNewLocation(source),
  } as const;
  const [issue] = validateAddress(address, context, config);
  if (issue) throw new Refusal(issue.message, issue.field ? fieldOf(issue.field) : null);
  const answer = await crmCall(session, 'saveAddress', {
    ...checkoutScope(session),
    quoteId: source.quoteId,
    addressType,
    addressObject: source.addressObject,
    locationId: source.locationId,
    parentAccount: source.parentAccount,
    templateId: source.templateId,
    address: address.address,
    address2: address.address2,
    city: address.city,
    state: address.state,
    zip: address.zip,
    country: address.country,
    locName: address.locName,
    contactName: contactName(address.firstName, address.lastName),
    contactEmail: address.email,
    contactPhone: address.phone,
  });
  if (answer.saveStatus === 'ERROR') {
    throw new Refusal(answer.message, answer.field ? fieldOf(answer.field) : null);
  }
}

/** The address configuration of the checkout page's template; the defaults when the form names none. */
async function addressConfigOf(
  session: StorefrontSession,
  templateId: string | undefined,
): Promise<AddressFieldConfig> {
  return templateId
    ? addressFieldConfigOf(await loadSections(session, templateId))
    : DEFAULT_ADDRESS_FIELD_CONFIG;
}

/** The tax service's refusal of a US or Canadian address, with its suggestion (tax-address-check.server.ts). */
async function checkWithTaxService(session: StorefrontSession, address: AddressForm): Promise<void> {
  const refusal = await taxServiceRefusal(session, address);
  if (refusal) throw new Refusal(refusal.message, null, refusal.suggestion);
}

const nothing: CheckoutAnswer = { tax: null, upload: null, payment: null };

const poNumber = z
  .string()
  .trim()
  .min(1, 'Enter a PO number.')
  .max(PO_NUMBER_MAX, `A PO number has at most ${PO_NUMBER_MAX} characters.`);

const INTENTS: Record<CheckoutIntent, (session: StorefrontSession, form: Form) => Promise<CheckoutAnswer>> = {
  /**
   * A guest names the buyer: the CRM makes (or updates) the prospect account and contact of the guest's own
   * quote. The browser checked the rules too; the CRM checks them again and decides the account.
   */
  async saveBuyer(session, form) {
    const { quoteId } = parseForm(z.object({ quoteId: id }), form);
    const buyer = Object.fromEntries(
      GUEST_BUYER_FIELDS.map((field) => [field, typeof form[field] === 'string' ? form[field] : '']),
    ) as GuestBuyerForm;
    const [issue] = validateGuestBuyer(buyer);
    if (issue) throw new Refusal(issue.message, issue.field);
    await crmCall(session, 'createGuestBuyer', { ...checkoutScope(session), quoteId, ...buyer });
    return nothing;
  },
  /**
   * The shipping address (possibly added as a new location), the billing address (the same one, "Use for
   * billing", or its own form) and, when given, a different deliver-to address.
   */
  async saveAddress(session, form) {
    const source = parseForm(addressSource, form);
    const config = await addressConfigOf(session, source.templateId);
    const shipping = addressForm(form, '');
    if (form.checked !== 'true') await checkWithTaxService(session, shipping);
    await saveAddress(session, 'Shipping', source, shipping, (field) => field, config);
    // Account-level: a location is added once, by the shipping save.
    const accountSource = {
      quoteId: source.quoteId,
      addressObject: 'Account' as const,
      templateId: source.templateId,
    };
    if (form.useForBilling === 'true') {
      const billingSource = isNewLocation(source) ? accountSource : source;
      await saveAddress(session, 'Billing', billingSource, shipping, (field) => field, config);
    } else {
      const billing = addressForm(form, BILLING_PREFIX);
      const billingField = (field: AddressFormField) => `${BILLING_PREFIX}${field}` as const;
      await saveAddress(session, 'Billing', accountSource, billing, billingField, config);
    }
    if (form.deliverTo === 'true') {
      const deliverTo = addressForm(form, DELIVER_TO_PREFIX);
      const deliverToField = (field: AddressFormField) => `${DELIVER_TO_PREFIX}${field}` as const;
      await saveAddress(session, 'DeliverTo', accountSource, deliverTo, deliverToField, config);
    }
    return nothing;
  },
  /** The billing auto-save of C§4: the account's billing address when the quote has none. */
  async saveBilling(session, form) {
    const source = parseForm(addressSource, form);
    await saveAddress(
      session,
      'Billing',
      source,
      addressForm(form, ''),
      (field) => `${BILLING_PREFIX}${field}`,
      await addressConfigOf(session, source.templateId),
    );
    return nothing;
  },
  async saveShipping(session, form) {
    const fields = parseForm(
      z.object({
        quoteId: id,
        carrier: text(80).pipe(z.string().trim().min(1, 'Choose a shipping method.')),
        method: text(80).pipe(z.string().trim().min(1, 'Choose a shipping method.')),
        customerShippingAccount: text(32),
      }),
      form,
    );
    await crmCall(session, 'saveShippingChargesWithBroker', {
      ...checkoutScope(session),
      objid: fields.quoteId,
      objtype: 'Quote',
      shippingdata: {
        ShippingCarrier: fields.carrier,
        ShippingMethod: fields.method,
        customerShippingAccount: fields.customerShippingAccount.trim() || null,
      },
    });
    return nothing;
  },
  async tax(session, form) {
    const { quoteId } = parseForm(z.object({ quoteId: id }), form);
    const tax = await crmCall(session, 'calculateAvaTax', {
      ...checkoutScope(session),
      recordId: quoteId,
      isCommit: false,
    });
    return { ...nothing, tax };
  },
  /**
   * The PO number, stored when the field is left. The CRM refuses a duplicate under its lock with the
   * storefront's configured message (or 'Error - PO Number already exists'), so that is what the buyer reads.
   */
  async savePo(session, form) {
    const fields = parseForm(z.object({ quoteId: id, poNumber }), form);
    const quotes = [{ id: fields.quoteId, poNumber: fields.poNumber }];
    await crmCall(session, 'updateQuote', { ...checkoutScope(session), quotes });
    return nothing;
  },
  /**
   * The cost centre or grant code of the order ('' for none). The CRM refuses an expired, inactive, not yet
   * valid or another account's code, saying why, and that is what the buyer reads.
   */
  async saveCostCentre(session, form) {
    const fields = parseForm(z.object({ quoteId: id, costCentreId: optionalId }), form);
    await crmCall(session, 'setQuoteCostCentre', {
      ...checkoutScope(session),
      quoteId: fields.quoteId,
      costCentreId: fields.costCentreId ?? null,
    });
    return nothing;
  },
  /**
   * The custom form's values, as typed (the prefixed fields). The CRM checks them against the template's
   * customForm and answers one refusal per field, shown beside it.
   */
  async saveCustomFields(session, form) {
    const { quoteId, templateId } = parseForm(z.object({ quoteId: id, templateId: id }), form);
    const values = Object.fromEntries(
      Object.entries(form).flatMap(([key, value]) =>
        key.startsWith(CUSTOM_FIELD_PREFIX) && typeof value === 'string'
          ? [[key.slice(CUSTOM_FIELD_PREFIX.length), value]]
          : [],
      ),
    );
    const answer = await crmCall(session, 'saveCustomFields', {
      ...checkoutScope(session),
      quoteId,
      templateId,
      values,
    });
    if (answer.errors.length > 0) {
      throw new Refusal('Check the fields marked below.', null, null, answer.errors);
    }
    return nothing;
  },
  /** One chunk of the PO file, in order (C§7 chunking); the CRM checks sizes, type and content. */
  async uploadChunk(session, form) {
    const fields = parseForm(
      z.object({
        quoteId: id,
        fileName: z.string().trim().min(1).max(255),
        fileSize: z.coerce.number().int().min(1).max(MAX_PO_FILE_BYTES, 'A PO file may be at most 10 MB.'),
        chunkIndex: z.coerce.number().int().min(0),
        chunkCount: z.coerce.number().int().min(1),
        uploadId: optionalId,
        fileContent: z.string().max(MAX_FILE_CHUNK_CHARS),
      }),
      form,
    );
    const { quoteId, ...chunk } = fields;
    const upload = await crmCall(session, 'uploadFile', {
      ...checkoutScope(session),
      fileRelatedTo: 'QPO',
      parentId: quoteId,
      filePublicLinkRequired: false,
      ...chunk,
    });
    return { ...nothing, upload };
  },
  async deleteFile(session, form) {
    const fields = parseForm(z.object({ fileName: z.string().trim().min(1).max(255), cvId: id }), form);
    await crmCall(session, 'deleteFile', {
      ...checkoutScope(session),
      fileName: fields.fileName,
      contentVersionId: fields.cvId,
    });
    return nothing;
  },
  /** A signed payment request for the amount the CRM computes; the buyer comes back to the checkout. */
  async pay(session, form) {
    const { quoteId } = parseForm(z.object({ quoteId: id }), form);
    const returnUrl = new URL(CHECKOUT_PATH, session.url.origin).toString();
    const payment = await crmCall(session, 'generateSignature', {
      ...checkoutScope(session),
      quoteId,
      returnUrl,
    });
    return { ...nothing, payment };
  },
};

/** The CRM's answers to what was asked: shown where they belong, not HTTP errors (decision 0013). */
const REFUSALS: readonly number[] = [400, 404, 409];

/** Every checkout step's write (C§7): the server decides account and ownership; the gateway checks them. */
export async function action(args: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(args.request));
  const intent = z.enum(CHECKOUT_INTENTS).safeParse(form.intent);
  if (!intent.success) return answer({ intent: null, message: 'Unknown checkout action.' }, 400);
  const session = await requireSession(args);
  try {
    const answered = await INTENTS[intent.data](session, form);
    const result: CheckoutActionResult = { ok: true, intent: intent.data, ...answered };
    return data(result);
  } catch (error) {
    if (error instanceof Refusal) {
      const { message, field, suggestion, fieldErrors } = error;
      return answer({ intent: intent.data, message, field, suggestion, fieldErrors });
    }
    if (!(error instanceof GatewayCallError)) throw error;
    if (error.status === 401) {
      const signInPath = loginPath('/checkout', { expired: true });
      return answer({ intent: intent.data, message: MESSAGES.sessionExpired, signInPath }, 401);
    }
    if (REFUSALS.includes(error.status)) {
      return answer({ intent: intent.data, message: problemOf(error), field: fieldOf(error) });
    }
    // C§8: an address save that fails otherwise says so in the address block; too many says how long to wait.
    const failed = intent.data === 'saveAddress' && error.status !== 429;
    const message = failed ? MESSAGES.unknownError : problemOf(error);
    return answer({ intent: intent.data, message }, error.status);
  }
}

/** Fields a CRM refusal may name that the page shows an input for: an address's, a guest buyer's. */
const FORM_FIELDS: ReadonlySet<string> = new Set([...ADDRESS_FORM_FIELDS, ...GUEST_BUYER_FIELDS]);

/** The CRM names the payload field it refuses; a form field is shown beside its input. */
function fieldOf(error: GatewayCallError): CheckoutField | null {
  const field = error.field;
  if (field?.includes('poNumber')) return 'poNumber';
  return field && FORM_FIELDS.has(field) ? (field as CheckoutField) : null;
}

function answer(
  refusal: {
    intent: CheckoutIntent | null;
    message: string;
    field?: CheckoutField | null;
    suggestion?: AddressSuggestion | null;
    fieldErrors?: CustomFieldError[];
    signInPath?: string;
  },
  status = 200,
) {
  const result: CheckoutActionResult = { ok: false, field: null, suggestion: null, ...refusal };
  return data(result, { status });
}
