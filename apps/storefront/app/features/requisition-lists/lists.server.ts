import { problemOf } from '@storefront/contracts/crm-errors';
import type { ListSharing } from '@storefront/contracts/crm-requisition-lists';
import { accountScope, crmCall } from '../../lib/crm.server';
import { refusalMessage } from '../../lib/crm-refusal';
import { GatewayCallError } from '../../lib/gateway';
import type { StorefrontSession } from '../../lib/storefront.server';
import type { ListEntry } from './entries';

/**
 * The CRM's requisition list types for the signed-in buyer (docs/decisions/0062-requisition-lists.md). The page
 * names the account only; the gateway binds the account and the contact from the signed-in user.
 */

export const loadLists = (session: StorefrontSession) =>
  crmCall(session, 'getRequisitionLists', accountScope(session));

export const loadList = (session: StorefrontSession, listId: string) =>
  crmCall(session, 'getRequisitionList', { ...accountScope(session), listId });

export const createList = (session: StorefrontSession, name: string) =>
  crmCall(session, 'createRequisitionList', { ...accountScope(session), name });

export const changeList = (
  session: StorefrontSession,
  listId: string,
  change: { name?: string; sharing?: ListSharing },
) => crmCall(session, 'updateRequisitionList', { ...accountScope(session), listId, ...change });

export const deleteList = (session: StorefrontSession, listId: string) =>
  crmCall(session, 'deleteRequisitionList', { ...accountScope(session), listId });

export const duplicateList = (session: StorefrontSession, listId: string) =>
  crmCall(session, 'duplicateRequisitionList', { ...accountScope(session), listId });

/** Onto a list the buyer may change, or onto a new list of theirs named `newListName`. */
export const addToList = (
  session: StorefrontSession,
  target: { listId: string } | { newListName: string },
  entries: readonly ListEntry[],
) => crmCall(session, 'addToRequisitionList', { ...accountScope(session), ...target, entries: [...entries] });

export const setLineQuantities = (
  session: StorefrontSession,
  listId: string,
  lines: { lineId: string; qty: number }[],
) => crmCall(session, 'updateRequisitionListLines', { ...accountScope(session), listId, lines });

export const removeLines = (session: StorefrontSession, listId: string, lineIds: string[]) =>
  crmCall(session, 'removeRequisitionListLines', { ...accountScope(session), listId, lineIds });

/** All the list's lines (none chosen) or the chosen ones, into the buyer's cart at the cart's prices. */
export const addListToCart = (session: StorefrontSession, listId: string, lineIds: string[] | undefined) =>
  crmCall(session, 'addRequisitionListToCart', { ...accountScope(session), listId, lineIds });

/**
 * Why the CRM refused a change, as the page says it beside the form: besides the refusals every form shows, a
 * 403 here is a rule of the list (read-only, owner only) the buyer should read, not a page of its own.
 */
export function listRefusal(error: unknown): string {
  if (error instanceof GatewayCallError && error.status === 403) return problemOf(error);
  return refusalMessage(error);
}
