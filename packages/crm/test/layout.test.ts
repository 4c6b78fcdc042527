import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The CRM's layout by capability (docs/decisions/0054-crm-by-capability.md), checked on its import graph: a
 * capability reaches another only through that one's index.ts (its tables.ts through its own tables.ts), core/
 * and db/ reach no capability (db/schema.ts gathers the tables), and no module imports itself in a circle.
 */

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');
/** Built from every capability: they may import any capability's index.ts. */
const COMPOSITION = new Set(['http', 'seed', 'setup', 'index.ts', 'testing.ts']);
const BASICS = new Set(['core', 'db']);

interface Import {
  from: string;
  to: string;
  /** `import type` / `export type`: erased when compiled, so no load order depends on it. */
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

const SPECIFIER = /^\s*(import|export)(\s+type)?\s[^;]*?from\s+'(\.[^']*)'/gms;

function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(SPECIFIER)].map(([, , type, specifier = '']) => {
    const base = resolve(dirname(file), specifier);
    const to = [`${base}.ts`, join(base, 'index.ts')].find(existsSync) ?? base;
    return { from: relative(SRC, file), to: relative(SRC, to), typeOnly: type !== undefined };
  });
}

const top = (path: string) => path.split('/')[0] ?? path;

/** Why an import breaks the layout, or null when it keeps it. */
function breach({ from, to }: Import): string | null {
  const [source, target] = [top(from), top(to)];
  if (source === target || COMPOSITION.has(source) || BASICS.has(target)) return null;
  if (BASICS.has(source)) {
    const gathersTables = from === 'db/schema.ts' && to.endsWith('/tables.ts');
    return gathersTables ? null : `${source}/ reaches the ${target} capability`;
  }
  if (to === `${target}/index.ts`) return null;
  if (to === `${target}/tables.ts` && from === `${source}/tables.ts`) return null;
  return `reaches into ${target} past its index.ts`;
}

/** The circles of the graph: its strongly connected components of more than one module (Tarjan). */
function circles(edges: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

const imports = sourceFiles(SRC).flatMap(importsOf);

describe('the CRM by capability', () => {
  it('reaches another capability only through its index.ts, and core/ and db/ reach none', () => {
    // The graph is the whole source, not an empty glob.
    expect(imports.length).toBeGreaterThan(500);
    const breaches = imports.flatMap((entry) => {
      const why = breach(entry);
      return why ? [`${entry.from} -> ${entry.to}: ${why}`] : [];
    });
    expect(breaches).toEqual([]);
  });

  it('names what breaks the layout', () => {
    const entry = (from: string, to: string) => breach({ from, to, typeOnly: false });
    expect(entry('cart/handlers/quotes.ts', 'catalogue/queries/catalogue.ts')).toBe(
      'reaches into catalogue past its index.ts',
    );
    expect(entry('core/scope.ts', 'cart/index.ts')).toBe('core/ reaches the cart capability');
    expect(entry('cart/handlers/quotes.ts', 'catalogue/index.ts')).toBeNull();
    expect(entry('cart/tables.ts', 'catalogue/tables.ts')).toBeNull();
    expect(
      circles(
        new Map([
          ['a', ['b']],
          ['b', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b']]);
  });

  it('has no import circles', () => {
    const edges = new Map<string, string[]>();
    for (const { from, to, typeOnly } of imports) {
      if (!typeOnly) edges.set(from, [...(edges.get(from) ?? []), to]);
    }
    expect(circles(edges)).toEqual([]);
  });

  it('is checked on the whole source: the rules see every capability', () => {
    const capabilities = new Set(imports.map((entry) => top(entry.from)));
    expect(
      [...capabilities].filter((name) => !COMPOSITION.has(name) && !BASICS.has(name)).length,
    ).toBeGreaterThan(10);
  });
});
