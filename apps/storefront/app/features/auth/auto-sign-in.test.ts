import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTO_SIGN_IN_INTERVAL_MS, AUTO_SIGN_IN_LIMIT_MS, pollAutoSignIn } from './auto-sign-in';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function poll(attempt: () => Promise<string | null>) {
  const handlers = { onConfirmed: vi.fn(), onGiveUp: vi.fn(), onError: vi.fn() };
  const poller = pollAutoSignIn({ attempt, ...handlers });
  return { poller, ...handlers };
}

describe('pollAutoSignIn (spec P§4: every 5 s for up to 3 minutes)', () => {
  it('tries to sign in every 5 seconds while the account is not confirmed', async () => {
    const attempt = vi.fn(async () => null);
    poll(attempt);
    await vi.advanceTimersByTimeAsync(AUTO_SIGN_IN_INTERVAL_MS - 1);
    expect(attempt).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(attempt).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4 * AUTO_SIGN_IN_INTERVAL_MS);
    expect(attempt).toHaveBeenCalledTimes(5);
  });

  it('gives up after 3 minutes, with no attempt after that', async () => {
    const attempt = vi.fn(async () => null);
    const { onGiveUp } = poll(attempt);
    await vi.advanceTimersByTimeAsync(AUTO_SIGN_IN_LIMIT_MS - 1);
    expect(onGiveUp).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(attempt).toHaveBeenCalledTimes(AUTO_SIGN_IN_LIMIT_MS / AUTO_SIGN_IN_INTERVAL_MS);
    expect(onGiveUp).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempt).toHaveBeenCalledTimes(36);
  });

  it('stops at the first answer once the account is confirmed', async () => {
    const attempt = vi.fn().mockResolvedValueOnce(null).mockResolvedValueOnce('signed in');
    const { onConfirmed, onGiveUp } = poll(attempt);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempt).toHaveBeenCalledTimes(2);
    expect(onConfirmed).toHaveBeenCalledWith('signed in');
    expect(onGiveUp).not.toHaveBeenCalled();
  });

  it('stops on a failed attempt and reports it', async () => {
    const attempt = vi.fn().mockRejectedValue(new Error('Network Error'));
    const { onError } = poll(attempt);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempt).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(new Error('Network Error'));
  });

  it('waits for an attempt in flight when paused, drops its answer, and resumes later', async () => {
    let answer: (value: string | null) => void = () => {};
    const attempt = vi.fn(() => new Promise<string | null>((resolve) => (answer = resolve)));
    const { poller, onConfirmed } = poll(attempt);
    await vi.advanceTimersByTimeAsync(AUTO_SIGN_IN_INTERVAL_MS);
    let paused = false;
    const pausing = poller.pause().then(() => {
      paused = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(paused).toBe(false);
    answer('signed in');
    await pausing;
    expect(onConfirmed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(attempt).toHaveBeenCalledTimes(1);
    poller.resume();
    await vi.advanceTimersByTimeAsync(AUTO_SIGN_IN_INTERVAL_MS);
    expect(attempt).toHaveBeenCalledTimes(2);
  });

  it('never polls again once stopped', async () => {
    const attempt = vi.fn(async () => null);
    const { poller } = poll(attempt);
    poller.stop();
    poller.resume();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempt).not.toHaveBeenCalled();
  });
});
