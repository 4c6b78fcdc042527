import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../src/db/schema';
import { DEMO_COST_CENTRES, ensureDemoCostCentres } from '../src/index';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';

describe.each(await testEngines())('the demo cost centres on $name', (engine) => {
  let crm: SeededCrm;
  const manager = '003DEMOCOSTCENTRE';

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    await crm.database.db.insert(contacts).values({
      id: manager,
      accountId: crm.ids.halvorsen,
      firstName: 'Maja',
      lastName: 'Berg',
      email: DEMO_COST_CENTRES.ownerEmail,
    });
  });
  afterAll(() => crm?.close());

  it('gives the account one code in each state, owned by its manager, made once', async () => {
    await ensureDemoCostCentres(crm.database.db, '2026-11-29');
    await ensureDemoCostCentres(crm.database.db, '2026-11-29');
    const { body } = await crm.post('getCostCentres', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.halvorsen,
      userType: 'AWSManager',
    });
    // States are the seeded CRM's today's (2025-06-15): the grant has not expired yet then.
    expect(body.costCentres.map(({ code, ownerName, budget }) => ({ code, ownerName, budget }))).toEqual([
      { code: 'G-2024-17', ownerName: 'Maja Berg', budget: 40_000 },
      { code: 'HRI-CC-3900', ownerName: 'Maja Berg', budget: 8_000 },
      { code: 'HRI-CC-4100', ownerName: 'Maja Berg', budget: 25_000 },
      { code: 'HRI-OPS', ownerName: null, budget: null },
    ]);
    const states = Object.fromEntries(body.costCentres.map((code) => [code.code, code.state]));
    expect(states).toMatchObject({ 'HRI-CC-3900': 'inactive', 'HRI-OPS': 'usable' });
    expect(body.costCentres.find((code) => code.code === 'G-2024-17')?.validUntil).toBe('2025-06-30');
  });
});
