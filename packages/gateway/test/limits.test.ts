import { MESSAGES } from '@storefront/contracts';
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { depthLimitRule, MAX_ROOT_FIELDS, noIntrospectionRule, rootFieldsRule } from '../src/limits';

const schema = buildSchema(`
  type Node { id: ID, child: Node }
  type Query { node: Node, theme(key: String!): String }
`);

const errors = (query: string, rule = depthLimitRule(3)) =>
  validate(schema, parse(query), [rule]).map((error) => ({
    message: error.message,
    status: (error.extensions.http as { status: number }).status,
  }));

describe('depthLimitRule', () => {
  it('accepts a query at the limit', () => {
    expect(errors('{ node { child { id } } }')).toEqual([]);
  });

  it('refuses a query one level deeper', () => {
    expect(errors('{ node { child { child { id } } } }')).toEqual([
      { message: 'Query depth 4 exceeds the maximum of 3.', status: 400 },
    ]);
  });

  it('counts through fragment spreads and inline fragments', () => {
    const query = `
      { node { ...Deep } }
      fragment Deep on Node { child { ... on Node { child { id } } } }`;
    expect(errors(query)).toEqual([{ message: 'Query depth 4 exceeds the maximum of 3.', status: 400 }]);
  });

  it('measures each fragment once, so fanned-out spreads stay cheap', () => {
    const fragments = Array.from(
      { length: 30 },
      (_, i) => `fragment F${i} on Node { a: child { ...F${i + 1} } b: child { ...F${i + 1} } }`,
    );
    const query = `{ node { ...F0 } } ${fragments.join(' ')} fragment F30 on Node { id }`;
    const started = performance.now();
    expect(errors(query, depthLimitRule(100))).toEqual([]);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('rootFieldsRule', () => {
  it('answers an unknown root field with 404 Query name not found', () => {
    expect(errors('{ salesforceAction }', rootFieldsRule)).toEqual([
      { message: MESSAGES.queryNameNotFound, status: 404 },
    ]);
    expect(errors('{ ...F } fragment F on Query { nope }', rootFieldsRule)).toEqual([
      { message: MESSAGES.queryNameNotFound, status: 404 },
    ]);
  });

  it('allows __typename and the schema fields', () => {
    expect(errors('{ __typename node { id } theme(key: "theme") }', rootFieldsRule)).toEqual([]);
  });

  it('refuses more root fields than an AppSync client ever sends, aliases included', () => {
    const aliases = Array.from({ length: MAX_ROOT_FIELDS + 1 }, (_, i) => `t${i}: theme(key: "theme")`);
    expect(errors(`{ ${aliases.join(' ')} }`, rootFieldsRule)).toEqual([
      { message: `An operation may select at most ${MAX_ROOT_FIELDS} fields.`, status: 400 },
    ]);
    expect(errors(`{ ${aliases.slice(1).join(' ')} }`, rootFieldsRule)).toEqual([]);
  });
});

describe('noIntrospectionRule', () => {
  it('refuses __schema and __type but keeps __typename', () => {
    expect(errors('{ __schema { queryType { name } } }', noIntrospectionRule)).toEqual([
      { message: 'Introspection is disabled.', status: 400 },
    ]);
    expect(errors('{ __type(name: "Query") { name } }', noIntrospectionRule)).toHaveLength(1);
    expect(errors('{ __typename }', noIntrospectionRule)).toEqual([]);
  });
});
