import { type DomainDetails, MESSAGES, type StorefrontRecord, toDomainDetails } from '@storefront/contracts';
import type { Cache } from '@storefront/shared-state';
import { z } from 'zod';
import type { CrmClient } from './crm-client';
import { GatewayRefusal } from './envelope';

/** What the cache holds per host; `null` remembers an unknown host so junk Host headers do not reach the CRM. */
export interface DomainEntry {
  details: DomainDetails | null;
}

/** The fields the gateway relies on; the rest of each record passes through to the domain details. */
const storefrontList = z.array(
  z.looseObject({
    storefrontId: z.string(),
    domain: z.string(),
    guestAccountId: z.string().nullable(),
    organizationId: z.string(),
  }),
);

/** A host as storefront domains are stored: lower case, without port or trailing dot. */
export function normalizeHost(hostname: string): string {
  const host = hostname.trim().toLowerCase();
  const bare = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':')[0] ?? '');
  return bare.replace(/\.$/, '');
}

/**
 * Host → storefront from the CRM's getActiveStorefronts, cached per host. Concurrent misses share one CRM
 * call, so a cold cache under load costs one request, not one per visitor.
 */
export function createDomainResolver(
  crm: CrmClient,
  cache: Cache<DomainEntry>,
): (hostname: string) => Promise<DomainDetails | null> {
  let inflight: Promise<StorefrontRecord[]> | null = null;
  const storefronts = (): Promise<StorefrontRecord[]> => {
    inflight ??= fetchStorefronts(crm).finally(() => {
      inflight = null;
    });
    return inflight;
  };
  return async (hostname) => {
    const host = normalizeHost(hostname);
    const cached = await cache.get(host);
    if (cached) return cached.details;
    const record = (await storefronts()).find((storefront) => normalizeHost(storefront.domain) === host);
    const details = record ? toDomainDetails(record) : null;
    await cache.set(host, { details });
    return details;
  };
}

async function fetchStorefronts(crm: CrmClient): Promise<StorefrontRecord[]> {
  const { statusCode, content } = await crm({ type: 'getActiveStorefronts' });
  const list = storefrontList.safeParse(content);
  if (statusCode !== 200 || !list.success) {
    throw new GatewayRefusal(statusCode === 200 ? 500 : statusCode, MESSAGES.appSyncFetchError);
  }
  return list.data as unknown as StorefrontRecord[];
}
