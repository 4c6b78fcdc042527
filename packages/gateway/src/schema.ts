import { type GraphQLScalarTypeConfig, Kind, valueFromASTUntyped } from 'graphql';
import { createSchema } from 'graphql-yoga';
import type { GatewayContext } from './operation';
import { queryResolvers } from './resolvers';

function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw new TypeError('AWSJSON must be a valid JSON string.');
  }
}

/**
 * AppSync's AWSJSON: a JSON value carried as a JSON string. Inputs may also be plain JSON values, so
 * in-process callers need not encode twice; outputs are always strings the client parses.
 *
 * A scalar config, not a GraphQLScalarType: this package creates no graphql classes of its own, so it
 * works with whichever copy of graphql (index.js or index.mjs) graphql-yoga loaded. Kind and
 * valueFromASTUntyped are plain strings and a pure function, safe from either copy.
 */
const AWSJSON: Pick<GraphQLScalarTypeConfig<unknown, string>, 'serialize' | 'parseValue' | 'parseLiteral'> = {
  serialize: (value) => JSON.stringify(value),
  parseValue: parseJson,
  parseLiteral: (ast, variables) =>
    ast.kind === Kind.STRING ? parseJson(ast.value) : valueFromASTUntyped(ast, variables),
};

/** Each field answers an AWSJSON string of {statusCode, content} (spec P§7); see resolvers for Query only. */
const typeDefs = /* GraphQL */ `
  "A JSON value serialised as a JSON string."
  scalar AWSJSON

  type Query {
    salesforceActions(action: String!, data: AWSJSON, username: String): AWSJSON
    cognitoActions(action: String!, data: AWSJSON, username: String): AWSJSON
    salesforceApi(data: AWSJSON): AWSJSON
    getLoginInfo(data: AWSJSON): AWSJSON
    userActivityLog(data: AWSJSON): AWSJSON
    listCustomerOrgAPIUsers(filter: AWSJSON, limit: Int, nextToken: String): AWSJSON
    getTemplateBlock(storefrontId: ID!, templateId: ID!): AWSJSON
    metaItemByStorefront(storefrontId: ID!, sortDirection: String, filter: AWSJSON, limit: Int): AWSJSON
    userActions(data: AWSJSON): AWSJSON
    listUsers(data: AWSJSON): AWSJSON
    theme(key: String!): AWSJSON
    templateDetails(organizationId: ID!): AWSJSON
  }
`;

export const schema = createSchema<GatewayContext>({
  typeDefs,
  resolvers: { AWSJSON, Query: queryResolvers },
});
