import { type ApprovalReason, approvalReasonText, formatMoney } from '@storefront/contracts';
import type { QuoteRow } from '../cart';
import { costCentreOverBudget } from '../cost-centres';
import type { CrmDb } from '../db/open';
import { tellApprovers } from './notify';
import { contactsOfTypes, limitOf, monthSpend, rememberUserType } from './queries/limits';
import { contactsById, openRequest, openRequestOf } from './queries/requests';
import { checkOutForApproval } from './queries/waiting-quotes';
import { limitReasons, monthStart } from './rules/limits';
import type { ApprovalRequestRow } from './tables';

/** The user types that approve where a limit names no approvers. */
const APPROVING_TYPES = ['AWSManager', 'AWSAdmin'] as const;

/** Whom a request waits for: the approvers its limit named, else the account's managers. */
export async function approversOf(db: CrmDb, accountId: string, named: readonly string[]): Promise<string[]> {
  return named.length > 0 ? [...named] : contactsOfTypes(db, accountId, APPROVING_TYPES);
}

export interface Buyer {
  contactId: string;
  /** As the gateway bound it from the principal; a role's limit applies only when it is known. */
  userType: string | undefined;
}

/** Whether a signed-in buyer's quote may have limits at all: a guest's never does. */
export const limitedBuyer = (quote: QuoteRow): quote is QuoteRow & { contactId: string } =>
  quote.guestSecretHash === null && quote.contactId !== null;

/** The budget reason of the quote's cost centre, when its order would take it over its budget. */
async function budgetReasons(db: CrmDb, quote: QuoteRow): Promise<ApprovalReason[]> {
  const over = await costCentreOverBudget(db, quote);
  if (!over) return [];
  return [
    {
      kind: 'budget',
      limit: over.budget,
      spent: over.spent,
      orderTotal: over.orderTotal,
      costCentre: `${over.code} ${over.name}`,
    },
  ];
}

/** An approval of the quote covers its total as it stands. */
async function coveredByApproval(db: CrmDb, quote: QuoteRow): Promise<boolean> {
  const open = await openRequestOf(db, quote.id);
  return open?.status === 'Approved' && open.approvedTotal !== null && quote.total <= open.approvedTotal;
}

/** The limit that applies to the buyer, and why the quote's total is over it or over its budget. */
async function overLimits(db: CrmDb, quote: QuoteRow, buyer: Buyer, today: string) {
  const limit = await limitOf(db, quote.accountId, buyer.contactId, buyer.userType);
  const spent =
    limit?.monthlyLimit != null
      ? await monthSpend(
          db,
          { accountId: quote.accountId, contactId: buyer.contactId },
          monthStart(today),
          quote.id,
        )
      : 0;
  const reasons = [...limitReasons(limit, spent, quote.total), ...(await budgetReasons(db, quote))];
  return { limit, reasons };
}

/**
 * Whether the quote's order, as it stands, would wait for approval: a card payment is taken only once it is
 * approved (the payment page refuses to start before).
 */
export async function mustBeApprovedBeforePayment(
  db: CrmDb,
  quote: QuoteRow,
  userType: string | undefined,
  today: string,
): Promise<boolean> {
  if (!limitedBuyer(quote)) return false;
  const buyer = { contactId: quote.contactId, userType };
  if (!(await mayWaitForApproval(db, quote, buyer))) return false;
  if (await coveredByApproval(db, quote)) return false;
  return (await overLimits(db, quote, buyer, today)).reasons.length > 0;
}

/**
 * Place order's check (docs/decisions/0064-approvals-and-limits.md), on the locked quote whose steps are done
 * and whose tax is calculated: an order over the buyer's order limit, over what is left of their month's, or
 * over its cost centre's budget waits for approval, unless an approval already covers its total. The quote is
 * then checked out (nothing of it changes while it waits) and the approvers are told. Null: place it.
 */
export async function holdForApproval(
  db: CrmDb,
  input: { quote: QuoteRow; buyer: Buyer; templateId: string; today: string },
): Promise<ApprovalRequestRow | null> {
  const { quote, buyer } = input;
  if (await coveredByApproval(db, quote)) return null;
  const { limit, reasons } = await overLimits(db, quote, buyer, input.today);
  if (reasons.length === 0) return null;
  const request = await openRequest(db, {
    storefrontId: quote.storefrontId,
    accountId: quote.accountId,
    quoteId: quote.id,
    buyerContactId: buyer.contactId,
    templateId: input.templateId,
    currency: quote.currency,
    total: quote.total,
    reasons,
    approverIds: limit?.approverIds ?? [],
  });
  await checkOutForApproval(db, quote.id);
  await tellApprovers(db, request, await approversOf(db, quote.accountId, request.approverIds));
  return request;
}

/**
 * Whether the order may wait at all: a limit applies to the buyer, the quote carries a cost centre, or it was
 * asked about before. Without any, Place order goes on as before, with one tax call.
 */
export async function mayWaitForApproval(db: CrmDb, quote: QuoteRow, buyer: Buyer): Promise<boolean> {
  await rememberUserType(db, { ...buyer, accountId: quote.accountId });
  if (quote.costCentreId) return true;
  if (await limitOf(db, quote.accountId, buyer.contactId, buyer.userType)) return true;
  return (await openRequestOf(db, quote.id)) !== undefined;
}

/** What the buyer reads at Place order of an order that waits: whom it waits for, and why. */
export async function awaitingApprovalMessage(db: CrmDb, request: ApprovalRequestRow): Promise<string> {
  const approvers = await contactsById(db, await approversOf(db, request.accountId, request.approverIds));
  const names = [...approvers.values()].map((person) => person.name);
  const who = names.length > 0 ? names.join(', ') : 'a manager of your account';
  const why = request.reasons.map((reason) =>
    approvalReasonText(reason, (amount) => formatMoney(amount, request.currency)),
  );
  return `Your order awaits approval by ${who}. ${why.join('. ')}. You will be told when it is decided.`;
}
