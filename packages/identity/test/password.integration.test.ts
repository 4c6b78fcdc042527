import { ChangePasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { hash } from '@node-rs/argon2';
import { testEngines } from '@storefront/database/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityDb } from '../src/db/database';
import { users } from '../src/db/schema';
import { expectException, PASSWORD, POOL, type ServedIdentity, serveIdentity } from './support/identity';
import { confirmForgotPassword, createUser, forgotPassword, passwordSignIn } from './support/users';

const NEW_PASSWORD = 'Brand-n3w-pass';

describe.each(await testEngines())('passwords on $name', (engine) => {
  let identity: ServedIdentity;
  beforeAll(async () => {
    identity = await serveIdentity(engine);
  });
  afterAll(() => identity.close());

  const forgot = (Username: string) => forgotPassword(identity.client, Username);
  const confirm = (Username: string, ConfirmationCode: string, Password = NEW_PASSWORD) =>
    confirmForgotPassword(identity.client, Username, ConfirmationCode, Password);

  it('resets a forgotten password with a single-use code', async () => {
    await createUser(identity.database, 'forgetful');
    const answer = await forgot('forgetful');
    expect(answer.CodeDeliveryDetails).toEqual({
      Destination: 'f***@e***.com',
      DeliveryMedium: 'EMAIL',
      AttributeName: 'email',
    });
    const code = await identity.lastCode('forgetful', 'FORGOT_PASSWORD');
    await expectException(confirm('forgetful', code, 'weak'), 'InvalidPasswordException');
    await confirm('forgetful', code);
    await expectException(confirm('forgetful', code), 'CodeMismatchException');
    await expectException(passwordSignIn(identity.client, 'forgetful'), 'NotAuthorizedException');
    expect((await passwordSignIn(identity.client, 'forgetful', NEW_PASSWORD)).AccessToken).toBeTruthy();
    await expectException(confirm('never-existed', '123456'), 'CodeMismatchException');
  });

  it('expires reset codes after an hour', async () => {
    await createUser(identity.database, 'slow');
    await forgot('slow');
    const code = await identity.lastCode('slow', 'FORGOT_PASSWORD');
    identity.clock.advance(3_600_000 + 1000);
    await expectException(confirm('slow', code), 'ExpiredCodeException');
  });

  it('changes a password only with the current one', async () => {
    await createUser(identity.database, 'changer');
    const { AccessToken } = await passwordSignIn(identity.client, 'changer');
    const change = (PreviousPassword: string, ProposedPassword: string) =>
      identity.client.send(new ChangePasswordCommand({ AccessToken, PreviousPassword, ProposedPassword }));
    await expectException(
      change('Wr0ng-password!', NEW_PASSWORD),
      'NotAuthorizedException',
      'Incorrect username or password.',
    );
    await expectException(change(PASSWORD, 'short'), 'InvalidPasswordException');
    await change(PASSWORD, NEW_PASSWORD);
    expect((await passwordSignIn(identity.client, 'changer', NEW_PASSWORD)).AccessToken).toBeTruthy();
  });

  it('hashes a password kept under older parameters again when it is proven right, and only then', async () => {
    await createUser(identity.database, 'long-standing');
    const db = identityDb(identity.database);
    const ofUser = and(eq(users.poolId, POOL.poolId), eq(users.username, 'long-standing'));
    const storedHash = async () => (await db.select().from(users).where(ofUser))[0]?.passwordHash;
    const older = await hash(PASSWORD, { algorithm: 2, memoryCost: 2048, timeCost: 2, parallelism: 1 });
    await db.update(users).set({ passwordHash: older }).where(ofUser);

    await expectException(
      passwordSignIn(identity.client, 'long-standing', 'Wr0ng-password!'),
      'NotAuthorizedException',
    );
    expect(await storedHash()).toBe(older);
    expect((await passwordSignIn(identity.client, 'long-standing')).AccessToken).toBeTruthy();
    const rehashed = await storedHash();
    expect(rehashed).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect((await passwordSignIn(identity.client, 'long-standing')).AccessToken).toBeTruthy();
    expect(await storedHash()).toBe(rehashed);
  });
});
