import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';

/**
 * The `route` label of a request's metrics: a route id of the storefront's route table (`product-…`,
 * `category-id`, `cart`) or the part of the server that answered. Never the raw path: product ids and
 * invented paths would make a series each.
 */
export type RouteLabeller = (path: string) => string;

/** The server's own endpoints. */
const ENDPOINTS = new Map([
  ['/health', 'health'],
  ['/health/ready', 'readiness'],
  ['/metrics', 'metrics'],
  ['/graphql', 'graphql'],
  ['/api/domain', 'api-domain'],
]);

/** The parts mounted beside the pages, by path prefix. */
const PARTS: [prefix: string, label: string][] = [
  ['/services/apexrest/', 'crm'],
  ['/identity', 'identity'],
  ['/tax/', 'tax'],
  ['/payments/', 'payments'],
  ['/operations/', 'operations'],
  ['/assets/', 'assets'],
];

/**
 * Paths labelled so far. Matching a path against the route table takes about 0.6 ms (React Router flattens and
 * ranks the table on every match), more than a cached guest page takes to answer; the paths people ask for
 * repeat. Bounded: a flood of made-up paths empties it rather than growing it.
 */
const REMEMBERED_PATHS = 10_000;

/** React Router's `.data` requests (a page's loader data on client navigation) carry their page's path. */
const DATA_SUFFIX = /(\/_root)?\.data$/;

export function routeLabeller(build: Pick<ServerBuild, 'routes'>): RouteLabeller {
  const routes = nested(build.routes, undefined);
  const labelOf = (path: string) => {
    const endpoint = ENDPOINTS.get(path);
    if (endpoint) return endpoint;
    const part = PARTS.find(([prefix]) => path.startsWith(prefix));
    if (part) return part[1];
    const page = path.replace(DATA_SUFFIX, '') || '/';
    return matchRoutes(routes, page)?.at(-1)?.route.id ?? 'unmatched';
  };
  const remembered = new Map<string, string>();
  return (path) => {
    let label = remembered.get(path);
    if (label === undefined) {
      label = labelOf(path);
      if (remembered.size >= REMEMBERED_PATHS) remembered.clear();
      remembered.set(path, label);
    }
    return label;
  };
}

/** The build lists its routes flat, each naming its parent; matching wants them nested. */
function nested(manifest: ServerBuild['routes'], parentId: string | undefined): RouteObject[] {
  return Object.values(manifest)
    .filter((route) => route?.parentId === parentId)
    .map((route) => {
      const { id, path, caseSensitive } = route as NonNullable<typeof route>;
      return route?.index
        ? { id, path, caseSensitive, index: true }
        : { id, path, caseSensitive, children: nested(manifest, id) };
    });
}
