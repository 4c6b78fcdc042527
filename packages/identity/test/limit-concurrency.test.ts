import { describe, expect, it } from 'vitest';
import { limitConcurrency } from '../src/security/limit-concurrency';

/** A task that runs until it is let go, recording how many ran beside it. */
function gatedTasks() {
  let running = 0;
  let mostAtOnce = 0;
  const gates: (() => void)[] = [];
  const task =
    (answer: string, fail = false) =>
    async () => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise<void>((resolve) => gates.push(resolve));
      running -= 1;
      if (fail) throw new Error(answer);
      return answer;
    };
  const releaseAll = async () => {
    while (gates.length > 0 || running > 0) {
      gates.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { task, releaseAll, started: () => gates.length, mostAtOnce: () => mostAtOnce };
}

describe('limitConcurrency', () => {
  it('runs at most the limit at once and every task to its own answer, failures included', async () => {
    const limited = limitConcurrency(2);
    const tasks = gatedTasks();
    const answers = ['a', 'b', 'c', 'd', 'e'].map((name) =>
      limited(tasks.task(name, name === 'b')).catch((error: Error) => `failed ${error.message}`),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(tasks.started()).toBe(2);
    await tasks.releaseAll();
    expect(await Promise.all(answers)).toEqual(['a', 'failed b', 'c', 'd', 'e']);
    expect(tasks.mostAtOnce()).toBe(2);
  });

  it('refuses a limit that is not a whole number from 1', () => {
    expect(() => limitConcurrency(0)).toThrow(RangeError);
    expect(() => limitConcurrency(1.5)).toThrow(RangeError);
  });
});
