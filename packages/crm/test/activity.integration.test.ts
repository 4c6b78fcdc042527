import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userActivityLog } from '../src/db/schema';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';

describe.each(await testEngines())('logUserActivity on $name', (engine) => {
  let crm: SeededCrm;
  beforeAll(async () => {
    crm = await openSeededCrm(engine);
  });
  afterAll(() => crm.database.close());

  const entries = (username: string) =>
    crm.database.db.select().from(userActivityLog).where(eq(userActivityLog.username, username));

  it('records a sign-in of a user of an account of the storefront', async () => {
    const answer = await crm.post('logUserActivity', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.halvorsen,
      username: 'buyer@halvorsen.example',
      activity: 'login',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: expect.any(String), activity: 'login' });
    const [entry] = await entries('buyer@halvorsen.example');
    expect(entry).toMatchObject({ id: answer.body.id, accountId: crm.ids.halvorsen, activity: 'login' });
  });

  it('refuses an account of another storefront and writes nothing', async () => {
    const answer = await crm.post('logUserActivity', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.kestrel,
      username: 'intruder@kestrel.example',
      activity: 'login',
    });
    expect(answer.status).toBe(403);
    expect(await entries('intruder@kestrel.example')).toEqual([]);
  });

  it('refuses an activity it does not know, naming the field', async () => {
    const answer = await crm.post('logUserActivity', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.halvorsen,
      username: 'buyer@halvorsen.example',
      activity: 'teleport',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      errorCode: 'INVALID_PAYLOAD',
      message: expect.stringMatching(/^activity: /),
    });
  });
});
