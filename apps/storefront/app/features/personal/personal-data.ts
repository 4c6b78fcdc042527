import { useEffect, useState } from 'react';
import { PERSONAL_DATA_PATH } from '../../lib/paths';
import type { CartTotal } from '../cart/cart-actions';

/** The parts of a page that are the viewer's own: the holes of a page kept for its price context. */
export interface PersonalData {
  /** What the header's account menu says: a signed-in user's name; null for a guest. */
  name: string | null;
  cart: CartTotal;
  /** Notifications not yet seen; null for a guest, or when the count could not be read. */
  notifications: number | null;
}

/** One read a document: every hole of the page waits on the same answer. */
let read: Promise<PersonalData | null> | null = null;

async function readPersonalData(): Promise<PersonalData | null> {
  try {
    const response = await fetch(PERSONAL_DATA_PATH, { headers: { accept: 'application/json' } });
    if (!response.ok || !response.headers.get('content-type')?.includes('application/json')) return null;
    return (await response.json()) as PersonalData;
  } catch {
    return null;
  }
}

/**
 * The viewer's own parts of a page rendered for its price context (`holes`), read once the page is in the
 * browser; null until then, when the page has none, and when the read fails (the spot stays quiet, as a
 * deferred read's does).
 */
export function usePersonalData(holes: boolean): PersonalData | null {
  const [personal, setPersonal] = useState<PersonalData | null>(null);
  useEffect(() => {
    if (!holes) return;
    let shown = true;
    read ??= readPersonalData();
    void read.then((answer) => {
      if (shown) setPersonal(answer);
    });
    return () => {
      shown = false;
    };
  }, [holes]);
  return holes ? personal : null;
}
