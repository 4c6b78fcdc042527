/**
 * Creates the PostgreSQL database DATABASE_URL names when it is missing (through the server's `postgres`
 * maintenance database), so `npm run start:cluster` starts on a fresh machine. Says what is wrong otherwise.
 */
import postgres from 'postgres';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is not set');
const target = new URL(url);
const name = decodeURIComponent(target.pathname.slice(1));
if (!name) throw new Error(`DATABASE_URL names no database: ${target.host}`);
const maintenance = new URL(url);
maintenance.pathname = '/postgres';

const sql = postgres(maintenance.toString(), { max: 1, connect_timeout: 5, onnotice: () => {} });
try {
  const [found] = await sql`select 1 as found from pg_database where datname = ${name}`;
  if (found) {
    console.log(`PostgreSQL database ${name} is there.`);
  } else {
    await sql`create database ${sql(name)}`;
    console.log(`PostgreSQL database ${name} created.`);
  }
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  console.error(
    `PostgreSQL does not answer at ${target.host} (${reason}): start it, or set DATABASE_URL to a server you can use.`,
  );
  process.exitCode = 1;
} finally {
  await sql.end();
}
