import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REACT_ROUTER_REWRITES, rewriteReactRouter } from '../src/react-router-memo';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist');

describe("React Router's server modules, rewritten to keep what they build per build", () => {
  it('finds the text of every rewrite in the installed React Router, production and development alike', () => {
    for (const mode of ['production', 'development'])
      for (const module of new Set(REACT_ROUTER_REWRITES.map((rewrite) => rewrite.module))) {
        const path = join(dist, mode, module);
        const missing: string[] = [];
        const rewritten = rewriteReactRouter(`file://${path}`, readFileSync(path, 'utf8'), (rewrite) =>
          missing.push(rewrite.from),
        );
        expect(missing, `${mode}/${module}`).toEqual([]);
        expect(rewritten).toContain('Kept = new WeakMap()');
      }
  });

  it('leaves other modules alone, and a module without the text as it was', () => {
    expect(rewriteReactRouter('file:///app/node_modules/hono/dist/index.js', 'x', () => {})).toBeNull();
    const told: string[] = [];
    const url = 'file:///app/node_modules/react-router/dist/production/lib/dom/server.js';
    expect(rewriteReactRouter(url, 'function other() {}', (rewrite) => told.push(rewrite.module))).toBe(
      'function other() {}',
    );
    expect(told).toEqual(['lib/dom/server.js', 'lib/dom/server.js']);
  });

  it('makes the static router of a route table once, in a server loaded with the preload', () => {
    const script = `
      import { createStaticHandler, createStaticRouter } from 'react-router';
      const routes = [{ id: 'root', path: '/', element: null }];
      const handler = createStaticHandler(routes);
      const context = await handler.query(new Request('http://localhost/'));
      console.log(createStaticRouter(routes, context).routes === createStaticRouter(routes, context).routes);
    `;
    const run = (preload: string[]) =>
      execFileSync(process.execPath, [...preload, '--input-type=module', '-e', script], {
        cwd: root,
        env: { ...process.env, NODE_ENV: 'production' },
        encoding: 'utf8',
      }).trim();
    expect(run(['--import', 'tsx', '--import', './server/src/preload.ts'])).toBe('true');
    expect(run([])).toBe('false');
  });
});
