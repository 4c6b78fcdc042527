/** Spec P§9: where the browser has no requestIdleCallback, work waits a tick and is given 50 ms. */
export const IDLE_FALLBACK_MS = 50;

type IdleWork = (deadline: IdleDeadline) => void;
type IdleScope = Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'> &
  Partial<Pick<typeof globalThis, 'requestIdleCallback' | 'cancelIdleCallback'>>;

/**
 * Runs work that can wait (a log line, a cache write) when the browser is idle, so it does not compete with
 * hydration or input; Safari, without requestIdleCallback, runs it after a tick with a 50 ms deadline. Answers a
 * cancel.
 */
export function whenIdle(work: IdleWork, scope: IdleScope = globalThis): () => void {
  const { requestIdleCallback, cancelIdleCallback } = scope;
  if (requestIdleCallback && cancelIdleCallback) {
    const handle = requestIdleCallback(work);
    return () => cancelIdleCallback(handle);
  }
  const start = Date.now();
  const timer = scope.setTimeout(
    () =>
      work({ didTimeout: false, timeRemaining: () => Math.max(0, IDLE_FALLBACK_MS - (Date.now() - start)) }),
    1,
  );
  return () => scope.clearTimeout(timer);
}
