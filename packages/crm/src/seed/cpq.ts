import { randomUUID } from 'node:crypto';
import type { CpqRule } from '@storefront/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { CrmDb } from '../db/open';
import * as schema from '../db/schema';

interface DemoOption {
  option: string;
  rule: CpqRule;
  section: string;
  note: string;
  qty?: number;
}

const INSTALLATION: DemoOption = {
  option: 'On-Site Installation and Operator Training',
  rule: 'Needs',
  section: 'Installation',
  note: 'Installed and qualified on site by a field application scientist.',
};
const laser = (nm: number): DemoOption => ({
  option: `Laser Module, ${nm} nm`,
  rule: 'Needs',
  section: 'Lasers',
  note: `The ${nm} nm line of the optical bench.`,
});
const suggested = (option: string, section: string, note: string, qty?: number): DemoOption => ({
  option,
  rule: 'Suggests',
  section,
  note,
  ...(qty ? { qty } : {}),
});

const PLATE_LOADER = suggested(
  'Plate Loader Module',
  'Automation',
  'Runs 96- and 384-well plates unattended.',
);
const TUBE_RACK = suggested(
  'Sample Tube Rack, 40-position',
  'Automation',
  'A second rack to load while one runs.',
);
const FLOW_WARRANTY = suggested(
  'Extended Warranty, Flow Cytometer, 1 Year',
  'Service',
  'A second year of cover.',
);
const TUBING = suggested('Fluidics Tubing Kit', 'Spares', 'A spare tubing set for the first service.');

/**
 * The option rules of the demo's configurable instruments (by catalogue name): the lasers an optical bench is
 * built with and its installation are needed; automation, spares and service are suggested.
 */
export const DEMO_CPQ_RULES: Readonly<Record<string, readonly DemoOption[]>> = {
  'Benchtop Flow Cytometer, 2-laser': [
    laser(488),
    laser(640),
    INSTALLATION,
    TUBE_RACK,
    TUBING,
    FLOW_WARRANTY,
  ],
  'Benchtop Flow Cytometer, 3-laser': [
    laser(405),
    laser(488),
    laser(640),
    INSTALLATION,
    PLATE_LOADER,
    TUBE_RACK,
    TUBING,
    FLOW_WARRANTY,
  ],
  'Benchtop Flow Cytometer, 4-laser': [
    laser(405),
    laser(488),
    laser(561),
    laser(640),
    INSTALLATION,
    PLATE_LOADER,
    TUBE_RACK,
    FLOW_WARRANTY,
  ],
  'Spectral Flow Cytometer, 5-laser': [
    laser(405),
    laser(488),
    laser(561),
    laser(640),
    INSTALLATION,
    suggested('Spectral Panel Design Course, Online', 'Training', 'Seats for two panel designers.', 2),
    PLATE_LOADER,
    FLOW_WARRANTY,
  ],
  'Cell Sorter, 4-way, 4-laser': [
    laser(405),
    laser(488),
    laser(561),
    laser(640),
    { ...suggested('Sort Nozzle, 70 µm', 'Sorting', 'The nozzle for high-speed sorts.'), rule: 'Needs' },
    { ...suggested('Deflection Plate Set', 'Sorting', 'Matched plates for the sort block.'), rule: 'Needs' },
    INSTALLATION,
    suggested('Sort Nozzle, 100 µm', 'Sorting', 'For larger or fragile cells.'),
    suggested('Sort Nozzle, 130 µm', 'Sorting', 'For cell clusters and organoids.'),
    suggested('Extended Warranty, Cell Sorter, 1 Year', 'Service', 'A second year of cover, two visits.'),
  ],
  'Imaging Flow Cytometer': [laser(405), laser(488), laser(640), INSTALLATION, FLOW_WARRANTY],
  'High-Content Imaging System': [
    INSTALLATION,
    suggested('Touchscreen Control Panel', 'Accessories', 'Runs plates from the bench.'),
  ],
  'Benchtop NGS Sequencer': [
    INSTALLATION,
    suggested('Touchscreen Control Panel', 'Accessories', 'A second panel for the sequencing room.'),
  ],
  'Multimode Microplate Reader': [
    suggested('Xenon Flash Lamp', 'Spares', 'A spare lamp: the first one lasts about a year of daily reads.'),
    { ...INSTALLATION, rule: 'Suggests' },
  ],
  'Inverted Fluorescence Microscope': [
    { ...INSTALLATION, rule: 'Suggests' },
    suggested('Touchscreen Control Panel', 'Accessories', 'Stage and channel control from the bench.'),
  ],
  'Real-Time PCR System, 96-well': [
    suggested('Heated Lid Assembly', 'Spares', 'A spare lid for busy cycling schedules.'),
    { ...INSTALLATION, rule: 'Suggests' },
  ],
  'Digital PCR System': [
    INSTALLATION,
    suggested('Heated Lid Assembly', 'Spares', 'A spare lid for the partitioner.'),
  ],
};

/**
 * The option rules for each storefront that has none yet, by the SKUs its Full catalogue gives the models and
 * options; a storefront whose catalogue lacks a model or option gets no rule for it.
 */
export async function addDemoCpqRules(db: CrmDb): Promise<void> {
  const names = [
    ...new Set([
      ...Object.keys(DEMO_CPQ_RULES),
      ...Object.values(DEMO_CPQ_RULES).flatMap((options) => options.map((o) => o.option)),
    ]),
  ];
  const items = await db
    .select({
      storefrontId: schema.catalogues.storefrontId,
      sku: schema.catalogueItems.sku,
      name: schema.catalogueItems.name,
    })
    .from(schema.catalogueItems)
    .innerJoin(schema.catalogues, eq(schema.catalogues.id, schema.catalogueItems.catalogueId))
    .where(and(eq(schema.catalogues.type, 'Full'), inArray(schema.catalogueItems.name, names)));
  const configured = new Set(
    (
      await db
        .selectDistinct({ storefrontId: schema.cpqOptionRules.storefrontId })
        .from(schema.cpqOptionRules)
    ).map((row) => row.storefrontId),
  );
  const skus = new Map(items.map((item) => [`${item.storefrontId}\u0000${item.name}`, item.sku]));
  const storefronts = [...new Set(items.map((item) => item.storefrontId))].filter(
    (id) => !configured.has(id),
  );
  const rows = storefronts.flatMap((storefrontId) =>
    Object.entries(DEMO_CPQ_RULES).flatMap(([model, options]) => {
      const modelSku = skus.get(`${storefrontId}\u0000${model}`);
      if (!modelSku) return [];
      return options.flatMap(({ option, rule, section, note, qty = 1 }, sortOrder) => {
        const optionSku = skus.get(`${storefrontId}\u0000${option}`);
        if (!optionSku) return [];
        return [
          {
            id: randomUUID(),
            storefrontId,
            modelSku,
            optionSku,
            rule,
            section,
            note,
            qtyPerInstrument: qty,
            sortOrder,
          },
        ];
      });
    }),
  );
  if (rows.length > 0) await db.insert(schema.cpqOptionRules).values(rows).onConflictDoNothing();
}
