import { randomUUID } from 'node:crypto';
import type { CourseFormat } from '@storefront/contracts';
import { eq } from 'drizzle-orm';
import type { CrmDb } from '../db/open';
import * as schema from '../db/schema';
import { fullCatalogueModels } from '../elearning/queries/elearning';

type Level = (typeof schema.courses.$inferInsert)['level'];

interface DemoCourse {
  code: string;
  title: string;
  level: Level;
  format: CourseFormat;
  durationHours: number;
  /** The instrument models it teaches, by their catalogue names. */
  models: readonly string[];
  summary: string;
  description: string;
  objectives: readonly string[];
}

const SORTER = 'Cell Sorter, 4-way, 4-laser';
const SPECTRAL = 'Spectral Flow Cytometer, 5-laser';
const ANALYSERS = [
  'Benchtop Flow Cytometer, 2-laser',
  'Benchtop Flow Cytometer, 3-laser',
  'Benchtop Flow Cytometer, 4-laser',
];
const SEQUENCER = 'Benchtop NGS Sequencer';
const READER = 'Multimode Microplate Reader';
const QPCR = ['Real-Time PCR System, 96-well', 'Real-Time PCR System, 384-well'];

/** The training calendar's courses: operation, application and maintenance, per instrument model. */
export const DEMO_COURSES: readonly DemoCourse[] = [
  {
    code: 'CS-101',
    title: 'Cell Sorter Operation Essentials',
    level: 'Introductory',
    format: 'On-site',
    durationHours: 16,
    models: [SORTER],
    summary: 'Start-up, stream set-up, drop delay and a first four-way sort, hands-on at the instrument.',
    description:
      'Two days at the training centre’s sorter for new operators: fluidics start-up and shut-down, nozzle ' +
      'choice, stream and side-stream set-up, drop delay with beads, and sorting into tubes and plates.',
    objectives: [
      'Start up and shut down the fluidics safely',
      'Choose a nozzle and pressure for the cells being sorted',
      'Set the drop delay and check sort purity',
    ],
  },
  {
    code: 'CS-210',
    title: 'Advanced Sorting: Purity, Yield and Single-Cell Deposition',
    level: 'Advanced',
    format: 'On-site',
    durationHours: 16,
    models: [SORTER],
    summary: 'Sort modes, rare populations, index sorting and deposition into 384-well plates.',
    description:
      'For experienced operators: choosing between purity, yield and single-cell modes, sorting rare ' +
      'populations, index sorting for single-cell sequencing, and keeping cells viable through the sort.',
    objectives: [
      'Pick the sort mode for purity or yield',
      'Index-sort single cells into plates',
      'Troubleshoot clogs and fanning streams',
    ],
  },
  {
    code: 'CS-150',
    title: 'Sorter Aseptic Set-up and Biosafety',
    level: 'Intermediate',
    format: 'Virtual',
    durationHours: 4,
    models: [SORTER],
    summary: 'Aseptic sort set-up, aerosol management and decontamination for cell therapy and BSL-2 work.',
    description:
      'A live online course on sterile sorting: cleaning the fluidics, aerosol evacuation checks, and the ' +
      'decontamination cycle between samples.',
    objectives: ['Run the aseptic sort set-up', 'Check aerosol containment', 'Decontaminate between users'],
  },
  {
    code: 'MT-300',
    title: 'Preventive Maintenance for Flow Cytometers and Sorters',
    level: 'Intermediate',
    format: 'On-site',
    durationHours: 8,
    models: [SORTER, SPECTRAL, ...ANALYSERS],
    summary: 'The operator’s maintenance between service visits: filters, tubing, flow cell cleaning and QC.',
    description:
      'One day on the maintenance an operator does between engineer visits: sheath filter and tubing changes, ' +
      'flow cell cleaning, laser delay checks and daily QC trending.',
    objectives: [
      'Replace the sheath filter and pump tubing',
      'Clean a clogged flow cell',
      'Read QC trends before a fault becomes a service call',
    ],
  },
  {
    code: 'SP-220',
    title: 'Spectral Panel Design',
    level: 'Intermediate',
    format: 'Virtual',
    durationHours: 8,
    models: [SPECTRAL],
    summary: 'Designing high-parameter panels: fluorochrome choice, similarity and spread, controls.',
    description:
      'Four live online sessions of two hours: reading the similarity matrix, assigning fluorochromes by ' +
      'antigen density, single-stain controls and validating a 25-colour panel.',
    objectives: [
      'Choose fluorochromes with low similarity',
      'Prepare the single-stain reference controls',
      'Validate a panel against its spread matrix',
    ],
  },
  {
    code: 'SP-110',
    title: 'Spectral Unmixing Fundamentals',
    level: 'Introductory',
    format: 'Self-paced',
    durationHours: 3,
    models: [SPECTRAL],
    summary: 'What unmixing does, autofluorescence extraction and checking unmixed data, at your own pace.',
    description:
      'A self-paced online course with short videos and quizzes on spectral unmixing, autofluorescence ' +
      'extraction and the checks that show an unmixing error.',
    objectives: ['Explain spectral unmixing', 'Extract autofluorescence', 'Spot unmixing errors'],
  },
  {
    code: 'FC-101',
    title: 'Flow Cytometer Operation for New Users',
    level: 'Introductory',
    format: 'Self-paced',
    durationHours: 4,
    models: ANALYSERS,
    summary: 'Daily start-up, QC, acquisition templates and clean shut-down on the benchtop analysers.',
    description:
      'A self-paced course for a lab’s new users: start-up and QC beads, setting voltages, acquiring with a ' +
      'template and the clean shut-down every user owes the next one.',
    objectives: ['Run daily QC', 'Set up an acquisition', 'Shut down cleanly'],
  },
  {
    code: 'FC-205',
    title: 'Compensation and Multicolour Panel Set-up',
    level: 'Intermediate',
    format: 'Virtual',
    durationHours: 6,
    models: ANALYSERS,
    summary: 'Single-stain controls, compensation matrices and building a ten-colour panel.',
    description:
      'Live online sessions on compensation beads and cells, reviewing the matrix, FMO controls and a ' +
      'ten-colour immunophenotyping panel on a four-laser analyser.',
    objectives: ['Set up single-stain controls', 'Review a compensation matrix', 'Gate with FMO controls'],
  },
  {
    code: 'FC-310',
    title: 'Cell Cycle and Proliferation Assays',
    level: 'Advanced',
    format: 'On-site',
    durationHours: 8,
    models: [...ANALYSERS, SPECTRAL],
    summary: 'DNA content, EdU and dye dilution assays from staining to analysis.',
    description:
      'A day in the training centre’s lab running DNA content, EdU incorporation and dye dilution ' +
      'assays, with doublet discrimination and cycle modelling.',
    objectives: ['Stain for DNA content', 'Discriminate doublets', 'Model the cell cycle'],
  },
  {
    code: 'NGS-101',
    title: 'Sequencer Run Set-up',
    level: 'Introductory',
    format: 'Virtual',
    durationHours: 4,
    models: [SEQUENCER],
    summary: 'Sample sheets, loading concentration, cartridge and flow cell handling, and starting a run.',
    description:
      'A live online course on setting up a run: writing the sample sheet, choosing the loading ' +
      'concentration, thawing and loading the reagent cartridge, and reading the run metrics.',
    objectives: ['Write a sample sheet', 'Load the cartridge and flow cell', 'Read cluster density and Q30'],
  },
  {
    code: 'NGS-210',
    title: 'Library Preparation and QC for Short-Read Sequencing',
    level: 'Intermediate',
    format: 'On-site',
    durationHours: 16,
    models: [SEQUENCER],
    summary: 'DNA and RNA library prep, quantification and pooling, at the bench.',
    description:
      'Two days at the bench: fragmentation, adapter ligation, clean-ups, library quantification by qPCR ' +
      'and pooling for even coverage.',
    objectives: ['Prepare DNA and RNA libraries', 'Quantify libraries by qPCR', 'Pool for even coverage'],
  },
  {
    code: 'NGS-320',
    title: 'Sequencer Maintenance and Troubleshooting',
    level: 'Advanced',
    format: 'Self-paced',
    durationHours: 2,
    models: [SEQUENCER],
    summary: 'Maintenance washes, fluidics checks and what failed runs’ metrics point to.',
    description:
      'A self-paced course on the weekly maintenance wash, fluidics checks and reading a failed run: low ' +
      'cluster density, phasing and bubbles.',
    objectives: ['Run the maintenance wash', 'Check the fluidics', 'Diagnose a failed run'],
  },
  {
    code: 'PR-101',
    title: 'Plate Reader Assays: Absorbance, Fluorescence and Luminescence',
    level: 'Introductory',
    format: 'Virtual',
    durationHours: 4,
    models: [READER],
    summary: 'Choosing read modes, gain and plate types for ELISA, viability and reporter assays.',
    description:
      'A live online course on the reader’s modes: absorbance for ELISA, fluorescence intensity and ' +
      'luminescence for viability and reporter assays, gain and plate choice.',
    objectives: ['Choose a read mode and plate', 'Set the gain', 'Avoid edge effects'],
  },
  {
    code: 'PR-220',
    title: 'Kinetic and TR-FRET Assays on the Plate Reader',
    level: 'Advanced',
    format: 'On-site',
    durationHours: 8,
    models: [READER],
    summary: 'Kinetic reads, injectors, TR-FRET and assay validation with Z-prime.',
    description:
      'A day in the screening lab on kinetic reads with injectors, time-resolved FRET and validating an ' +
      'assay for screening with the Z-prime factor.',
    objectives: ['Run a kinetic read with injectors', 'Set up TR-FRET', 'Validate with Z-prime'],
  },
  {
    code: 'PCR-201',
    title: 'qPCR Assay Design and Data Analysis',
    level: 'Intermediate',
    format: 'Virtual',
    durationHours: 6,
    models: QPCR,
    summary: 'Primer design, efficiency curves, reference genes and relative quantification.',
    description:
      'Live online sessions on designing qPCR assays to MIQE: primers and probes, standard curves, ' +
      'reference gene choice and ΔΔCq analysis.',
    objectives: ['Design primers and probes', 'Measure efficiency', 'Quantify relative expression'],
  },
  {
    code: 'PCR-110',
    title: 'Digital PCR Operation',
    level: 'Introductory',
    format: 'Self-paced',
    durationHours: 2,
    models: ['Digital PCR System'],
    summary: 'Partitioning, thresholds and absolute quantification on the digital PCR system.',
    description:
      'A self-paced course on loading plates, partitioning, setting thresholds and reading absolute copy ' +
      'numbers with their confidence intervals.',
    objectives: ['Load and partition a plate', 'Set thresholds', 'Report copies per microlitre'],
  },
  {
    code: 'IMG-201',
    title: 'High-Content Imaging: Acquisition and Analysis',
    level: 'Intermediate',
    format: 'On-site',
    durationHours: 16,
    models: ['High-Content Imaging System'],
    summary: 'Plate acquisition, autofocus, segmentation and per-cell measurements.',
    description:
      'Two days on the imaging system: objectives and autofocus, acquisition plans for whole plates, ' +
      'nuclear and cell segmentation and exporting per-cell measurements.',
    objectives: ['Plan a plate acquisition', 'Segment nuclei and cells', 'Export per-cell data'],
  },
  {
    code: 'PW-101',
    title: 'Plate Washer Set-up and Maintenance',
    level: 'Introductory',
    format: 'Self-paced',
    durationHours: 1,
    models: ['Automated Plate Washer'],
    summary: 'Wash programs, manifold alignment and daily rinse.',
    description: 'A short self-paced course on wash programs, aligning the manifold and the daily rinse.',
    objectives: ['Write a wash program', 'Align the manifold', 'Rinse and store the washer'],
  },
];

const TRAINING_CENTRE = 'BioNova Training Centre, Boston';
const ONLINE = 'Online, live (US Eastern time)';
/** When a course's sessions fall, in days from seeding; courses are staggered by their place in the list. */
const SESSION_OFFSETS = [14, 42, 77];
const SEATS: Record<Exclude<CourseFormat, 'Self-paced'>, number> = { 'On-site': 8, Virtual: 16 };

function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The training calendar for each storefront whose catalogue sells the models, for a storefront that has no
 * course yet. Sessions are dated from the day of seeding.
 */
export async function addDemoCourses(db: CrmDb): Promise<void> {
  const storefronts = await db.select({ id: schema.storefronts.id }).from(schema.storefronts);
  const names = [...new Set(DEMO_COURSES.flatMap((course) => course.models))];
  for (const { id: storefrontId } of storefronts) {
    const [existing] = await db
      .select({ id: schema.courses.id })
      .from(schema.courses)
      .where(eq(schema.courses.storefrontId, storefrontId))
      .limit(1);
    if (existing) continue;
    const models = await fullCatalogueModels(db, storefrontId, { names });
    const skuOf = new Map(models.map((model) => [model.name, model.sku]));
    for (const [index, course] of DEMO_COURSES.entries()) {
      const modelSkus = course.models.flatMap((name) => skuOf.get(name) ?? []);
      if (modelSkus.length === 0) continue;
      const courseId = randomUUID();
      const { models: _names, objectives, ...fields } = course;
      await db
        .insert(schema.courses)
        .values({ id: courseId, storefrontId, modelSkus, objectives: [...objectives], ...fields });
      const { format } = course;
      if (format === 'Self-paced') continue;
      const days = Math.ceil(course.durationHours / 8);
      await db.insert(schema.courseSessions).values(
        SESSION_OFFSETS.map((offset) => ({
          id: randomUUID(),
          courseId,
          startsOn: dayFromToday(offset + (index % 7)),
          endsOn: dayFromToday(offset + (index % 7) + days - 1),
          location: format === 'On-site' ? TRAINING_CENTRE : ONLINE,
          seats: SEATS[format],
        })),
      );
    }
  }
}
