import { toDomainDetails } from '@storefront/contracts';
import { ensureContacts } from '@storefront/crm';
import { openSeededCrm, type SeededCrm, testEngines } from '@storefront/crm/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoContactId, demoContacts } from '../src/demo-users';

describe.each(await testEngines())('the demo users’ CRM contacts on $name', (engine) => {
  let crm: SeededCrm;
  beforeAll(async () => {
    crm = await openSeededCrm(engine);
  });
  afterAll(() => crm.close());

  it('are the contacts a manager finds for them, made once however often the server starts', async () => {
    const { body: records } = await crm.get('getActiveStorefronts');
    const contacts = demoContacts(records.map(toDomainDetails), crm.seed.accounts);
    expect(contacts.map((contact) => contact.email)).toContain('manager@kestrel.example');
    await ensureContacts(crm.database, contacts);
    await ensureContacts(crm.database, contacts);
    const found = await crm.post('contactInSF', {
      accId: crm.ids.halvorsen,
      fn: 'Tomas',
      ln: 'Lind',
      email: 'Buyer@Halvorsen.example',
    });
    expect(found.body).toMatchObject({
      contactId: demoContactId('buyer@halvorsen.example'),
      portalUserActive: true,
    });
    expect(found.body.awsUserId).toMatch(/^buyer@halvorsen\.example/);
  });
});
