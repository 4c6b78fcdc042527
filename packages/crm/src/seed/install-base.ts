import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { CrmDb } from '../db/open';
import * as schema from '../db/schema';
import { fullCatalogueModels } from '../elearning/queries/elearning';

interface DemoInstrument {
  model: string;
  serialNumber: string;
  site: string;
  installedOn: string;
  serviceContract: string | null;
  contractEndsOn: string | null;
  status?: 'Active' | 'Decommissioned';
}

/**
 * The instruments the demo accounts own (by the model's catalogue name): a flow core with a sorter and
 * analysers, a genomics core with a sequencer, a diagnostics lab with plate readers and qPCR. Serials are
 * the model's prefix, the year and a number, as the factory writes them.
 */
export const DEMO_INSTALL_BASE: Readonly<Record<string, readonly DemoInstrument[]>> = {
  'Halvorsen Research Institute': [
    {
      model: 'Cell Sorter, 4-way, 4-laser',
      serialNumber: 'CS4-2019-00417',
      site: 'Flow Cytometry Core, Building B, room 214',
      installedOn: '2019-09-16',
      serviceContract: 'Gold service plan',
      contractEndsOn: '2027-09-15',
    },
    {
      model: 'Benchtop Flow Cytometer, 3-laser',
      serialNumber: 'BFC3-2021-01182',
      site: 'Flow Cytometry Core, Building B, room 212',
      installedOn: '2021-03-02',
      serviceContract: 'Silver service plan',
      contractEndsOn: '2026-03-01',
    },
    {
      model: 'Spectral Flow Cytometer, 5-laser',
      serialNumber: 'SFC5-2023-00063',
      site: 'Immunology Lab, Building A, room 105',
      installedOn: '2023-06-20',
      serviceContract: 'Gold service plan',
      contractEndsOn: '2028-06-19',
    },
    {
      model: 'Multimode Microplate Reader',
      serialNumber: 'MMR-2020-02231',
      site: 'Screening Lab, Building C, room 310',
      installedOn: '2020-11-09',
      serviceContract: null,
      contractEndsOn: null,
    },
    {
      model: 'Benchtop Flow Cytometer, 2-laser',
      serialNumber: 'BFC2-2016-00588',
      site: 'Teaching Lab, Building A, room 011',
      installedOn: '2016-02-22',
      serviceContract: null,
      contractEndsOn: null,
      status: 'Decommissioned',
    },
  ],
  'Marlowe Genomics Core': [
    {
      model: 'Benchtop NGS Sequencer',
      serialNumber: 'NGS-2022-00354',
      site: 'Genomics Core, Levin Hall, room 4.12',
      installedOn: '2022-04-11',
      serviceContract: 'Gold service plan',
      contractEndsOn: '2027-04-10',
    },
    {
      model: 'Digital PCR System',
      serialNumber: 'DPCR-2024-00129',
      site: 'Genomics Core, Levin Hall, room 4.14',
      installedOn: '2024-01-29',
      serviceContract: 'Silver service plan',
      contractEndsOn: '2027-01-28',
    },
    {
      model: 'Thermal Cycler, 96-well Gradient',
      serialNumber: 'TC96-2021-03310',
      site: 'Genomics Core, Levin Hall, room 4.10',
      installedOn: '2021-08-05',
      serviceContract: null,
      contractEndsOn: null,
    },
  ],
  'Kestrel Diagnostics GmbH': [
    {
      model: 'Real-Time PCR System, 384-well',
      serialNumber: 'RT384-2022-00871',
      site: 'Labor 2, Hauptgebäude',
      installedOn: '2022-10-17',
      serviceContract: 'Gold service plan',
      contractEndsOn: '2026-10-16',
    },
    {
      model: 'Automated Plate Washer',
      serialNumber: 'APW-2023-01544',
      site: 'Labor 3, Hauptgebäude',
      installedOn: '2023-02-13',
      serviceContract: null,
      contractEndsOn: null,
    },
  ],
  // The Toronto lab orders from an Install Base catalogue: the parts and consumables of these instruments.
  'Halvorsen Research Institute Toronto': [
    {
      model: 'Benchtop Flow Cytometer, 4-laser',
      serialNumber: 'BFC4-2022-00731',
      site: 'Immunophenotyping Lab, 101 College Street, room 5.20',
      installedOn: '2022-08-22',
      serviceContract: 'Silver service plan',
      contractEndsOn: '2027-08-21',
    },
    {
      model: 'Real-Time PCR System, 96-well',
      serialNumber: 'RT96-2023-00218',
      site: 'Molecular Lab, 101 College Street, room 5.08',
      installedOn: '2023-03-14',
      serviceContract: null,
      contractEndsOn: null,
    },
  ],
  'Halvorsen Institute Cambridge Campus': [
    {
      model: 'High-Content Imaging System',
      serialNumber: 'HCI-2024-00041',
      site: 'Cell Biology Building, room 2.07',
      installedOn: '2024-05-06',
      serviceContract: 'Gold service plan',
      contractEndsOn: '2029-05-05',
    },
  ],
};

/**
 * The demo accounts' instruments, for an account that has none yet: once it has some, they are its own. The
 * model's SKU is read from the account's storefront's Full catalogue.
 */
export async function addDemoInstallBase(db: CrmDb): Promise<void> {
  const accounts = await db
    .select({
      id: schema.accounts.id,
      name: schema.accounts.name,
      storefrontId: schema.accounts.storefrontId,
    })
    .from(schema.accounts)
    .where(inArray(schema.accounts.name, Object.keys(DEMO_INSTALL_BASE)));
  if (accounts.length === 0) return;
  const owning = await db
    .selectDistinct({ accountId: schema.installBase.accountId })
    .from(schema.installBase)
    .where(
      inArray(
        schema.installBase.accountId,
        accounts.map((account) => account.id),
      ),
    );
  const done = new Set(owning.map((row) => row.accountId));
  for (const account of accounts) {
    if (done.has(account.id)) continue;
    const instruments = DEMO_INSTALL_BASE[account.name] ?? [];
    const models = await fullCatalogueModels(db, account.storefrontId, {
      names: instruments.map((instrument) => instrument.model),
    });
    const skuOf = new Map(models.map((model) => [model.name, model.sku]));
    const rows = instruments.flatMap(({ model, serialNumber, status = 'Active', ...rest }) => {
      const sku = skuOf.get(model);
      if (!sku) return [];
      return [
        {
          id: randomUUID(),
          storefrontId: account.storefrontId,
          accountId: account.id,
          modelSku: sku,
          modelName: model,
          serialNumber,
          status,
          ...rest,
        },
      ];
    });
    if (rows.length > 0) await db.insert(schema.installBase).values(rows).onConflictDoNothing();
  }
}
