import type { DomainDetails } from '@storefront/contracts/storefront';
import { createContext, RouterContextProvider } from 'react-router';

/** What the host server hands every request: the in-process gateway and the storefront lookup. */
export interface StorefrontLoadContext {
  /** The gateway's own fetch, in process: POST /graphql requests. */
  gatewayFetch: (request: Request) => Promise<Response>;
  /**
   * The gateway's typed in-process port, for the fields it offers: the same resolvers on the same context as
   * `gatewayFetch`, without GraphQL (docs/decisions/0067). Absent: every call goes through `gatewayFetch`.
   */
  gatewayPort?: { loginInfo: (request: Request) => Promise<unknown> };
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
   * Render the page as every viewer of the request's price context sees it: the personal parts (the viewer's
   * name, cart total and notifications) are holes the browser fills from /api/personal. The server keeps such
   * a page for the context (docs/decisions/0067-page-cache-by-price-context.md).
   */
  renderShared?: boolean;
  /**
   * What an account's own pages show beyond its catalogue (its saved filters) has a generation: a page kept
   * for the account carries it in its key, and a change moves it on, on every instance.
   */
  accountPages?: {
    generation: (accountId: string) => Promise<string>;
    changed: (accountId: string) => Promise<void>;
  };
  /**
   * Whether the browser reached the server over https, also through a TLS proxy the server trusts: cookies
   * are then Secure. The server decides it (request.url may say http behind a proxy).
   */
  overHttps: boolean;
}

/**
 * React Router 8 hands loaders, actions and the document render a RouterContextProvider, never a plain object
 * (decision 0066): what the host server gives a request is this context's value.
 */
const storefrontContext = createContext<StorefrontLoadContext>();

/**
 * The load context of one request, made by the host server. The server takes this function from the web build's
 * server entry (entry.server.tsx exports it), so the context key is the build's own: a copy of this module
 * bundled elsewhere would make another key, whose value the routes would never find.
 */
export function storefrontLoadContext(values: StorefrontLoadContext): RouterContextProvider {
  return new RouterContextProvider(new Map([[storefrontContext, values]]));
}

/** What the host server gave this request (a loader's, action's or render's `context`). */
export function serverContext(context: Readonly<RouterContextProvider>): StorefrontLoadContext {
  return context.get(storefrontContext);
}
