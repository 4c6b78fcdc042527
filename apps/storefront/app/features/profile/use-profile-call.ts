import { fetchAuthSession } from 'aws-amplify/auth';
import { useCallback, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { Notice } from '../auth/AuthNotice';
import { authErrorMessage } from '../auth/errors';

/**
 * One section's calls to the identity service: one at a time (the form is disabled meanwhile), the answer
 * shown in the section's notice (a confirmation, or the service's refusal).
 */
export function useProfileCall() {
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const busy = useRef(false);
  const run = useCallback(async (call: () => Promise<string | null>): Promise<boolean> => {
    if (busy.current) return false;
    busy.current = true;
    setPending(true);
    setNotice(null);
    try {
      const text = await call();
      if (text) setNotice({ tone: 'status', text });
      return true;
    } catch (error) {
      setNotice({ tone: 'error', text: authErrorMessage(error) });
      return false;
    } finally {
      busy.current = false;
      setPending(false);
    }
  }, []);
  return { pending, notice, dismiss: () => setNotice(null), run };
}

/**
 * After a change to what the id token carries (names, locale, email): fresh tokens into the cookies, then
 * the page's data again, so the header greets the user by their new name.
 */
export function useTokenRefresh() {
  const revalidator = useRevalidator();
  return useCallback(async () => {
    await fetchAuthSession({ forceRefresh: true });
    await revalidator.revalidate();
  }, [revalidator]);
}
