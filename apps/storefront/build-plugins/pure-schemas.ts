import { type Plugin, parseAst } from 'vite';
import { isNode, type AstNode as Node } from './estree';

/** The shared contracts: constants and plain functions beside the zod schemas of the same area. */
const CONTRACT_MODULE = /[\\/]packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/;

/** Whether evaluating an expression may run code: a call, `new`, or a spread (getters), outside function bodies. */
function runsCode(node: Node): boolean {
  if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') return false;
  if (['CallExpression', 'NewExpression', 'SpreadElement', 'TaggedTemplateExpression'].includes(node.type)) {
    return true;
  }
  return Object.values(node).some((value) =>
    (Array.isArray(value) ? value : [value]).some((child) => isNode(child) && runsCode(child)),
  );
}

/** The initialisers of a module's top-level `const` and `export const` declarations. */
function topLevelInitialisers(program: Node): Node[] {
  return (program.body as Node[]).flatMap((statement) => {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (!isNode(declaration) || declaration.type !== 'VariableDeclaration') return [];
    return (declaration.declarations as Node[]).map((declarator) => declarator.init).filter(isNode);
  });
}

/**
 * The browser build marks the contracts' top-level definitions pure (each wrapped in an annotated arrow), so a page that imports a
 * constant or a plain function from a contracts module no longer carries zod and every schema of that module
 * (about 27 KB gzip). Building a schema has no effect beyond its value, so dropping an unused one changes
 * nothing; a schema the browser does use is kept whole.
 */
export function pureSchemas(): Plugin {
  return {
    name: 'storefront:pure-schemas',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      if (!CONTRACT_MODULE.test(id)) return null;
      const program = parseAst(code, { lang: 'ts' }) as unknown as Node;
      const wrapped = topLevelInitialisers(program).filter(runsCode);
      if (wrapped.length === 0) return null;
      let annotated = code;
      // From the end, so the offsets of the earlier initialisers still hold.
      for (const init of wrapped.reverse()) {
        const expression = annotated.slice(init.start, init.end);
        annotated = `${annotated.slice(0, init.start)}/* @__PURE__ */ (() => (${expression}))()${annotated.slice(init.end)}`;
      }
      return { code: annotated, map: null };
    },
  };
}
