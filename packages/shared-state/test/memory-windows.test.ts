import { describe, expect, it } from 'vitest';
import { memoryWindows } from '../src/memory';

describe('rate-limit windows in this process', () => {
  it('drops ended windows within a minute, so keys seen once take no memory for long', async () => {
    let clock = 0;
    const windows = memoryWindows(() => clock);
    for (let address = 0; address < 1000; address++) await windows.hit(`ip:${address}`, 10_000);
    expect(windows.held()).toBe(1000);

    clock = 61_000;
    await windows.hit('ip:late', 10_000);
    expect(windows.held()).toBe(1);
    expect(await windows.count('ip:late')).toBe(1);
  });

  it('keeps at most its bound of open windows, dropping the longest-open first', async () => {
    let clock = 0;
    const windows = memoryWindows(() => clock, 3);
    for (const key of ['a', 'b', 'c', 'd']) {
      await windows.hit(key, 60_000);
      clock += 1;
    }
    expect(windows.held()).toBe(3);
    expect(await windows.count('a')).toBe(0);
    expect(await Promise.all(['b', 'c', 'd'].map((key) => windows.count(key)))).toEqual([1, 1, 1]);
  });
});
