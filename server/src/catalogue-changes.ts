import type { DomainDetails } from '@storefront/contracts';
import { generations, type SharedState } from '@storefront/shared-state';

/**
 * How a catalogue import reaches every cache of every instance at once (docs/decisions/0056-catalogue-import.md):
 * the CRM says the storefront's catalogue changed, which moves its generation on in the shared state; the
 * gateway (packages/gateway) and the guest page cache put the generation in their keys, so nothing they kept
 * before is found again.
 */
export function catalogueChanges(state: SharedState) {
  const catalogue = generations(state, 'catalogue');
  return {
    /** The CRM's `catalogueChanged`. */
    changed: (storefrontId: string) => catalogue.advance(storefrontId),
    /** The generation of the catalogue a page request's host shows; '' for a host no storefront has. */
    ofPage:
      (resolveDomain: (host: string) => Promise<DomainDetails | null>) =>
      async (request: Request): Promise<string> => {
        const storefront = await resolveDomain(new URL(request.url).host).catch(() => null);
        return storefront ? catalogue.current(storefront.storefrontId) : '';
      },
  };
}
