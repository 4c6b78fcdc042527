import { createHash } from 'node:crypto';

/** What a log line may say about a failure. */
export interface LoggableError {
  /** The error's class, e.g. DrizzleQueryError. */
  error: string;
  /** Said for application errors only: a database failure's message quotes the query's values. */
  message?: string;
  /** The same SQL text always gives the same id, so repeated failures of one query can be counted. */
  queryId?: string;
  /** The driver's SQLSTATE, constraint and table: enough to tell what failed, with no row values. */
  sqlState?: string;
  constraint?: string;
  table?: string;
  /** The call frames only: the first line of a stack repeats the message. */
  stack?: string;
}

interface DriverError {
  code?: unknown;
  constraint?: unknown;
  constraint_name?: unknown;
  table?: unknown;
  table_name?: unknown;
}

/**
 * A failure described without the parameters of a failed query or the driver's detail, both of which carry
 * row values (password hashes, SRP verifiers, private keys, personal data) into the log.
 */
export function loggableError(error: unknown): LoggableError {
  if (!(error instanceof Error)) return { error: typeof error };
  // The class tells a failed query (DrizzleQueryError) from the rest, where `name` is often just "Error".
  const errorClass = error.constructor.name || error.name;
  const stack = error.stack
    ?.split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
  const query = (error as { query?: unknown }).query;
  const driver = (typeof query === 'string' ? error.cause : error) as DriverError | undefined;
  const isDatabaseFailure = typeof query === 'string' || isSqlState(driver?.code);
  if (!isDatabaseFailure) return { error: errorClass, message: error.message, stack };
  return {
    error: errorClass,
    ...(typeof query === 'string'
      ? { queryId: createHash('sha256').update(query).digest('hex').slice(0, 12) }
      : {}),
    ...textField('sqlState', driver?.code),
    ...textField('constraint', driver?.constraint ?? driver?.constraint_name),
    ...textField('table', driver?.table ?? driver?.table_name),
    stack,
  };
}

function isSqlState(code: unknown): boolean {
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

function textField<K extends string>(name: K, value: unknown): Partial<Record<K, string>> {
  return typeof value === 'string' ? ({ [name]: value } as Record<K, string>) : {};
}
