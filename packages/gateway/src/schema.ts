import { type ASTNode, type GraphQLScalarTypeConfig, Kind, valueFromASTUntyped } from 'graphql';
import { createSchema } from 'graphql-yoga';
import { nestsTooDeep, TOO_DEEP } from './json-depth';
import { requestError } from './limits';
import type { GatewayContext } from './operation';
import { queryResolvers } from './resolvers';

/** Why a value is not AWSJSON; turned into a GraphQL error that says where the value came from. */
class NotAwsJson extends Error {}

/** A JSON string parsed, or a plain JSON value as it is, if it nests no deeper than MAX_JSON_DEPTH. */
function jsonValue(value: unknown): unknown {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch (error) {
      throw new NotAwsJson((error as Error).message);
    }
  }
  if (nestsTooDeep(parsed)) throw new NotAwsJson(TOO_DEEP);
  return parsed;
}

/**
 * A GraphQL error (from graphql-yoga's copy, so it is shown, not masked as 'Unexpected error.'): graphql
 * prefixes a variable's with 'Variable "$name" got invalid value …; '; a literal's points at the literal.
 */
function awsJson(value: unknown, subject: string, nodes?: ASTNode): unknown {
  try {
    return jsonValue(value);
  } catch (error) {
    if (!(error instanceof NotAwsJson)) throw error;
    const message = `${subject} is not valid AWSJSON: ${error.message}`;
    throw requestError(message, 400, 'BAD_USER_INPUT', nodes);
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
  parseValue: (value) => awsJson(value, 'it'),
  parseLiteral: (ast, variables) =>
    awsJson(ast.kind === Kind.STRING ? ast.value : valueFromASTUntyped(ast, variables), 'This argument', ast),
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
