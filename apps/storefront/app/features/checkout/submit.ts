import { APPROVALS_PATH } from '@storefront/contracts/crm-approvals';
import { confirmationPath } from '@storefront/contracts/crm-checkout';
import { problemOf } from '@storefront/contracts/crm-errors';
import { MESSAGES } from '@storefront/contracts/messages';
import { data, redirect } from 'react-router';
import { z } from 'zod';
import { crmCall } from '../../lib/crm.server';
import { readForm } from '../../lib/form.server';
import { GatewayCallError } from '../../lib/gateway';
import { loginPath } from '../../lib/paths';
import { requireSession } from '../../lib/storefront.server';
import type { Route } from './+types/submit';

/** What the place-order form reads back when the order was not placed. */
export interface SubmitRefusal {
  ok: false;
  message: string;
  signInPath?: string;
}

const id = z.string().trim().min(1).max(64);
const submitForm = z.object({ quoteId: id, templateId: id });

/** The CRM's answers to the order as it stands (a step not done, no PDF template, a duplicate PO). */
const REFUSALS: readonly number[] = [400, 404, 409];

/**
 * Spec C§8: a checkout answer shows under terms and payment when its text contains Error or ERROR. The
 * gateway client drops a leading 'ERROR: ' (P§8); the CRM's word is put back so the page can tell.
 */
function checkoutMessage(error: GatewayCallError): string {
  const problem = problemOf(error);
  return /error/i.test(problem) ? problem : `ERROR: ${problem}`;
}

function refusal(result: SubmitRefusal, status = 200) {
  return data(result, { status });
}

/**
 * Places the order (blinkCheckout) of the form's quote with the checkout template it was shown with, and
 * sends the buyer to the confirmation (303), or to their approval requests when it waits for approval. What the CRM refuses is answered as { ok: false, message } with
 * status 200, so the page shows it under terms and payment; sign-in and access stay HTTP errors.
 */
export async function action(args: Route.ActionArgs) {
  const parsed = submitForm.safeParse(Object.fromEntries(await readForm(args.request)));
  if (!parsed.success) {
    return refusal({ ok: false, message: 'ERROR: Send quoteId and templateId to place the order.' }, 400);
  }
  const session = await requireSession(args);
  try {
    const order = await crmCall(session, 'blinkCheckout', {
      storefrontId: session.storefront.storefrontId,
      accountId: session.viewer.accountId,
      ...parsed.data,
    });
    return redirect(confirmationPath(order.orderNumber), 303);
  } catch (error) {
    if (!(error instanceof GatewayCallError)) throw error;
    if (error.status === 401) {
      const signInPath = loginPath('/checkout', { expired: true });
      return refusal({ ok: false, message: MESSAGES.sessionExpired, signInPath }, 401);
    }
    // Over a spending limit or budget: not placed, it waits; the buyer's requests say by whom (decision 0064).
    if (error.errorCode === 'AWAITING_APPROVAL') return redirect(`${APPROVALS_PATH}?awaiting=1`, 303);
    if (REFUSALS.includes(error.status)) return refusal({ ok: false, message: checkoutMessage(error) });
    return refusal({ ok: false, message: problemOf(error) }, error.status);
  }
}
