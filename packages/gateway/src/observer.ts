import type { CrmType } from '@storefront/contracts';

/** How a root field's answer involved the results cache: served from it, loaded and kept, or not cacheable. */
export type CacheUse = 'hit' | 'miss' | 'none';

/** What the gateway reports to its host's metrics; each call is synchronous and cheap. */
export interface GatewayObserver {
  /** A root field answered: the CRM type it called (if any), its use of the cache, its status and time. */
  operation(observation: {
    field: string;
    crmType: CrmType | undefined;
    cache: CacheUse;
    status: number;
    seconds: number;
  }): void;
  /** A CRM call answered or failed: its type, the status the gateway got, and its time, retries included. */
  crmCall(observation: { crmType: CrmType; status: number; seconds: number }): void;
}

export const unobserved: GatewayObserver = { operation() {}, crmCall() {} };
