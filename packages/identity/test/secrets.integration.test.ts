import {
  ChangePasswordCommand,
  ForgotPasswordCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { testEngines } from '@storefront/database/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityDb } from '../src/db/database';
import { codes } from '../src/db/schema';
import { expectException, PASSWORD, POOL, type ServedIdentity, serveIdentity } from './support/identity';
import { type CapturedLog, captureLog } from './support/log';
import { createUser, passwordSignIn } from './support/users';

const NEW_PASSWORD = 'N3w-secret-pass!';
const SIGN_UP_PASSWORD = 'S1gn-up-secret!';

/** What must never appear in a log, whichever write failed. */
const SECRET_SHAPES: [string, RegExp][] = [
  ['an argon2 password hash', /\$argon2/],
  ['an SRP verifier, salt or other long hex', /[0-9a-f]{64,}/i],
  ['private key material', /"(d|p|q|dp|dq|qi)"\s*:\s*"/],
  ['a long base64url run (a key or token)', /[\w-]{200,}/],
  ['a JWT', /eyJ[\w-]+\.eyJ/],
];

describe.each(await testEngines())('what the identity service logs on $name', (engine) => {
  let identity: ServedIdentity;
  let log: CapturedLog;
  beforeAll(async () => {
    log = captureLog();
    identity = await serveIdentity(engine, { logger: log.logger });
    await createUser(identity.database, 'holder');
    await identity.database
      .drizzle({})
      .execute(
        sql.raw(
          `create function identity.refuse_write() returns trigger language plpgsql as $$ begin raise exception 'write refused by the test'; end $$`,
        ),
      );
  });
  afterAll(() => identity.close());

  /** Makes every write to the table fail the way a broken database would, until undone. */
  const refuseWrites = async (table: string) => {
    const db = identityDb(identity.database);
    await db.execute(
      sql.raw(
        `create trigger refuse_write before insert or update on identity.${table} for each row execute function identity.refuse_write()`,
      ),
    );
    return () => db.execute(sql.raw(`drop trigger refuse_write on identity.${table}`));
  };

  it('logs failed writes by error class and query id, never their passwords, hashes, keys, codes or tokens', async () => {
    // The pool's first key cannot be stored: the insert carried the private JWK.
    const allowKeys = await refuseWrites('signing_keys');
    await expectException(passwordSignIn(identity.client, 'holder'), 'InternalErrorException');
    await allowKeys();

    const tokens = await passwordSignIn(identity.client, 'holder');
    const allowUsers = await refuseWrites('users');
    // The update carried the new password's hash and SRP verifier; the insert a new user's.
    await expectException(
      identity.client.send(
        new ChangePasswordCommand({
          AccessToken: tokens.AccessToken,
          PreviousPassword: PASSWORD,
          ProposedPassword: NEW_PASSWORD,
        }),
      ),
      'InternalErrorException',
    );
    await expectException(
      identity.client.send(
        new SignUpCommand({
          ClientId: POOL.clientId,
          Username: 'newcomer',
          Password: SIGN_UP_PASSWORD,
          UserAttributes: [{ Name: 'email', Value: 'newcomer@example.com' }],
        }),
      ),
      'InternalErrorException',
    );
    await allowUsers();

    // The code was stored; the message carrying it (and its text) could not be.
    const allowMail = await refuseWrites('outbox');
    await expectException(
      identity.client.send(new ForgotPasswordCommand({ ClientId: POOL.clientId, Username: 'holder' })),
      'InternalErrorException',
    );
    await allowMail();
    const sentCodes = (await identityDb(identity.database).select().from(codes)).map((row) => row.code);
    expect(sentCodes).toHaveLength(1);

    const text = log.text();
    const failures = text.split('\n').filter((line) => line.includes('DrizzleQueryError'));
    expect(failures).toHaveLength(4);
    for (const line of failures) {
      expect(JSON.parse(line)).toMatchObject({
        level: 'error',
        operation: expect.any(String),
        error: {
          error: 'DrizzleQueryError',
          queryId: expect.stringMatching(/^[0-9a-f]{12}$/),
          sqlState: 'P0001',
        },
      });
    }
    for (const secret of [
      PASSWORD,
      NEW_PASSWORD,
      SIGN_UP_PASSWORD,
      tokens.AccessToken,
      tokens.RefreshToken,
    ]) {
      expect(text).not.toContain(secret);
    }
    for (const [what, shape] of SECRET_SHAPES) expect(text, what).not.toMatch(shape);
  });
});
