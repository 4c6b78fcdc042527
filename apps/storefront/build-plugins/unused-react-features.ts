import MagicString from 'magic-string';
import { type Plugin, parseAst } from 'vite';
import { type AstNode, isNode } from './estree';

const REACT_DOM_CLIENT = /[\\/]node_modules[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/;
/** React's own modules, which define the components below; no other module of the browser build may use them. */
const REACT_PACKAGES = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;

/**
 * React components that React DOM renders and the storefront does not use: the work tag of their fibers,
 * the element types React DOM makes such a fiber of, and what names them in a module (an import,
 * `React.Activity`, JSX, or the element type's symbol), not as a string.
 */
const UNUSED_COMPONENTS = [
  {
    name: 'view transition',
    tag: 30,
    // React's `ViewTransition`, and the legacy hidden type, which React does not export and this build lets
    // through to the same fiber.
    types: ['REACT_VIEW_TRANSITION_TYPE', 'REACT_LEGACY_HIDDEN_TYPE'],
    use: /(?<![\w$"'`])ViewTransition(?![\w$"'`])/,
  },
  {
    name: 'activity',
    tag: 31,
    types: ['REACT_ACTIVITY_TYPE'],
    use: /(?<![\w$"'`])Activity(?![\w$"'`])/,
  },
  {
    // Experimental: React's stable build does not export it, but React DOM renders it.
    name: 'suspense list',
    tag: 19,
    types: ['REACT_SUSPENSE_LIST_TYPE'],
    use: /(?<![\w$"'`])(unstable_)?SuspenseList(?![\w$"'`])|react\.suspense_list/,
  },
] as const;
type UnusedComponent = (typeof UNUSED_COMPONENTS)[number]['name'];

/** The fiber flag a `<ViewTransition>` leaves in its ancestors' `subtreeFlags` (ViewTransitionStatic). */
const VIEW_TRANSITION_STATIC_FLAG = 33554432;

/** React DOM's work tag of a `<Fragment>` fiber. */
const FRAGMENT_TAG = 7;
/** What a `<Fragment ref>` throws as its ref is attached, should one pass the build's check. */
const FRAGMENT_REF_ERROR =
  'This build of React DOM leaves out fragment refs: see build-plugins/unused-react-features.ts';
/** React DOM's test for a fragment fiber that has an instance (a `<Fragment ref>`, which calls it a parent). */
const FRAGMENT_INSTANCE_PARENT = 'isFragmentInstanceParent';

type Fold =
  | `${UnusedComponent}: ${'element types' | 'tag cases' | 'tag checks'}`
  | 'view transition: subtree checks'
  | 'view transition: commit'
  | 'view transition: pseudo-elements'
  | 'fragment refs'
  | 'fragment instance checks'
  | 'fragment instances';
const FOLDS: readonly Fold[] = [
  ...UNUSED_COMPONENTS.flatMap(({ name }) =>
    (['element types', 'tag cases', 'tag checks'] as const).map((kind): Fold => `${name}: ${kind}`),
  ),
  'view transition: subtree checks',
  'view transition: commit',
  'view transition: pseudo-elements',
  'fragment refs',
  'fragment instance checks',
  'fragment instances',
];

/**
 * Classes whose prototype assignments would keep them although nothing makes one any more: a view
 * transition's pseudo-elements, and the instance a `<Fragment ref>` gets.
 */
const UNUSED_CLASSES: readonly (readonly [string, Fold])[] = [
  ['ViewTransitionPseudoElement', 'view transition: pseudo-elements'],
  ['FragmentInstance', 'fragment instances'],
];

function visit(node: AstNode, enter: (node: AstNode) => void): void {
  enter(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const item of value) if (isNode(item)) visit(item, enter);
    if (isNode(value)) visit(value, enter);
  }
}

const isLiteral = (node: unknown, value: number): boolean =>
  isNode(node) && node.type === 'Literal' && node.value === value;
const isIdentifier = (node: unknown, names: readonly string[]): node is AstNode =>
  isNode(node) && node.type === 'Identifier' && names.includes(node.name as string);
const isProperty = (node: unknown, name: string): node is AstNode =>
  isNode(node) && node.type === 'MemberExpression' && isIdentifier(node.property, [name]);

/** `tag === fiber.tag` or `tag !== fiber.tag` (either order): the answer, or null for any other node. */
function tagCheck(node: AstNode, tag: number): boolean | null {
  if (node.type !== 'BinaryExpression' || (node.operator !== '===' && node.operator !== '!==')) return null;
  const onTag =
    (isLiteral(node.left, tag) && isProperty(node.right, 'tag')) ||
    (isLiteral(node.right, tag) && isProperty(node.left, 'tag'));
  return onTag ? node.operator === '!==' : null;
}

/** Whether a switch case's last statement leaves the switch (so the whole case can go, wherever it stands). */
const endsInJump = (switchCase: AstNode): boolean =>
  ['ReturnStatement', 'BreakStatement', 'ThrowStatement'].includes(
    (switchCase.consequent as AstNode[]).at(-1)?.type ?? '',
  );

/** `0 !== (fiber.subtreeFlags & ViewTransitionStatic)`: whether a view transition is below the fiber. */
function isSubtreeCheck(node: AstNode): boolean {
  if (node.type !== 'BinaryExpression' || node.operator !== '!==' || !isLiteral(node.left, 0)) return false;
  const mask = node.right;
  return (
    isNode(mask) &&
    mask.type === 'BinaryExpression' &&
    mask.operator === '&' &&
    isProperty(mask.left, 'subtreeFlags') &&
    isLiteral(mask.right, VIEW_TRANSITION_STATIC_FLAG)
  );
}

/** `Class.prototype.x = …;` at the top level. */
function isMethodOf(statement: AstNode, className: string): boolean {
  const assignment = statement.expression;
  if (statement.type !== 'ExpressionStatement' || !isNode(assignment)) return false;
  if (assignment.type !== 'AssignmentExpression' || !isNode(assignment.left)) return false;
  const target = assignment.left.object;
  return isProperty(target, 'prototype') && isIdentifier(target.object, [className]);
}

/** Whether `node` is or contains `new FragmentInstance(…)`. */
function makesFragmentInstance(node: AstNode): boolean {
  let found = false;
  visit(node, (inner) => {
    if (inner.type === 'NewExpression' && isIdentifier(inner.callee, ['FragmentInstance'])) found = true;
  });
  return found;
}

/**
 * React DOM without React's view transitions, activities, suspense lists and fragment refs. React DOM no
 * longer makes a fiber of a `<ViewTransition>`, `<Activity>` or `<SuspenseList>` element (each becomes an
 * invalid element type), and no longer gives a `<Fragment>` the instance its ref would receive, so every
 * check for them is answered at build time and the minifier drops the code behind them.
 */
function withoutUnusedFeatures(code: string): { code: string; folded: Set<Fold> } {
  const out = new MagicString(code);
  const folded = new Set<Fold>();
  const program = parseAst(code) as unknown as AstNode;
  visit(program, (node) => {
    if (node.type === 'SwitchStatement') {
      const cases = node.cases as AstNode[];
      const onTag = isProperty(node.discriminant, 'tag');
      for (const [index, switchCase] of cases.entries()) {
        const component = UNUSED_COMPONENTS.find(
          ({ tag, types }) =>
            isIdentifier(switchCase.test, types) || (onTag && isLiteral(switchCase.test, tag)),
        );
        const fold: Fold | null = component
          ? `${component.name}: ${isIdentifier(switchCase.test, component.types) ? 'element types' : 'tag cases'}`
          : // Where a fragment's ref is attached: the only place that makes its instance.
            onTag && isLiteral(switchCase.test, FRAGMENT_TAG) && makesFragmentInstance(switchCase)
            ? 'fragment refs'
            : null;
        if (!fold) continue;
        folded.add(fold);
        const statements = switchCase.consequent as AstNode[];
        const [first, last] = [statements[0], statements.at(-1)];
        if (fold === 'fragment refs' && first && last) {
          // A fragment given a ref all the same (in a way the build's check cannot see) fails loudly.
          out.overwrite(first.start, last.end, `throw Error(${JSON.stringify(FRAGMENT_REF_ERROR)});`);
          continue;
        }
        const opens = index === 0 && statements.length > 0;
        if (opens) {
          if (!endsInJump(switchCase)) throw new Error(`A case of ${fold} opens its switch in React DOM`);
          // A first case that leaves the switch goes whole: no other case reaches its statements.
          out.remove(switchCase.start, switchCase.end);
          continue;
        }
        // Without its label, the case's statements follow the previous case's jump (dead code), or the case
        // leaves the group of labels it shares with the next case.
        out.remove(switchCase.start, code.indexOf(':', (switchCase.test as AstNode).end) + 1);
      }
      return;
    }
    // No fragment fiber has an instance, so none is the parent a new or deleted child is reported to.
    if (node.type === 'CallExpression' && isIdentifier(node.callee, [FRAGMENT_INSTANCE_PARENT])) {
      out.overwrite(node.start, node.end, '!1');
      folded.add('fragment instance checks');
      return;
    }
    for (const { name, tag } of UNUSED_COMPONENTS) {
      const answer = tagCheck(node, tag);
      if (answer === null) continue;
      out.overwrite(node.start, node.end, answer ? '!0' : '!1');
      folded.add(`${name}: tag checks`);
      return;
    }
    if (isSubtreeCheck(node)) {
      out.overwrite(node.start, node.end, '!1');
      folded.add('view transition: subtree checks');
      return;
    }
    // The commit starts the browser's view transition only when a check above found one.
    if (node.type === 'ConditionalExpression' && isIdentifier(node.test, ['shouldStartViewTransition'])) {
      out.overwrite(node.test.start, node.test.end, '!1');
      folded.add('view transition: commit');
    }
  });
  // Each class and its methods in one pure expression, dropped once nothing makes one.
  const statements = program.body as AstNode[];
  for (const [className, fold] of UNUSED_CLASSES) {
    const declaration = statements.find(
      (statement) => statement.type === 'FunctionDeclaration' && isIdentifier(statement.id, [className]),
    );
    const methods = statements.filter((statement) => isMethodOf(statement, className));
    if (!declaration || methods.length === 0) continue;
    const parts = [declaration, ...methods].map((statement) => code.slice(statement.start, statement.end));
    for (const method of methods) out.remove(method.start, method.end);
    out.overwrite(
      declaration.start,
      declaration.end,
      `var ${className} = /* @__PURE__ */ (function () { ${parts.join('\n')} return ${className}; })();`,
    );
    folded.add(fold);
  }
  return { code: out.toString(), folded };
}

/** A `Fragment` as a `jsx()` or `createElement()` call's element type: `Fragment`, `_Fragment`, `React.Fragment`. */
const isFragmentType = (node: unknown): boolean =>
  (isNode(node) && node.type === 'Identifier' && /Fragment/.test(node.name as string)) ||
  (isNode(node) && node.type === 'MemberExpression' && isIdentifier(node.property, ['Fragment']));

/**
 * Whether a module of the browser build may give a `<Fragment>` a ref: a call with a fragment as its element
 * type and props that name `ref`, or spread props, or props that are not written out.
 */
function mayGiveFragmentRef(code: string): boolean {
  if (!code.includes('Fragment')) return false;
  let found = false;
  visit(parseAst(code) as unknown as AstNode, (node) => {
    if (found || node.type !== 'CallExpression') return;
    const [type, props] = node.arguments as unknown[];
    if (!isFragmentType(type) || !isNode(props)) return;
    if (props.type === 'Literal' && props.value === null) return;
    found =
      props.type !== 'ObjectExpression' ||
      (props.properties as AstNode[]).some(
        (property) =>
          property.type === 'SpreadElement' ||
          isIdentifier(property.key, ['ref']) ||
          (isNode(property.key) && property.key.type === 'Literal' && property.key.value === 'ref'),
      );
  });
  return found;
}

/**
 * The browser build leaves out React DOM's view transitions (React's `<ViewTransition>`), activities
 * (`<Activity>`, which hides a subtree and keeps its state), suspense lists (`<SuspenseList>`, experimental,
 * which React's stable build does not even export) and fragment refs (`<Fragment ref>`, whose instance's
 * event listeners, focus, observers and geometry React 19.2 added), which the storefront does not use: 3.6,
 * 0.5, 1.2 and 2.4 KB gzip on every page. The build fails when a module of the browser build names one of
 * those components or may give a `<Fragment>` a ref, and when React DOM's code no longer has one of the
 * checks folded here.
 */
export function unusedReactFeatures(): Plugin {
  return {
    name: 'storefront:unused-react-features',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      if (!REACT_PACKAGES.test(id)) {
        const component = UNUSED_COMPONENTS.find(({ use }) => use.test(code));
        if (component) {
          this.error(`${id} uses React's ${component.name}: review build-plugins/unused-react-features.ts`);
        }
        if (/\.[cm]?[jt]sx?$/.test(id.split('?')[0] ?? '') && mayGiveFragmentRef(code)) {
          this.error(`${id} may give a <Fragment> a ref: review build-plugins/unused-react-features.ts`);
        }
        return null;
      }
      if (!REACT_DOM_CLIENT.test(id)) return null;
      const result = withoutUnusedFeatures(code);
      const missing = FOLDS.filter((fold) => !result.folded.has(fold));
      if (missing.length > 0) this.error(`React DOM's code changed; not found: ${missing.join(', ')}`);
      return { code: result.code, map: null };
    },
  };
}
