import { billingAddressToAutoSave } from '@storefront/contracts/address-rules';
import type { GuestBuyer } from '@storefront/contracts/crm-guest-buyers';
import type { QuoteSummary } from '@storefront/contracts/crm-quotes';
import { type CheckoutPage, checkoutScope, loadCheckoutState } from '../../features/checkout/checkout.server';
import { CHECKOUT_PATH } from '../../features/checkout/checkout-actions';
import { type CheckoutStep, isStepAvailable, isStepComplete } from '../../features/checkout/steps';
import { accountScope, crmCall, orElse } from '../../lib/crm.server';
import { loginPath } from '../../lib/paths';
import type { StorefrontSession } from '../../lib/storefront.server';
import type { BlockLoader } from '../loader-types.server';
import type { CheckoutStepData, ShippingAddressData } from '../types';

/**
 * One step's block: whether it is open and done, and, only when it is open, what it shows. Each block loads on
 * its own, so one failing shows its own error and leaves the others be.
 */
async function loadStep<T>(
  { session, page }: { session: StorefrontSession; page: CheckoutPage },
  step: CheckoutStep,
  detail: (quote: QuoteSummary) => Promise<T>,
): Promise<CheckoutStepData<T>> {
  const state = await loadCheckoutState(session, page);
  if (!state) return null;
  const available = isStepAvailable(step, state.progress, state.signedIn);
  return {
    quoteId: state.quote.id,
    available,
    complete: isStepComplete(step, state.progress),
    detail: available ? await detail(state.quote) : null,
  };
}

export const loadCheckoutAccount: BlockLoader<'checkoutAccount'> = (args) =>
  loadStep(args, 'checkoutAccount', async (quote) => {
    const { buyer } = await crmCall(args.session, 'getGuestBuyer', {
      ...checkoutScope(args.session),
      quoteId: quote.id,
    });
    return {
      signInPath: loginPath(CHECKOUT_PATH),
      signUpPath: loginPath(CHECKOUT_PATH, { signUp: true }),
      buyer,
    };
  });

/** The guest buyer's name, email and phone: the contact their first shipping address starts with. */
function contactOfBuyer(buyer: GuestBuyer | null): ShippingAddressData['buyer'] {
  if (!buyer) return null;
  const { firstName, lastName, email, phone } = buyer;
  return { firstName, lastName, email, phone };
}

export const loadShippingAddress: BlockLoader<'shippingAddress'> = (args) =>
  loadStep(args, 'shippingAddress', async (quote) => {
    const { session, fields, page } = args;
    const scope = { ...checkoutScope(session), quoteId: quote.id };
    const state = await loadCheckoutState(session, page);
    // A guest's account is the storefront's shared guest account: it has no address book to offer.
    const signedIn = state?.signedIn ?? false;
    const accountSelection = fields.accountSelection ?? undefined;
    const [book, billing, avataxValidation, named] = await Promise.all([
      signedIn
        ? crmCall(session, 'getAddressRecords', { ...scope, addressType: 'Shipping', accountSelection })
        : null,
      crmCall(session, 'getAddressRecords', { ...scope, addressType: 'Billing', accountSelection }),
      crmCall(session, 'isAvataxAddressValidation', { storefrontId: session.storefront.storefrontId }),
      signedIn ? null : crmCall(session, 'getGuestBuyer', scope),
    ]);
    const addresses = book
      ? [...book.lstAccount, ...book.lstLocation, ...book.lstAccountChild, ...book.lstLocationChild]
      : [];
    return {
      addresses,
      shippingAddress: state?.shippingAddress ?? null,
      billingAddress: billing.quoteAddress,
      deliverToAddress: state?.deliverToAddress ?? null,
      buyer: contactOfBuyer(named?.buyer ?? null),
      canAddLocation: signedIn,
      autoSaveBilling: signedIn
        ? billingAddressToAutoSave({
            quoteBilling: billing.quoteAddress,
            billingObject: 'Account',
            accountSelection: fields.accountSelection,
            lstAccount: billing.lstAccount,
          })
        : null,
      avataxValidation,
      templateId: page.templateId,
    };
  });

export const loadShippingMethod: BlockLoader<'shippingMethod'> = (args) =>
  loadStep(args, 'shippingMethod', async (quote) => {
    const { session } = args;
    const scope = checkoutScope(session);
    const [rates, picklists, preferred] = await Promise.all([
      crmCall(session, 'calculateShippingCharges', { ...scope, objid: quote.id, objtype: 'Quote' }),
      crmCall(session, 'getShippingPicklists', {}),
      // A guest has no account of their own to prefer anything; without them the step still works.
      session.viewer.isGuest
        ? null
        : orElse('Shipping preferences', null, () =>
            crmCall(session, 'getShippingPreferences', accountScope(session)),
          ),
    ]);
    return { rates, carriers: picklists.carriers, currency: quote.currency, preferred };
  });

/** The checkout template's custom form and the values the quote holds for it. */
export const loadCustomForm: BlockLoader<'customForm'> = (args) =>
  loadStep(args, 'customForm', async () => {
    const state = await loadCheckoutState(args.session, args.page);
    return { templateId: args.page.templateId, saved: state?.customFields ?? [] };
  });

export const loadTermsAndPayment: BlockLoader<'termsAndPayment'> = (args) =>
  loadStep(args, 'termsAndPayment', async (quote) => {
    const { session, page } = args;
    const scope = { ...checkoutScope(session), quoteId: quote.id };
    const [payment, shuttle, files, costCentre, spending] = await Promise.all([
      crmCall(session, 'getShuttleCheckoutInfo', scope),
      crmCall(session, 'getShuttleInfo', {}),
      crmCall(session, 'getFile', {
        ...checkoutScope(session),
        fileRelatedTo: 'QPO',
        parentId: quote.id,
        filePublicLinkRequired: false,
      }),
      // A guest buys for no account of theirs: there are no codes to charge. Without them the step still works
      // (Place order still checks the code the quote carries).
      session.viewer.isGuest
        ? null
        : orElse('Cost centres', null, () => crmCall(session, 'getQuoteCostCentre', scope)),
      // A guest has no spending limit; a buyer sees their month against theirs near Place order (0064).
      session.viewer.isGuest
        ? null
        : orElse('Spending', null, () => crmCall(session, 'getMySpending', accountScope(session))),
    ]);
    const shippingIsStep = page.sections.some((section) =>
      section.blocks.some(
        (entry) => entry.componentName === 'shippingMethod' && entry.configuration.isCheckoutBlock === true,
      ),
    );
    return {
      // Submit renders the order with this page's template (its Quote_eDocument_ID).
      templateId: page.templateId,
      shippingIsStep,
      payment,
      payOnline: shuttle.configured && payment.payOnlineTerms.paymentOffered,
      poFile: files[0] ?? null,
      poNumber: quote.poNumber,
      costCentre,
      spending,
    };
  });

export const loadQuoteSummary: BlockLoader<'quoteSummary'> = async ({ session, page }) => {
  const state = await loadCheckoutState(session, page);
  if (!state) return null;
  const items = await crmCall(session, 'getQuoteItems', {
    ...checkoutScope(session),
    quoteid: state.quote.id,
  });
  return { ...items, deliverTo: state.deliverToAddress };
};
