import type { CrmError, PortalContact } from '@storefront/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';

describe.each(await testEngines())('portal users’ contacts on $name', (engine) => {
  let crm: SeededCrm;
  beforeAll(async () => {
    crm = await openSeededCrm(engine);
  });
  afterAll(() => crm.close());

  const newContact = (email: string, accId = crm.ids.halvorsen) =>
    crm.postAs<PortalContact>('contactInSF', { accId, fn: 'Ana', ln: 'Lima', email });

  it('makes the contact of a new user once and finds it again by email, whatever its case', async () => {
    const made = await newContact('ana.lima@halvorsen.example');
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      accountId: crm.ids.halvorsen,
      awsUserId: null,
      portalUserActive: false,
    });
    const again = await newContact('Ana.Lima@Halvorsen.example');
    expect(again.body.contactId).toBe(made.body.contactId);
    // The same person at another account is another contact.
    const elsewhere = await newContact('ana.lima@halvorsen.example', crm.ids.kestrel);
    expect(elsewhere.body.contactId).not.toBe(made.body.contactId);
  });

  it('refuses an unknown account and an empty name', async () => {
    const unknown = await newContact('x@example.com', 'no-such-account');
    expect(unknown.status).toBe(404);
    const unnamed = await crm.postAs<CrmError>('contactInSF', {
      accId: crm.ids.halvorsen,
      fn: ' ',
      ln: 'Lima',
      email: 'y@example.com',
    });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.field).toBe('fn');
  });

  it('records the pool user and follows activation, only for a contact of the account named', async () => {
    const { body: contact } = await newContact('sync@halvorsen.example');
    const cid = contact.contactId;
    const linked = await crm.postAs<PortalContact>('updateContactInSF', {
      accId: crm.ids.halvorsen,
      cid,
      awsUserId: 'sync@halvorsen.example-sf-1',
    });
    expect(linked.body.awsUserId).toBe('sync@halvorsen.example-sf-1');
    const activated = await crm.getAs<PortalContact>('userActivatedInAWS', { accId: crm.ids.halvorsen, cid });
    expect(activated.body.portalUserActive).toBe(true);
    const deactivated = await crm.getAs<PortalContact>('userDeactivatedInAWS', {
      accId: crm.ids.halvorsen,
      cid,
    });
    expect(deactivated.body.portalUserActive).toBe(false);

    const otherAccount = await crm.getAs<CrmError>('userActivatedInAWS', { accId: crm.ids.kestrel, cid });
    expect(otherAccount.status).toBe(404);
    const relinked = await crm.postAs<CrmError>('updateContactInSF', {
      accId: crm.ids.kestrel,
      cid,
      awsUserId: 'someone-else',
    });
    expect(relinked.status).toBe(404);
  });
});
