import { type Envelope, MESSAGES, type StorefrontRecord } from '@storefront/contracts';
import { memoryCache } from '@storefront/shared-state';
import { describe, expect, it } from 'vitest';
import type { CrmClient } from '../src/crm-client';
import { GatewayRefusal } from '../src/envelope';
import { createDomainResolver, type DomainEntry, normalizeHost } from '../src/storefronts';
import { storefront } from './fixtures';

const record: StorefrontRecord = { id: 'row-1', ...storefront, domain: 'Shop.Example' };

function resolverWith(answer: () => Envelope) {
  let calls = 0;
  const crm: CrmClient = async (request) => {
    expect(request.type).toBe('getActiveStorefronts');
    calls += 1;
    await new Promise((resolve) => setTimeout(resolve, 5));
    return answer();
  };
  const resolve = createDomainResolver(crm, memoryCache<DomainEntry>({ ttlMs: 60_000, maxEntries: 10 }));
  return { resolve, calls: () => calls };
}

describe('normalizeHost', () => {
  it.each([
    ['localhost:3000', 'localhost'],
    ['Shop.Example', 'shop.example'],
    ['shop.example.', 'shop.example'],
    ['127.0.0.1:8080', '127.0.0.1'],
    ['[::1]:3000', '[::1]'],
    [' localhost ', 'localhost'],
  ])('%s → %s', (host, expected) => {
    expect(normalizeHost(host)).toBe(expected);
  });
});

describe('createDomainResolver', () => {
  it('finds a storefront by host, case-insensitively and ignoring the port, without the row id', async () => {
    const { resolve } = resolverWith(() => ({ statusCode: 200, content: [record] }));
    expect(await resolve('SHOP.example:3000')).toEqual({ ...storefront, domain: 'Shop.Example' });
    expect(await resolve('other.example')).toBeNull();
  });

  it('shares one CRM call between concurrent misses and caches hits and unknown hosts', async () => {
    const { resolve, calls } = resolverWith(() => ({ statusCode: 200, content: [record] }));
    await Promise.all([resolve('shop.example'), resolve('shop.example:1'), resolve('nowhere')]);
    await resolve('shop.example');
    await resolve('nowhere');
    expect(calls()).toBe(1);
  });

  it('fails with the transport error when the CRM answers badly, and retries on the next call', async () => {
    const { resolve, calls } = resolverWith(() => ({ statusCode: 500, content: MESSAGES.appSyncFetchError }));
    const failure = await resolve('shop.example').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GatewayRefusal);
    expect(failure).toMatchObject({ statusCode: 500, message: MESSAGES.appSyncFetchError });
    await resolve('shop.example').catch(() => null);
    expect(calls()).toBe(2);
  });

  it('refuses a malformed storefront list', async () => {
    const { resolve } = resolverWith(() => ({ statusCode: 200, content: [{ domain: 'x' }] }));
    await expect(resolve('x')).rejects.toMatchObject({ statusCode: 500 });
  });
});
