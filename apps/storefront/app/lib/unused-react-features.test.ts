// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unusedReactFeatures } from '../../build-plugins/unused-react-features';

/*
 * The browser build leaves out React DOM's features the storefront does not use (build-plugins/
 * unused-react-features.ts): React DOM as installed must still have every check it folds, and a module that
 * would use one of those features must fail the build rather than render nothing.
 */

// Vitest runs from the repository's root (the web project's import.meta.url is no file address).
const reactDom = dirname(
  createRequire(join(process.cwd(), 'package.json')).resolve('react-dom/package.json'),
);
const clientFile = join(reactDom, 'cjs/react-dom-client.production.js');

/** The plugin's transform of one module, as the client build runs it: its answer, or the error it raises. */
function transform(code: string, id: string): { code?: string; error?: string } {
  const plugin = unusedReactFeatures();
  const hook = plugin.transform as (this: unknown, code: string, id: string) => { code: string } | null;
  const context = {
    error: (message: string) => {
      throw new Error(message);
    },
  };
  try {
    return { code: hook.call(context, code, id)?.code };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

describe('the browser build without unused React features', () => {
  it('finds every check it folds in the installed React DOM, and makes it smaller', () => {
    const code = readFileSync(clientFile, 'utf8');
    const answer = transform(code, clientFile);
    expect(answer.error).toBeUndefined();
    expect(answer.code?.length ?? Number.POSITIVE_INFINITY).toBeLessThan(code.length);
  });

  it('fails the build for a module that gives a Fragment a ref, or names a feature it leaves out', () => {
    const module = '/app/blocks/Example.tsx';
    expect(transform('jsx(Fragment, { ref: list, children })', module).error).toMatch(
      /may give a <Fragment> a ref/,
    );
    expect(transform('jsx(Fragment, props)', module).error).toMatch(/may give a <Fragment> a ref/);
    expect(transform('import { Activity } from "react";', module).error).toMatch(/uses React's activity/);
    expect(transform('jsx(Fragment, { children })', module)).toEqual({ code: undefined });
  });
});
