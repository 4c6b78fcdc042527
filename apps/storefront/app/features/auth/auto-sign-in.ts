/** Link confirmation: sign-in is tried every 5 s for up to 3 minutes (spec P§4, P§9). */
export const AUTO_SIGN_IN_INTERVAL_MS = 5_000;
export const AUTO_SIGN_IN_LIMIT_MS = 3 * 60_000;

export interface AutoSignInPoll<T> {
  /** One sign-in attempt: its answer once the account is confirmed, null while it is not. */
  attempt: () => Promise<T | null>;
  onConfirmed: (answer: T) => void;
  /** Three minutes passed without confirmation. */
  onGiveUp: () => void;
  onError: (error: unknown) => void;
}

export interface Poller {
  /** Holds the polling while the page signs in itself; resolves once no attempt is in flight. */
  pause: () => Promise<void>;
  /** Polls again after a pause, within the same three minutes. */
  resume: () => void;
  stop: () => void;
}

/**
 * After sign-up, waits for the account to be confirmed by the link in the message. Attempts never overlap:
 * the next is scheduled when the last one has answered; an answer that arrives after a pause is dropped.
 */
export function pollAutoSignIn<T>(poll: AutoSignInPoll<T>): Poller {
  const started = Date.now();
  let active = true;
  let stopped = false;
  let inFlight: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const tick = async () => {
    let answer: T | null;
    try {
      answer = await poll.attempt();
    } catch (error) {
      if (active) poll.onError(error);
      return;
    }
    if (!active) return;
    if (answer !== null) poll.onConfirmed(answer);
    else if (Date.now() - started + AUTO_SIGN_IN_INTERVAL_MS > AUTO_SIGN_IN_LIMIT_MS) poll.onGiveUp();
    else schedule();
  };
  const schedule = () => {
    timer = setTimeout(() => {
      inFlight = tick();
    }, AUTO_SIGN_IN_INTERVAL_MS);
  };
  const halt = () => {
    active = false;
    clearTimeout(timer);
  };

  schedule();
  return {
    pause: async () => {
      halt();
      await inFlight;
    },
    resume: () => {
      if (active || stopped) return;
      active = true;
      schedule();
    },
    stop: () => {
      stopped = true;
      halt();
    },
  };
}
