import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as ReactRouter from 'react-router';
import { afterAll, describe, expect, it } from 'vitest';
import { fixRouterCode } from '../../build-plugins/router-race-fix';

/*
 * A link followed while a fetcher's page revalidates (the order page's "Added 2 lines to …" link, clicked as soon
 * as it shows) must open the linked page, also when its route is not yet known to the browser. The browser
 * build's router is React Router's production build with build-plugins/router-race-fix.ts applied: this test
 * runs that router code, as built and as published.
 */

// Vitest runs from the repository's root (happy-dom's import.meta.url is no file address).
const packageDir = dirname(
  createRequire(join(process.cwd(), 'package.json')).resolve('react-router/package.json'),
);
/** React Router 8 publishes one file per source module; the router and its history sit side by side. */
const routerDir = join(packageDir, 'dist/production/lib/router');
const routerFile = 'router.js';

/** The router module's own names of what the package exports as UNSAFE_createRouter and UNSAFE_createMemoryHistory. */
interface RouterModule {
  createRouter: typeof ReactRouter.UNSAFE_createRouter;
  createMemoryHistory: typeof ReactRouter.UNSAFE_createMemoryHistory;
}

/**
 * A temporary folder for the router copies, in the tools' cache folder (the test runner loads modules from the
 * project only); the installed package is never written to.
 */
const cache = join(process.cwd(), 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const copies = mkdtempSync(join(cache, 'navigation-after-fetcher-'));
afterAll(() => rmSync(copies, { recursive: true, force: true }));

/**
 * The router module as published or as the build fixes it, loaded from a copy whose relative imports (its
 * history, its utilities) point at the package's own modules.
 */
async function routerModule(fixed: boolean): Promise<RouterModule> {
  const code = readFileSync(join(routerDir, routerFile), 'utf8');
  if (!code.includes('function createRouter('))
    throw new Error(`No router in ${join(routerDir, routerFile)}`);
  const file = join(copies, `${fixed ? 'fixed' : 'published'}-${routerFile}`);
  const packageModules = (source: string) =>
    source.replaceAll(
      /from "(\.\/[^"]+)"/g,
      (_, path: string) => `from "${pathToFileURL(join(routerDir, path)).href}"`,
    );
  writeFileSync(file, packageModules(fixed ? fixRouterCode(code) : code));
  const router = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as Pick<
    RouterModule,
    'createRouter'
  >;
  const history = (await import(/* @vite-ignore */ join(routerDir, 'history.js'))) as Pick<
    RouterModule,
    'createMemoryHistory'
  >;
  return { createRouter: router.createRouter, createMemoryHistory: history.createMemoryHistory };
}

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/**
 * The order page, an add whose page revalidation is held, a click on a page whose route the browser has not
 * discovered, then the revalidation's answer before the route's: where the router ends.
 */
async function clickDuringRevalidation({ createRouter, createMemoryHistory }: RouterModule) {
  const revalidation = deferred<string>();
  const discovery = deferred();
  const router = createRouter({
    history: createMemoryHistory({ initialEntries: ['/order'] }),
    routes: [
      {
        id: 'root',
        path: '/',
        children: [
          // Its first data comes with the document: the loader runs for the add's revalidation only.
          { id: 'order', path: 'order', loader: () => revalidation.promise },
          { id: 'api', path: 'api', action: () => ({ ok: true }) },
        ],
      },
    ],
    hydrationData: { loaderData: { order: 'order' } },
    async patchRoutesOnNavigation({ path, patch }) {
      if (path !== '/list') return;
      await discovery.promise;
      patch('root', [{ id: 'list', path: 'list', loader: () => 'list' }]);
    },
  }).initialize();
  // Settles with its revalidation, which is held: not awaited.
  const add = router.fetch('add', 'order', '/api', { formMethod: 'post', formData: new FormData() });
  await settle();
  expect(router.state.fetchers.get('add')?.state).toBe('loading');
  const navigation = router.navigate('/list');
  await settle();
  expect(router.state.navigation.state).toBe('loading');
  revalidation.resolve('order, revalidated');
  await settle();
  discovery.resolve();
  await Promise.all([add, navigation]);
  await settle();
  const { location, matches, loaderData } = router.state;
  router.dispose();
  return { path: location.pathname, page: matches.at(-1)?.route.id, loaderData };
}

describe('a link followed while a fetcher revalidates the page', () => {
  it('opens the linked page whose route is discovered on the way', async () => {
    const ended = await clickDuringRevalidation(await routerModule(true));
    expect(ended).toMatchObject({ path: '/list', page: 'list', loaderData: { list: 'list' } });
  });

  it('left the previous page under the new address with the router as published (the patch is still needed)', async () => {
    const ended = await clickDuringRevalidation(await routerModule(false));
    expect(ended).toMatchObject({ path: '/list', page: 'order' });
  });
});
