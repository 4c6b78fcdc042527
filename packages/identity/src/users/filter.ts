import { type SQL, sql } from 'drizzle-orm';
import { users } from '../db/schema';
import { invalidParameter } from '../protocol/errors';

/** ListUsers' filter: `name = "value"` (exact) or `name ^= "value"` (prefix), on the attributes Cognito allows. */
const FILTER = /^\s*([\w:]+)\s*(=|\^=)\s*"((?:[^"\\]|\\.)*)"\s*$/;

const SEARCHABLE_ATTRIBUTES = new Set([
  'email',
  'phone_number',
  'name',
  'given_name',
  'family_name',
  'preferred_username',
]);

/** The SQL condition a Cognito filter expression stands for; an empty filter matches everyone. */
export function userFilter(expression: string | undefined): SQL | undefined {
  if (!expression?.trim()) return undefined;
  const match = FILTER.exec(expression);
  if (!match) throw invalidParameter('Error while parsing filter.');
  const [, name = '', operator, raw = ''] = match;
  const value = raw.replace(/\\(.)/g, '$1');
  const prefix = operator === '^=';
  const compare = (column: SQL, text: string) =>
    prefix ? sql`${column} like ${`${escapeLike(text)}%`}` : sql`${column} = ${text}`;
  switch (name) {
    case 'username':
      return compare(sql`${users.usernameKey}`, value.toLowerCase());
    case 'sub':
      return compare(sql`${users.id}::text`, value);
    case 'cognito:user_status':
      return compare(sql`${users.status}`, value);
    case 'status':
      if (prefix || (value !== 'Enabled' && value !== 'Disabled'))
        throw invalidParameter('Error while parsing filter.');
      return sql`${users.enabled} = ${value === 'Enabled'}`;
    default:
      if (!SEARCHABLE_ATTRIBUTES.has(name)) throw invalidParameter(`Invalid search attribute: ${name}`);
      return compare(sql`${users.attributes}->>${name}`, value);
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
