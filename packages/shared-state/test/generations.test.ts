import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generations } from '../src/generations';
import { type TwoInstances, testStateStores } from '../src/testing';

describe.each(await testStateStores())('generations in $name', (store) => {
  let instances: TwoInstances;
  beforeAll(async () => {
    instances = await store.open();
  });
  afterAll(() => instances.close());

  it('moves a key on for every instance, and only that key', async () => {
    const first = generations(instances.first, 'catalogue');
    const second = generations(instances.second, 'catalogue');
    expect(await second.current('storefront-a')).toBe('0');
    await first.advance('storefront-a');
    const moved = await second.current('storefront-a');
    expect(moved).not.toBe('0');
    expect(await second.current('storefront-b')).toBe('0');
    await second.advance('storefront-a');
    expect(await first.current('storefront-a')).not.toBe(moved);
  });
});
