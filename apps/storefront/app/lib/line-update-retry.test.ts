import { describe, expect, it } from 'vitest';
import { withLineUpdateRetry } from './line-update-retry';

/** An update failing with `failures` in turn, then answering 'saved'; records the waits between tries. */
function flaky(failures: string[]) {
  const waits: number[] = [];
  let calls = 0;
  const update = async () => {
    const failure = failures[calls];
    calls += 1;
    if (failure) throw new Error(failure);
    return 'saved';
  };
  const wait = async (ms: number) => {
    waits.push(ms);
  };
  return { update, wait, waits, calls: () => calls };
}

describe('withLineUpdateRetry', () => {
  it('retries a locked quote up to 3 times, 500 ms apart, and answers the first success', async () => {
    const busy = flaky([
      'unable_to_lock_row: the quote is being changed by another request; try again.',
      'record currently unavailable',
      'unable_to_lock_row',
    ]);
    await expect(withLineUpdateRetry(busy.update, busy.wait)).resolves.toBe('saved');
    expect(busy.calls()).toBe(4);
    expect(busy.waits).toEqual([500, 500, 500]);
  });

  it('gives up after the third retry with the busy error', async () => {
    const busy = flaky(Array(4).fill('unable_to_lock_row'));
    await expect(withLineUpdateRetry(busy.update, busy.wait)).rejects.toThrow('unable_to_lock_row');
    expect(busy.calls()).toBe(4);
  });

  it('does not retry any other failure', async () => {
    const wrong = flaky(['lines.0.qty: must be 0 (remove) or more']);
    await expect(withLineUpdateRetry(wrong.update, wrong.wait)).rejects.toThrow('lines.0.qty');
    expect(wrong.calls()).toBe(1);
    expect(wrong.waits).toEqual([]);
  });
});
