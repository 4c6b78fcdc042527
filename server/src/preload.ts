/**
 * Loaded before the server (`node --import server/dist/preload.js`, scripts/serve.sh): React Router's server
 * modules are rewritten as Node loads them to keep what they built per build (react-router-memo.ts). It must
 * come first: the server's own imports load React Router before any of its code runs.
 */
import { registerHooks } from 'node:module';
import { rewriteReactRouter } from './react-router-memo';

registerHooks({
  load(url, context, nextLoad) {
    const loaded = nextLoad(url, context);
    if (!url.includes('/react-router/dist/') || loaded.source === undefined) return loaded;
    const rewritten = rewriteReactRouter(url, String(loaded.source), (rewrite) =>
      console.warn(
        `React Router's ${rewrite.module} lacks the text it is rewritten at: it runs as published (docs/decisions/0068).`,
      ),
    );
    return rewritten === null ? loaded : { ...loaded, source: rewritten };
  },
});
