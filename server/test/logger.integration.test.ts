import { Writable } from 'node:stream';
import { testEngines } from '@storefront/database/testing';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger';

const SECRET = 'hunter2-secret-value';

/** The server's logger writing into a buffer instead of stdout. */
function bufferedLogger() {
  let written = '';
  const destination = new Writable({
    write(chunk, _encoding, done) {
      written += String(chunk);
      done();
    },
  });
  return { logger: createLogger('info', destination), lines: () => written.trim().split('\n') };
}

describe.each(await testEngines())('the server log on $name', (engine) => {
  it('describes a failed query by class, query id and SQLSTATE, never by its parameters', async () => {
    const database = await engine.open();
    const failure = await database
      .drizzle({})
      .execute(sql`select ${SECRET}::int`)
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    await database.close();
    expect(String(failure)).toContain(SECRET); // what used to reach the log

    const { logger, lines } = bufferedLogger();
    logger.error(failure);
    logger.error({ err: failure }, 'unhandled error');
    logger.error({
      error: failure,
      request: { headers: { authorization: `Bearer ${SECRET}`, cookie: SECRET } },
    });
    logger.info({ body: { Password: SECRET, nested: { refresh_token: SECRET } } }, 'request');

    const logged = lines();
    expect(logged).toHaveLength(4);
    expect(logged.join('\n')).not.toContain(SECRET);
    const [bare, keyed] = logged.map((line) => JSON.parse(line));
    for (const entry of [bare.err, keyed.err]) {
      expect(entry).toMatchObject({
        error: 'DrizzleQueryError',
        queryId: expect.stringMatching(/^[0-9a-f]{12}$/),
        sqlState: '22P02',
      });
    }
    expect(keyed.msg).toBe('unhandled error');
  });
});
