import type { ListSharing } from '@storefront/contracts';
import { CrmHttpError } from '../../core/errors';

/** Who may do what with a list (docs/decisions/0062-requisition-lists.md). */

interface ListAccess {
  accountId: string;
  ownerContactId: string;
  sharing: ListSharing;
}

export interface ListRights {
  isOwner: boolean;
  /** Changes its lines: the owner, or anyone of the account when it is shared editable. */
  canEdit: boolean;
}

/** The caller's rights on a list, or null when they may not see it at all (another account's, a private one). */
export function rightsOn(list: ListAccess, accountId: string, contactId: string): ListRights | null {
  if (list.accountId !== accountId) return null;
  const isOwner = list.ownerContactId === contactId;
  if (!isOwner && list.sharing === 'private') return null;
  return { isOwner, canEdit: isOwner || list.sharing === 'edit' };
}

const refused = (problem: string) => new CrmHttpError(403, 'FORBIDDEN', problem);

export function requireEdit(rights: ListRights): void {
  if (!rights.canEdit) {
    throw refused(
      'this list is shared read-only: only its owner changes it. Duplicate it to keep a copy of your own.',
    );
  }
}

export function requireOwner(rights: ListRights): void {
  if (!rights.isOwner) throw refused('only the owner of this list renames, shares or deletes it.');
}
