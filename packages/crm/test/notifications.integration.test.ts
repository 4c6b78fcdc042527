import { notificationUrl } from '@storefront/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoNotifications } from '../src/seed/notifications';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';

const ANA = '003ANA000000000AAA';
const BEN = '003BEN000000000AAA';

describe.each(await testEngines())('notifications on $name', (engine) => {
  let crm: SeededCrm;
  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    await ensureDemoNotifications(crm.database.db, [
      { accountId: crm.ids.halvorsen, contactId: ANA },
      { accountId: crm.ids.halvorsen, contactId: BEN },
    ]);
  });
  afterAll(() => crm.close());

  const scope = (cid: string) => ({ storefrontId: crm.ids.storefrontA, accId: crm.ids.halvorsen, cid });
  const count = (cid: string) => crm.get('getNotificationsCount', scope(cid));
  const list = (cid: string) => crm.get('getNotifications', scope(cid));
  const mark = (cid: string, action: 'read' | 'seen', ids: string[]) =>
    crm.post('updateNotifications', { ...scope(cid), payload: { action, ids } });

  it('counts a contact’s own notifications, none of them seen or read yet', async () => {
    expect((await count(ANA)).body).toEqual({ total: 3, unseen: 3, unread: 3 });
  });

  it('lists them newest first, each leading to a real page as P§2 says', async () => {
    const { status, body } = await list(ANA);
    expect(status).toBe(200);
    expect(body.notification.map((entry) => entry.Name)).toEqual([
      'Your quote is ready',
      'Your quotes and orders',
      'Items are waiting in your cart',
    ]);
    const [quote, quotes, cart] = body.contactNotification;
    expect(quote).toMatchObject({ Target_Page_Type: 'Details page', Read_Date: null, Seen_Date: null });
    expect(quote && notificationUrl(quote)).toMatch(/^\/detail\/[^/?]+\?recordId=[\w-]+$/);
    expect(quotes && notificationUrl(quotes)).toMatch(/^\/list\/[^/?]+$/);
    expect(cart && notificationUrl(cart)).toBe('/cart');
    // The record number names a quote of this contact, which getRecord shows.
    const record = await crm.post('getRecord', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.halvorsen,
      contactId: ANA,
      objectName: 'Quote',
      objectId: quote?.Record_Number,
    });
    expect(record.body.recordData.name).toBe('Flow cytometry panel, spring reorder');
  });

  it('marks listed rows seen and an opened one read, and the counts follow', async () => {
    const ids = (await list(ANA)).body.contactNotification.map((row) => row.Id);
    expect((await mark(ANA, 'seen', ids)).body).toEqual({ total: 3, unseen: 0, unread: 3 });
    const opened = await mark(ANA, 'read', ids.slice(0, 1));
    expect(opened.body).toEqual({ total: 3, unseen: 0, unread: 2 });
    const [first] = (await list(ANA)).body.contactNotification;
    expect(first?.Read_Date).toEqual(expect.any(String));
    // Another contact of the same account is untouched.
    expect((await count(BEN)).body).toEqual({ total: 3, unseen: 3, unread: 3 });
  });

  it('refuses to mark another contact’s notification, and marks nothing of the request', async () => {
    const own = (await list(ANA)).body.contactNotification.map((row) => row.Id);
    const [theirs] = (await list(BEN)).body.contactNotification.map((row) => row.Id);
    const answer = await mark(ANA, 'read', [own[2] ?? '', theirs ?? '']);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ errorCode: 'NOT_FOUND', field: 'payload.ids.1' });
    expect((await count(BEN)).body).toEqual({ total: 3, unseen: 3, unread: 3 });
    expect((await count(ANA)).body.unread).toBe(2);
  });

  it('counts and lists nothing of one account’s contact for another account', async () => {
    const other = { storefrontId: crm.ids.storefrontA, accId: crm.ids.marlowe, cid: ANA };
    expect((await crm.get('getNotificationsCount', other)).body).toEqual({
      total: 0,
      unseen: 0,
      unread: 0,
    });
    expect((await crm.get('getNotifications', other)).body.contactNotification).toEqual([]);
  });

  it('refuses an account of another storefront and a call without a contact', async () => {
    const foreign = await crm.get('getNotificationsCount', { ...scope(ANA), accId: crm.ids.kestrel });
    expect(foreign.status).toBe(403);
    const anonymous = await crm.get('getNotifications', {
      storefrontId: crm.ids.storefrontA,
      accId: crm.ids.halvorsen,
    });
    expect(anonymous.status).toBe(400);
    expect(anonymous.body).toMatchObject({ field: 'cid' });
  });

  it('seeds a contact once, whatever the number of starts', async () => {
    await ensureDemoNotifications(crm.database.db, [{ accountId: crm.ids.halvorsen, contactId: ANA }]);
    expect((await count(ANA)).body.total).toBe(3);
  });
});
