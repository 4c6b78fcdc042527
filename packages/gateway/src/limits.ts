import { GATEWAY_MAX_ROOT_FIELDS, MESSAGES } from '@storefront/contracts';
import {
  type ASTNode,
  type FieldNode,
  Kind,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';

export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;
export const DEFAULT_MAX_DEPTH = 6;
/** A few aliased fields per operation (the storefront's server sends a page's independent calls together). */
export const MAX_ROOT_FIELDS = GATEWAY_MAX_ROOT_FIELDS;
/**
 * The portal's operations have under 40 tokens, ten aliased fields under 300. graphql-js parses recursively,
 * so the cap also bounds how deep a literal can nest (≤ 500 levels: a 2,000-deep list overflowed the stack).
 */
export const MAX_TOKENS = 1000;

/**
 * Errors come from graphql-yoga's copy of graphql (see schema.ts), so Yoga recognises them; `spec: false`
 * keeps the status even for clients that accept only application/json.
 */
export function requestError(
  message: string,
  status: number,
  code: string,
  nodes?: ASTNode | readonly ASTNode[],
) {
  return createGraphQLError(message, { nodes, extensions: { code, http: { status, spec: false } } });
}

/** Fragment spreads are expanded; each fragment is measured once, so nesting spreads cannot explode. */
function selectionDepth(
  set: SelectionSetNode,
  context: ValidationContext,
  memo: Map<string, number>,
): number {
  const depths = set.selections.map((selection) => {
    if (selection.kind === Kind.FIELD) {
      return 1 + (selection.selectionSet ? selectionDepth(selection.selectionSet, context, memo) : 0);
    }
    if (selection.kind === Kind.INLINE_FRAGMENT) return selectionDepth(selection.selectionSet, context, memo);
    return fragmentDepth(selection.name.value, context, memo);
  });
  return Math.max(0, ...depths);
}

function fragmentDepth(name: string, context: ValidationContext, memo: Map<string, number>): number {
  const known = memo.get(name);
  if (known !== undefined) return known;
  memo.set(name, 0); // a cycle counts as nothing here: NoFragmentCyclesRule refuses it
  const fragment = context.getFragment(name);
  const depth = fragment ? selectionDepth(fragment.selectionSet, context, memo) : 0;
  memo.set(name, depth);
  return depth;
}

export function depthLimitRule(maxDepth: number): ValidationRule {
  return (context) => ({
    OperationDefinition(operation) {
      const depth = selectionDepth(operation.selectionSet, context, new Map());
      if (depth > maxDepth) {
        const message = `Query depth ${depth} exceeds the maximum of ${maxDepth}.`;
        context.reportError(requestError(message, 400, 'QUERY_TOO_DEEP', operation));
      }
    },
  });
}

/** The root fields an operation selects, through inline fragments and fragment spreads. */
function rootFields(set: SelectionSetNode, context: ValidationContext, seen: Set<string>): FieldNode[] {
  return set.selections.flatMap((selection) => {
    if (selection.kind === Kind.FIELD) return [selection];
    if (selection.kind === Kind.INLINE_FRAGMENT) return rootFields(selection.selectionSet, context, seen);
    const fragment = context.getFragment(selection.name.value);
    if (!fragment || seen.has(fragment.name.value)) return [];
    seen.add(fragment.name.value);
    return rootFields(fragment.selectionSet, context, seen);
  });
}

/**
 * Spec P§8: an operation naming a root field the gateway does not have is 'Query name not found' (404);
 * an operation selecting more than MAX_ROOT_FIELDS root fields is refused (400).
 */
export const rootFieldsRule: ValidationRule = (context) => ({
  OperationDefinition(operation) {
    const fields = rootFields(operation.selectionSet, context, new Set());
    const known = context.getSchema().getRootType(operation.operation)?.getFields() ?? {};
    const unknown = fields.filter(
      (field) => !field.name.value.startsWith('__') && !Object.hasOwn(known, field.name.value),
    );
    if (unknown.length > 0) {
      context.reportError(requestError(MESSAGES.queryNameNotFound, 404, 'QUERY_NAME_NOT_FOUND', unknown));
    } else if (fields.length > MAX_ROOT_FIELDS) {
      const message = `An operation may select at most ${MAX_ROOT_FIELDS} fields.`;
      context.reportError(requestError(message, 400, 'TOO_MANY_FIELDS', operation));
    }
  },
});

/** Introspection's entry points (`__typename` stays: clients use it for unions). */
export const noIntrospectionRule: ValidationRule = (context) => ({
  Field(node) {
    if (node.name.value === '__schema' || node.name.value === '__type') {
      context.reportError(requestError('Introspection is disabled.', 400, 'INTROSPECTION_DISABLED', node));
    }
  },
});

/**
 * Request limits as a Yoga plugin: a request without a query is spec P§8's missing query name (404); the
 * parser stops at MAX_TOKENS with a syntax error (Yoga: 400 to clients accepting graphql-response+json).
 */
export function limitsPlugin({
  maxDepth,
  introspection,
}: {
  maxDepth: number;
  introspection: boolean;
}): Plugin {
  return {
    onParams({ params }) {
      if (typeof params.query !== 'string' || params.query.trim() === '') {
        throw requestError(MESSAGES.queryNameNotFound, 404, 'QUERY_NAME_NOT_FOUND');
      }
    },
    onParse({ parseFn, setParseFn }) {
      setParseFn((source, options) => parseFn(source, { ...options, maxTokens: MAX_TOKENS }));
    },
    onValidate({ addValidationRule }) {
      addValidationRule(depthLimitRule(maxDepth));
      addValidationRule(rootFieldsRule);
      if (!introspection) addValidationRule(noIntrospectionRule);
    },
  };
}
