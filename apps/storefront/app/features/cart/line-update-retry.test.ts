import type { ErrorCode } from '@storefront/contracts/crm-errors';
import { describe, expect, it } from 'vitest';
import { GatewayCallError } from '../../lib/gateway';
import { withLineUpdateRetry } from './line-update-retry';

type Refusal = [ErrorCode, string];

/** An update failing with `failures` (code and message, as the gateway client throws them) in turn, then answering 'saved'; records the waits between tries. */
function flaky(failures: Refusal[]) {
  const waits: number[] = [];
  let calls = 0;
  const update = async () => {
    const failure = failures[calls];
    calls += 1;
    if (failure) throw new GatewayCallError(409, failure[0], failure[1]);
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
      ['UNABLE_TO_LOCK_ROW', 'unable_to_lock_row: the quote is being changed by another request; try again.'],
      ['RECORD_CURRENTLY_UNAVAILABLE', 'record currently unavailable'],
      ['UNABLE_TO_LOCK_ROW', 'unable_to_lock_row'],
    ]);
    await expect(withLineUpdateRetry(busy.update, busy.wait)).resolves.toBe('saved');
    expect(busy.calls()).toBe(4);
    expect(busy.waits).toEqual([500, 500, 500]);
  });

  it('gives up after the third retry with the busy error', async () => {
    const busy = flaky(Array(4).fill(['UNABLE_TO_LOCK_ROW', 'unable_to_lock_row']));
    await expect(withLineUpdateRetry(busy.update, busy.wait)).rejects.toThrow('unable_to_lock_row');
    expect(busy.calls()).toBe(4);
  });

  it('does not retry any other failure', async () => {
    const wrong = flaky([['INVALID_PAYLOAD', 'lines.0.qty: must be 0 (remove) or more']]);
    await expect(withLineUpdateRetry(wrong.update, wrong.wait)).rejects.toThrow('lines.0.qty');
    expect(wrong.calls()).toBe(1);
    expect(wrong.waits).toEqual([]);
  });
});
