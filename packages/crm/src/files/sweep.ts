import { GUEST_CART_DAYS } from '@storefront/contracts';
import type { CrmDb } from '../db/open';
import { deleteAbandonedGuestCartFiles, deleteAbandonedUploads } from './queries/quote-files';

/** The sweep runs at most this often: what it clears is an hour or a month old, so sooner finds nothing new. */
export const FILE_SWEEP_EVERY_MS = 3_600_000;
/**
 * A guest cart untouched this long is one nobody can reach: its secret's cookie lasts GUEST_CART_DAYS from the
 * cart's first add, and a day more covers the time between that add and the cookie reaching the browser.
 */
export const ABANDONED_GUEST_CART_DAYS = GUEST_CART_DAYS + 1;

/** Deletes the PO files no buyer can reach any more (docs/decisions/0018-po-numbers-and-files.md). */
export interface FileSweep {
  /** Clears lapsed uploads and the files of abandoned guest carts, unless it did within the hour; never throws. */
  sweep(): Promise<void>;
}

export function createFileSweep(options: {
  db: CrmDb;
  logError: (error: unknown) => void;
  now?: () => number;
}): FileSweep {
  const now = options.now ?? Date.now;
  let lastRun = Number.NEGATIVE_INFINITY;
  return {
    async sweep() {
      if (now() - lastRun < FILE_SWEEP_EVERY_MS) return;
      lastRun = now();
      try {
        await deleteAbandonedUploads(options.db);
        await deleteAbandonedGuestCartFiles(options.db, ABANDONED_GUEST_CART_DAYS);
      } catch (error) {
        options.logError(error);
      }
    },
  };
}
