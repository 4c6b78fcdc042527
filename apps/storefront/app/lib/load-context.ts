import type { DomainDetails } from '@storefront/contracts/storefront';

/** What the host server hands every request: the in-process gateway and the storefront lookup. */
export interface StorefrontLoadContext {
  /** The gateway's own fetch, in process: POST /graphql requests. */
  gatewayFetch: (request: Request) => Promise<Response>;
  /** Host → storefront domain details (contracts DomainDetails), or null for an unknown host. */
  resolveDomain: (hostname: string) => Promise<DomainDetails | null>;
  /** The gateway's x-api-key (public, as an AppSync API key is). */
  gatewayApiKey: string;
  /** This request's Content-Security-Policy nonce: React Router's inline scripts carry it. */
  cspNonce: string;
  /**
   * Render the whole page before answering (every deferred read settled, nothing streamed after the shell):
   * the server stores this answer for other visitors, as crawlers get it.
   */
  renderWhole?: boolean;
  /**
   * Whether the browser reached the server over https, also through a TLS proxy the server trusts: cookies
   * are then Secure. The server decides it (request.url may say http behind a proxy).
   */
  overHttps: boolean;
}

declare module 'react-router' {
  interface AppLoadContext extends StorefrontLoadContext {}
}
