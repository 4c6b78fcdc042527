import { randomUUID } from 'node:crypto';
import type { ComponentCondition, ComponentKind } from '@storefront/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CrmDb } from '../db/open';
import * as schema from '../db/schema';
import {
  createInstallBaseCatalogue,
  syncInstallBaseCatalogue,
} from '../install-base/queries/install-base-catalogue';

/**
 * A node of a demo parts tree: a catalogue part by its name, an obsolete part by its number (see
 * DEMO_SUPERSESSIONS), or a heading (neither).
 */
interface DemoNode {
  kind: ComponentKind;
  name: string;
  part?: string;
  obsolete?: string;
  qty?: number;
  children?: readonly DemoNode[];
}

const part = (kind: ComponentKind, name: string, qty = 1, children?: readonly DemoNode[]): DemoNode => ({
  kind,
  name,
  part: name,
  qty,
  ...(children ? { children } : {}),
});
const heading = (name: string, children: readonly DemoNode[]): DemoNode => ({
  kind: 'Assembly',
  name,
  children,
});
const consumables = (...names: string[]) => names.map((name) => part('Consumable', name));

/** An obsolete part number no longer sold, and the catalogue part (by name) that replaced it. */
interface DemoSupersession {
  partNumber: string;
  name: string;
  successor: string;
  reason: string;
  supersededOn: string;
}

export const DEMO_SUPERSESSIONS: readonly DemoSupersession[] = [
  {
    partNumber: 'NZ-70-B',
    name: 'Sort Nozzle, 70 µm, rev. B',
    successor: 'Sort Nozzle, 70 µm',
    reason: 'Harder ceramic tip: rev. B tips erode after about 2,000 sort hours and the stream deflects.',
    supersededOn: '2023-04-03',
  },
  {
    partNumber: 'FCA-R2',
    name: 'Flow Cell Assembly, rev. 2',
    successor: 'Flow Cell Assembly',
    reason: 'Anti-reflective coated cuvette and a stiffer bracket that keeps the laser alignment.',
    supersededOn: '2022-09-12',
  },
  {
    partNumber: 'XFL-2000',
    name: 'Xenon Flash Lamp, 2,000 h',
    successor: 'Xenon Flash Lamp',
    reason: 'Longer-life lamp with the same socket; rated for twice the flashes.',
    supersededOn: '2021-05-17',
  },
];

const obsolete = (kind: ComponentKind, partNumber: string): DemoNode => {
  const supersession = DEMO_SUPERSESSIONS.find((row) => row.partNumber === partNumber);
  if (!supersession) throw new Error(`no demo supersession ${partNumber}`);
  return { kind, name: supersession.name, obsolete: partNumber, qty: 1 };
};

const lasers = (...nm: number[]) =>
  heading(
    'Optics: lasers',
    nm.map((line) => part('Module', `Laser Module, ${line} nm`)),
  );
const filters = (...passbands: string[]) =>
  passbands.map((band) => part('Consumable', `Bandpass Filter, ${band} nm`));
const mirrors = (...cutOns: number[]) =>
  cutOns.map((nm) => part('Consumable', `Longpass Dichroic Mirror, ${nm} nm`));
const electronics = heading('Electronics and cabinet', [
  part('Module', 'Touchscreen Control Panel'),
  part('Module', 'Power Supply Unit'),
  part('Consumable', 'Air Filter Kit'),
]);
const maintenance = heading('Service kits', [
  part('Kit', 'Preventive Maintenance Kit, Annual'),
  part('Kit', 'Optical Alignment & Calibration Kit'),
]);
const pumpModule = part('Module', 'Fluidics Pump Assembly', 1, [
  part('Consumable', 'Peristaltic Pump Tubing'),
]);
const analyserFluidics = (flowCell: DemoNode) =>
  heading('Fluidics', [
    pumpModule,
    flowCell,
    part('Spare part', 'Sample Injection Probe'),
    part('Spare part', 'Pressure Regulator'),
    part('Spare part', 'Sheath Fluid Tank, 10 L'),
    part('Spare part', 'Waste Tank, 10 L'),
    part('Consumable', 'Sheath Filter Cartridge, 0.2 µm'),
    part('Consumable', 'Fluidics Tubing Kit'),
  ]);
const cytometerConsumables = heading(
  'Consumables',
  consumables('Sheath Fluid', 'Cleaning Solution', 'Cytometer Setup & Tracking Beads'),
);
const loader = heading('Sample handling', [
  part('Spare part', 'Sample Tube Rack, 40-position', 2),
  part('Module', 'Plate Loader Module'),
]);
const cyclerBlock = heading('Thermal block', [
  part('Module', 'Thermal Block, 96-well'),
  part('Spare part', 'Heated Lid Assembly'),
]);

/** Each demo model's parts tree, by the model's catalogue name. */
export const DEMO_PARTS_TREES: Readonly<Record<string, readonly DemoNode[]>> = {
  'Cell Sorter, 4-way, 4-laser': [
    heading('Fluidics', [
      pumpModule,
      part('Spare part', 'Pressure Regulator'),
      part('Spare part', 'Sample Injection Probe'),
      part('Spare part', 'Sheath Fluid Tank, 10 L', 2),
      part('Spare part', 'Waste Tank, 10 L'),
      part('Consumable', 'Sheath Filter Cartridge, 0.2 µm'),
      part('Consumable', 'Fluidics Tubing Kit'),
    ]),
    heading('Sort block', [
      obsolete('Consumable', 'NZ-70-B'),
      part('Consumable', 'Sort Nozzle, 100 µm'),
      part('Consumable', 'Sort Nozzle, 130 µm'),
      part('Spare part', 'Deflection Plate Set'),
    ]),
    lasers(405, 488, 561, 640),
    heading('Optics: filters and mirrors', [
      ...filters('450/50', '530/30', '585/42', '670/30', '780/60'),
      ...mirrors(505, 560, 635),
    ]),
    heading('Detection', [
      part('Module', 'Photomultiplier Tube Module', 12),
      part('Module', 'Avalanche Photodiode Detector', 4),
    ]),
    electronics,
    maintenance,
    heading(
      'Consumables',
      consumables(
        'Sheath Fluid',
        'Cleaning Solution',
        'Cytometer Setup & Tracking Beads',
        'Rainbow Calibration Particles, 8 peaks',
      ),
    ),
  ],
  'Benchtop Flow Cytometer, 2-laser': [
    analyserFluidics(obsolete('Module', 'FCA-R2')),
    lasers(488, 640),
    heading('Optics: filters and mirrors', [...filters('530/30', '585/42', '670/30'), ...mirrors(560)]),
    heading('Detection', [part('Module', 'Photomultiplier Tube Module', 8)]),
    electronics,
    maintenance,
    cytometerConsumables,
  ],
  'Benchtop Flow Cytometer, 3-laser': [
    analyserFluidics(obsolete('Module', 'FCA-R2')),
    lasers(405, 488, 640),
    heading('Optics: filters and mirrors', [
      ...filters('450/50', '530/30', '585/42', '670/30', '780/60'),
      ...mirrors(505, 560, 635),
    ]),
    heading('Detection', [part('Module', 'Photomultiplier Tube Module', 12)]),
    loader,
    electronics,
    maintenance,
    cytometerConsumables,
  ],
  'Benchtop Flow Cytometer, 4-laser': [
    analyserFluidics(part('Module', 'Flow Cell Assembly')),
    lasers(405, 488, 561, 640),
    heading('Optics: filters and mirrors', [
      ...filters('450/50', '530/30', '585/42', '670/30', '780/60'),
      ...mirrors(505, 560, 635),
    ]),
    heading('Detection', [part('Module', 'Photomultiplier Tube Module', 16)]),
    loader,
    electronics,
    maintenance,
    cytometerConsumables,
  ],
  'Spectral Flow Cytometer, 5-laser': [
    analyserFluidics(part('Module', 'Flow Cell Assembly')),
    lasers(405, 488, 561, 640),
    heading('Detection', [part('Module', 'Avalanche Photodiode Detector', 8)]),
    loader,
    electronics,
    maintenance,
    cytometerConsumables,
  ],
  'Multimode Microplate Reader': [
    heading('Optics', [obsolete('Consumable', 'XFL-2000'), part('Module', 'Photomultiplier Tube Module')]),
    electronics,
    heading('Consumables', consumables('Optical Adhesive Film, 100/pk')),
  ],
  'Benchtop NGS Sequencer': [
    electronics,
    heading('Fluidics', [part('Consumable', 'Fluidics Tubing Kit'), part('Spare part', 'Waste Tank, 10 L')]),
    heading('Service kits', [part('Kit', 'Preventive Maintenance Kit, Annual')]),
    heading(
      'Consumables',
      consumables('NGS Library Prep Kit, 24 reactions', 'PCR Clean-Up Magnetic Beads, 5 mL'),
    ),
  ],
  'Thermal Cycler, 96-well Gradient': [
    cyclerBlock,
    electronics,
    heading('Consumables', consumables('Optical Adhesive Film, 100/pk', 'Pierceable Foil Seal, 100/pk')),
  ],
  'Real-Time PCR System, 96-well': [
    cyclerBlock,
    electronics,
    heading(
      'Consumables',
      consumables(
        '96-Well qPCR Plate, White, 10/pk',
        'Probe qPCR Master Mix, 200 reactions',
        'SYBR Green qPCR Master Mix, 200 reactions',
        'Optical Adhesive Film, 100/pk',
      ),
    ),
  ],
  'Real-Time PCR System, 384-well': [
    electronics,
    heading(
      'Consumables',
      consumables(
        '384-Well qPCR Plate, White, 10/pk',
        'Probe qPCR Master Mix, 200 reactions',
        'SYBR Green qPCR Master Mix, 200 reactions',
        'Optical Adhesive Film, 100/pk',
      ),
    ),
  ],
  'Digital PCR System': [
    electronics,
    heading('Consumables', consumables('Probe qPCR Master Mix, 200 reactions')),
  ],
  'Automated Plate Washer': [
    heading('Fluidics', [
      part('Consumable', 'Peristaltic Pump Tubing', 2),
      part('Consumable', 'Fluidics Tubing Kit'),
    ]),
    electronics,
  ],
  'High-Content Imaging System': [
    lasers(405, 488, 561, 640),
    heading('Objectives', [
      part('Spare part', 'Objective, 20x Plan Apochromat'),
      part('Spare part', 'Objective, 40x Plan Apochromat'),
    ]),
    electronics,
    heading('Consumables', consumables('Fluorescence Calibration Slide')),
  ],
};

/** A component fitted to a demo instrument: a catalogue part by name, or an obsolete one by number. */
interface DemoComponent {
  part?: string;
  obsolete?: string;
  serialNumber?: string;
  condition?: ComponentCondition;
  qty?: number;
}

/** The components the field engineers recorded on the demo instruments, by the instrument's serial. */
export const DEMO_INSTALLED_COMPONENTS: Readonly<Record<string, readonly DemoComponent[]>> = {
  // The sorter's original 70 µm nozzle is worn, and its revision is no longer made.
  'CS4-2019-00417': [
    { obsolete: 'NZ-70-B', serialNumber: 'NZ70B-19-03321', condition: 'Worn' },
    { part: 'Deflection Plate Set', serialNumber: 'DPS-19-00112' },
    { part: 'Laser Module, 405 nm', serialNumber: 'L405-19-07781' },
    { part: 'Laser Module, 488 nm', serialNumber: 'L488-19-07790' },
    { part: 'Laser Module, 561 nm', serialNumber: 'L561-19-02214' },
    { part: 'Laser Module, 640 nm', serialNumber: 'L640-19-05530' },
    { part: 'Fluidics Pump Assembly', serialNumber: 'FPA-19-01408' },
  ],
  'BFC3-2021-01182': [
    { obsolete: 'FCA-R2', serialNumber: 'FC2-20-04410' },
    { part: 'Laser Module, 488 nm', serialNumber: 'L488-21-00915' },
    { part: 'Plate Loader Module', serialNumber: 'PLM-21-00377' },
  ],
  'SFC5-2023-00063': [{ part: 'Flow Cell Assembly', serialNumber: 'FCA-23-00682' }],
  'MMR-2020-02231': [{ obsolete: 'XFL-2000', serialNumber: 'XFL-20-11873', condition: 'Worn' }],
  'NGS-2022-00354': [{ part: 'Touchscreen Control Panel', serialNumber: 'TCP-22-04017' }],
  'BFC4-2022-00731': [{ part: 'Flow Cell Assembly', serialNumber: 'FCA-22-00241' }],
};

/** The first catalogue SKU of each name, from any Full catalogue (a product's SKU is the same in each). */
async function skusByName(db: CrmDb, names: readonly string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .select({ sku: schema.catalogueItems.sku, name: schema.catalogueItems.name })
    .from(schema.catalogueItems)
    .innerJoin(schema.catalogues, eq(schema.catalogues.id, schema.catalogueItems.catalogueId))
    .where(and(eq(schema.catalogues.type, 'Full'), inArray(schema.catalogueItems.name, [...names])))
    .orderBy(asc(schema.catalogueItems.sortOrder));
  const skus = new Map<string, string>();
  for (const row of rows) if (!skus.has(row.name)) skus.set(row.name, row.sku);
  return skus;
}

function namesIn(nodes: readonly DemoNode[]): string[] {
  return nodes.flatMap((node) => [...(node.part ? [node.part] : []), ...namesIn(node.children ?? [])]);
}

/**
 * The demo's parts trees, supersessions and installed components: each model's tree once, each
 * supersession once, and components for an instrument that has none yet.
 */
export async function addDemoConfigurator(db: CrmDb): Promise<void> {
  const names = [
    ...Object.keys(DEMO_PARTS_TREES),
    ...Object.values(DEMO_PARTS_TREES).flatMap(namesIn),
    ...DEMO_SUPERSESSIONS.map((row) => row.successor),
    ...Object.values(DEMO_INSTALLED_COMPONENTS).flatMap((components) =>
      components.flatMap((c) => c.part ?? []),
    ),
  ];
  const skuOf = await skusByName(db, [...new Set(names)]);
  if (skuOf.size === 0) return;
  await addSupersessions(db, skuOf);
  await addPartsTrees(db, skuOf);
  await addInstalledComponents(db, skuOf);
}

async function addSupersessions(db: CrmDb, skuOf: ReadonlyMap<string, string>): Promise<void> {
  const rows = DEMO_SUPERSESSIONS.flatMap(({ successor, ...row }) => {
    const successorSku = skuOf.get(successor);
    return successorSku ? [{ ...row, successorSku }] : [];
  });
  if (rows.length > 0) await db.insert(schema.partSupersessions).values(rows).onConflictDoNothing();
}

async function addPartsTrees(db: CrmDb, skuOf: ReadonlyMap<string, string>): Promise<void> {
  const existing = await db
    .selectDistinct({ modelSku: schema.modelComponents.modelSku })
    .from(schema.modelComponents);
  const done = new Set(existing.map((row) => row.modelSku));
  const rows: (typeof schema.modelComponents.$inferInsert)[] = [];
  const add = (modelSku: string, nodes: readonly DemoNode[], parentId: string | null) => {
    for (const node of nodes) {
      const partNumber = node.obsolete ?? (node.part ? skuOf.get(node.part) : null) ?? null;
      if (node.part && !partNumber) continue;
      const id = randomUUID();
      rows.push({
        id,
        modelSku,
        parentId,
        position: rows.length + 1,
        kind: node.kind,
        partNumber,
        name: node.name,
        quantity: node.qty ?? 1,
      });
      add(modelSku, node.children ?? [], id);
    }
  };
  for (const [model, nodes] of Object.entries(DEMO_PARTS_TREES)) {
    const modelSku = skuOf.get(model);
    if (modelSku && !done.has(modelSku)) add(modelSku, nodes, null);
  }
  if (rows.length > 0) await db.insert(schema.modelComponents).values(rows);
}

async function addInstalledComponents(db: CrmDb, skuOf: ReadonlyMap<string, string>): Promise<void> {
  const instruments = await db
    .select({
      id: schema.installBase.id,
      serialNumber: schema.installBase.serialNumber,
      installedOn: schema.installBase.installedOn,
    })
    .from(schema.installBase)
    .where(inArray(schema.installBase.serialNumber, Object.keys(DEMO_INSTALLED_COMPONENTS)));
  if (instruments.length === 0) return;
  const fitted = await db
    .selectDistinct({ installBaseId: schema.installedComponents.installBaseId })
    .from(schema.installedComponents)
    .where(
      inArray(
        schema.installedComponents.installBaseId,
        instruments.map((instrument) => instrument.id),
      ),
    );
  const done = new Set(fitted.map((row) => row.installBaseId));
  const rows = instruments.flatMap((instrument) => {
    if (done.has(instrument.id)) return [];
    return (DEMO_INSTALLED_COMPONENTS[instrument.serialNumber] ?? []).flatMap((component) => {
      const supersession = DEMO_SUPERSESSIONS.find((row) => row.partNumber === component.obsolete);
      const partNumber = component.obsolete ?? (component.part ? skuOf.get(component.part) : undefined);
      const name = supersession?.name ?? component.part;
      if (!partNumber || !name) return [];
      return [
        {
          id: randomUUID(),
          installBaseId: instrument.id,
          partNumber,
          name,
          quantity: component.qty ?? 1,
          serialNumber: component.serialNumber ?? null,
          condition: component.condition ?? 'Good',
          linkedOn: instrument.installedOn,
        },
      ];
    });
  });
  if (rows.length > 0) await db.insert(schema.installedComponents).values(rows);
}

/** The demo account that orders from an Install Base catalogue: the parts of the instruments it owns. */
export const INSTALL_BASE_CATALOGUE_ACCOUNT = 'Halvorsen Research Institute Toronto';

/** Gives the demo account its Install Base catalogue, unless it already sees a catalogue of its own. */
export async function addDemoInstallBaseCatalogue(db: CrmDb): Promise<void> {
  const [account] = await db
    .select()
    .from(schema.accounts)
    .where(eq(schema.accounts.name, INSTALL_BASE_CATALOGUE_ACCOUNT))
    .limit(1);
  if (!account || account.catalogueId !== null) return;
  const id = await createInstallBaseCatalogue(db, account);
  await syncInstallBaseCatalogue(db, { id, storefrontId: account.storefrontId, accountId: account.id });
}
