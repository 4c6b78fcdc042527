import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_FALLBACK_MS, whenIdle } from './idle';

afterEach(() => vi.useRealTimers());

const withoutIdleCallback = { setTimeout, clearTimeout };

describe('whenIdle', () => {
  it('uses the browser’s idle callback where there is one', () => {
    const requestIdleCallback = vi.fn(() => 7);
    const cancelIdleCallback = vi.fn();
    const work = vi.fn();
    const cancel = whenIdle(work, { ...withoutIdleCallback, requestIdleCallback, cancelIdleCallback });
    expect(requestIdleCallback).toHaveBeenCalledWith(work);
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
  });

  it('without one, runs the work after a tick with a deadline of 50 ms that runs down', () => {
    vi.useFakeTimers();
    const seen: number[] = [];
    whenIdle(
      (deadline) => {
        seen.push(deadline.timeRemaining());
        vi.advanceTimersByTime(30);
        seen.push(deadline.timeRemaining());
        vi.advanceTimersByTime(30);
        seen.push(deadline.timeRemaining());
      },
      { setTimeout, clearTimeout },
    );
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(IDLE_FALLBACK_MS).toBe(50);
    expect(seen).toEqual([49, 19, 0]);
  });

  it('without one, a cancelled work never runs', () => {
    vi.useFakeTimers();
    const work = vi.fn();
    whenIdle(work, { setTimeout, clearTimeout })();
    vi.advanceTimersByTime(100);
    expect(work).not.toHaveBeenCalled();
  });
});
