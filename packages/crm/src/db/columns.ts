import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, customType, numeric } from 'drizzle-orm/pg-core';

/** Column types and checks the capabilities' tables share (db/schema.ts gathers the tables). */

export const optionalMoney = () => numeric({ precision: 12, scale: 2, mode: 'number' });
export const money = () => optionalMoney().notNull();

/** Binary content: a Buffer in, a Buffer out (PGlite answers a Uint8Array, postgres-js a Buffer). */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** `column in ('a', 'b')` for a check constraint; the values are our own constants, never input. */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '))})`;
}

/** PostgreSQL's full-text document type; PGlite has it too. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
