/**
 * Compiles the server into one ES module, server/dist/main.js, that plain `node` runs: the server and the
 * @storefront/* packages it composes are bundled from their TypeScript source; everything installed in
 * node_modules stays an import, resolved at run time as before. Beside it, server/dist/preload.js, which
 * scripts/serve.sh loads first (src/preload.ts). `npm run build` runs it after the web build.
 */
import { readFile } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const outdir = fileURLToPath(new URL('./dist/', import.meta.url));

/** Bare imports are installed packages, left to Node; only our own workspace packages are bundled. */
const installedPackagesStayExternal: Plugin = {
  name: 'installed-packages-stay-external',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@storefront/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * A module finds files beside its source (migrations, the web build) through import.meta.url. Bundled, that
 * would be dist/main.js, so each use is pointed back at the module's own source file, relative to the output:
 * the compiled server reads the same folders the source does, wherever the checkout lives.
 */
const importMetaUrlIsTheSourceFile: Plugin = {
  name: 'import-meta-url-is-the-source-file',
  setup(context) {
    context.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const fromOutput = relative(outdir, args.path).split(sep).join('/');
      const sourceUrl = `new URL(${JSON.stringify(fromOutput)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', sourceUrl), loader: 'ts' };
    });
  },
};

await build({
  entryPoints: {
    main: fileURLToPath(new URL('./src/main.ts', import.meta.url)),
    preload: fileURLToPath(new URL('./src/preload.ts', import.meta.url)),
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  // Logs name errors by their class (loggableError); bundling must not rename classes that share a name.
  keepNames: true,
  sourcemap: 'linked',
  plugins: [installedPackagesStayExternal, importMetaUrlIsTheSourceFile],
  logLevel: 'warning',
});
console.log(`server compiled to ${relative(process.cwd(), `${outdir}main.js`)}`);
