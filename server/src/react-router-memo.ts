/**
 * React Router 8.4 rebuilds, on every server request, three things that depend only on the build: the map of
 * route modules (server-runtime's createEntryRouteModules), the server routes (ServerRouter's
 * createServerRoutes) and the data routes with their manifest (createStaticRouter's convertRoutesToDataRoutes).
 * With 90 routes that was a fifth of a bare page's CPU, most of its garbage included
 * (docs/decisions/0068-the-floor-of-a-page.md). Each is kept per object it is made from (a WeakMap), by
 * rewriting those lines as Node loads the modules (preload.ts); the objects are the build's own, the same for
 * every request.
 */

interface Rewrite {
  /** The module, by the end of its path inside react-router/dist/<production|development>/. */
  module: string;
  from: string;
  to: string;
}

export const REACT_ROUTER_REWRITES: readonly Rewrite[] = [
  {
    module: 'lib/server-runtime/entry.js',
    from: `function createEntryRouteModules(manifest) {
	return Object.keys(manifest).reduce((memo, routeId) => {
		let route = manifest[routeId];
		if (route) memo[routeId] = route.module;
		return memo;
	}, {});
}`,
    to: `const entryRouteModulesKept = new WeakMap();
function createEntryRouteModules(manifest) {
	let kept = entryRouteModulesKept.get(manifest);
	if (kept) return kept;
	kept = Object.keys(manifest).reduce((memo, routeId) => {
		let route = manifest[routeId];
		if (route) memo[routeId] = route.module;
		return memo;
	}, {});
	entryRouteModulesKept.set(manifest, kept);
	return kept;
}`,
  },
  {
    module: 'lib/dom/ssr/server.js',
    from: `	let routes = createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);`,
    to: `	let routes = serverRoutesKept.get(routeModules);
	if (!routes || routes.madeFrom !== manifest.routes || routes.spaMode !== context.isSpaMode) {
		routes = Object.assign(createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode), { madeFrom: manifest.routes, spaMode: context.isSpaMode });
		serverRoutesKept.set(routeModules, routes);
	}`,
  },
  {
    module: 'lib/dom/ssr/server.js',
    from: 'function ServerRouter({ context, url, nonce }) {',
    to: 'const serverRoutesKept = new WeakMap();\nfunction ServerRouter({ context, url, nonce }) {',
  },
  {
    module: 'lib/dom/server.js',
    from: `	let manifest = {};
	let dataRoutes = convertRoutesToDataRoutes(routes, void 0, void 0, manifest);`,
    to: `	let kept = dataRoutesKept.get(routes);
	if (!kept) {
		let made = {};
		kept = { manifest: made, dataRoutes: convertRoutesToDataRoutes(routes, void 0, void 0, made) };
		dataRoutesKept.set(routes, kept);
	}
	let { manifest, dataRoutes } = kept;`,
  },
  {
    module: 'lib/dom/server.js',
    from: 'function createStaticRouter(routes, context, opts = {}) {',
    to: 'const dataRoutesKept = new WeakMap();\nfunction createStaticRouter(routes, context, opts = {}) {',
  },
];

const DIST = /\/react-router\/dist\/(?:production|development)\/(.+)$/;

/**
 * A react-router module's source with the rewrites for it made; null for any other module. A rewrite whose
 * text the module lacks (another React Router version) is left out, and `missing` hears of it: the module
 * then works as published, without the saving.
 */
export function rewriteReactRouter(
  url: string,
  source: string,
  missing: (rewrite: Rewrite) => void,
): string | null {
  const module = DIST.exec(url)?.[1];
  const rewrites = REACT_ROUTER_REWRITES.filter((rewrite) => rewrite.module === module);
  if (rewrites.length === 0) return null;
  let rewritten = source;
  for (const rewrite of rewrites) {
    if (!rewritten.includes(rewrite.from)) missing(rewrite);
    else rewritten = rewritten.replace(rewrite.from, rewrite.to);
  }
  return rewritten;
}
