import { failureOf } from '@storefront/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoIfEmpty } from '../src/seed/seed';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';

describe.each(await testEngines())('the install base on $name', (engine) => {
  let crm: SeededCrm;
  const list = (accountId: string, storefrontId = crm.ids.storefrontA) =>
    crm.post('getInstallBase', { storefrontId, accountId });

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
  });
  afterAll(() => crm.close());

  it("lists the account's instruments with their catalogue model, active ones first", async () => {
    const { status, body } = await list(crm.ids.halvorsen);
    expect(status).toBe(200);
    const sorter = body.instruments.find((instrument) => instrument.serialNumber === 'CS4-2019-00417');
    expect(sorter).toMatchObject({
      modelName: 'Cell Sorter, 4-way, 4-laser',
      site: 'Flow Cytometry Core, Building B, room 214',
      installedOn: '2019-09-16',
      serviceContract: 'Gold service plan',
      status: 'Active',
    });
    expect(sorter?.modelSku).toMatch(/^INS-/);
    const statuses = body.instruments.map((instrument) => instrument.status);
    expect(statuses.at(-1)).toBe('Decommissioned');
    expect(statuses.filter((status) => status === 'Active')).toHaveLength(statuses.length - 1);
    const marlowe = await list(crm.ids.marlowe);
    expect(marlowe.body.instruments.map((instrument) => instrument.modelName)).toContain(
      'Benchtop NGS Sequencer',
    );
    expect(marlowe.body.instruments.map((instrument) => instrument.serialNumber)).not.toContain(
      'CS4-2019-00417',
    );
  });

  it('refuses an account of another storefront with 403', async () => {
    const answer = await list(crm.ids.kestrel, crm.ids.storefrontA);
    expect(answer.status).toBe(403);
    expect(failureOf(answer.body).errorCode).toBe('FORBIDDEN');
  });

  it('seeds an account once: a second start adds nothing', async () => {
    const before = (await list(crm.ids.halvorsen)).body.instruments.length;
    await seedDemoIfEmpty(crm.database);
    expect((await list(crm.ids.halvorsen)).body.instruments).toHaveLength(before);
  });
});
