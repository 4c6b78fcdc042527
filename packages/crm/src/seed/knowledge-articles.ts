/**
 * The demo knowledge base: troubleshooting articles for the demo instruments, as a field service team writes
 * them. Models are the catalogue's instrument names; symptoms and steps are one per entry.
 */
export interface DemoArticle {
  title: string;
  category: string;
  models: readonly string[];
  symptoms: readonly string[];
  cause: string;
  steps: readonly string[];
  /** A draft support has not published yet: never found. */
  draft?: boolean;
}

const SORTER = 'Cell Sorter, 4-way, 4-laser';
const BENCHTOP = [
  'Benchtop Flow Cytometer, 2-laser',
  'Benchtop Flow Cytometer, 3-laser',
  'Benchtop Flow Cytometer, 4-laser',
];
const SPECTRAL = 'Spectral Flow Cytometer, 5-laser';
const CYTOMETERS = [SORTER, ...BENCHTOP, SPECTRAL];
const READER = 'Multimode Microplate Reader';
const WASHER = 'Automated Plate Washer';
const QPCR = ['Real-Time PCR System, 96-well', 'Real-Time PCR System, 384-well'];
const DPCR = 'Digital PCR System';
const CYCLER = 'Thermal Cycler, 96-well Gradient';
const SEQUENCER = 'Benchtop NGS Sequencer';
const IMAGER = 'High-Content Imaging System';

export const DEMO_ARTICLES: readonly DemoArticle[] = [
  {
    title: 'Clogged flow cell: high event rate with debris and an unstable stream',
    category: 'Fluidics',
    models: [SORTER, ...BENCHTOP],
    symptoms: [
      'The event rate is far higher than the sample concentration explains, even with sheath fluid only',
      'The flow cell looks clogged: particles or debris sit in the cuvette under the camera',
      'The stream breaks off unevenly and the drop delay drifts during a sort',
      'FSC and SSC show a smear of small events near the origin',
    ],
    cause:
      'Cell clumps, salt crystals or a fragment of a sample tube filter have lodged in the flow cell or the sort nozzle. The partial clog scatters laser light, so the instrument counts noise as events and the stream loses its stable break-off.',
    steps: [
      'Stop acquisition, unload the sample tube and turn the sample pressure off.',
      'Run the Clean Flow Cell routine: 2 minutes of 10% bleach, then 2 minutes of deionised water, at high flow rate.',
      'If the event rate stays high, run the de-gas and back-flush routine of the fluidics menu twice.',
      'On the cell sorter, remove the sort nozzle, sonicate it for 5 minutes in deionised water and inspect it under a magnifier before refitting the O-ring.',
      'Filter every sample through a 35 µm cell strainer cap and keep samples on ice to prevent clumping.',
      'Re-run the daily setup beads: the event rate with sheath fluid only should be below 20 events per second.',
    ],
  },
  {
    title: 'Low event rate although the sample is concentrated',
    category: 'Fluidics',
    models: CYTOMETERS,
    symptoms: [
      'Very few events per second while the sample tube is full',
      'The sample injection tube does not draw liquid',
      'Event rate drops to zero after a few seconds of acquisition',
    ],
    cause:
      'The sample injection probe is blocked, the tube is not sealed against the sample pressure, or the sample line has an air lock.',
    steps: [
      'Check that the tube sits fully in the tube holder and that the O-ring of the probe seal is present.',
      'Run a tube of 10% bleach followed by deionised water for 5 minutes each to clear the probe.',
      'Prime the fluidics twice to remove air from the sample line.',
      'If the rate does not recover, replace the sample injection probe (part in the configurator).',
    ],
  },
  {
    title: 'Bubbles in the flow cell cause spikes in scatter and fluorescence',
    category: 'Fluidics',
    models: CYTOMETERS,
    symptoms: [
      'Sudden bursts of events with very high FSC and SSC',
      'Fluorescence signals jump for a few seconds and then settle',
      'Air bubbles visible in the sheath filter or the flow cell',
    ],
    cause: 'Air entered the sheath line after a sheath tank change or through a loose filter fitting.',
    steps: [
      'Tighten the sheath filter fittings and check the tank cap seal.',
      'Run the Prime routine three times.',
      'Tap the sheath filter gently while priming to release trapped air, then vent it with the bleed valve.',
    ],
  },
  {
    title: 'Sheath pressure fluctuates and the fluidics alarm sounds',
    category: 'Fluidics',
    models: [SORTER, SPECTRAL],
    symptoms: [
      'Sheath pressure reading moves by more than 0.2 psi',
      'The fluidics alarm sounds during long acquisitions',
      'The sort stream breaks off at a different point every few minutes',
    ],
    cause:
      'The sheath tank is nearly empty, the air supply regulator is drifting, or the sheath filter is saturated.',
    steps: [
      'Refill the sheath tank above the minimum mark and let it stand 10 minutes to de-gas.',
      'Replace the sheath filter if it is older than six months.',
      'Check the air supply at the regulator: it must read between 60 and 80 psi.',
      'If the pressure still fluctuates, call field service to calibrate the pressure transducer.',
    ],
  },
  {
    title: 'Sort stream deflection is off-centre or side streams fan out',
    category: 'Sorting',
    models: [SORTER],
    symptoms: [
      'Side streams do not hit the collection tubes',
      'Side streams fan out or wander during a sort',
      'Sort purity below 95% on a bead check',
    ],
    cause: 'Deposits on the deflection plates or a worn sort nozzle change the charge on the drops.',
    steps: [
      'Turn the deflection voltage off and clean both deflection plates with deionised water, then 70% ethanol.',
      'Inspect the sort nozzle; replace it if the orifice is chipped or the O-ring is flattened.',
      'Run the Accudrop drop-delay routine again and adjust the side-stream sliders.',
      'Sort beads into a tube and check purity before sorting cells.',
    ],
  },
  {
    title: 'Drop delay cannot be set: Accudrop beads not visible',
    category: 'Sorting',
    models: [SORTER],
    symptoms: [
      'The drop delay routine finds no beads in the side stream',
      'The camera image of the break-off point is dark',
    ],
    cause: 'The bead suspension is too dilute or the camera laser is misaligned after a nozzle change.',
    steps: [
      'Prepare fresh Accudrop beads: one drop in 1 mL of sheath fluid.',
      'Check that the camera laser shutter is open in the sort setup window.',
      'Re-centre the stream on the camera with the stream position knobs, then repeat the routine.',
    ],
  },
  {
    title: 'Laser delay drifts and fluorescence from the second laser is dim',
    category: 'Optics',
    models: [SORTER, ...BENCHTOP.slice(1), SPECTRAL],
    symptoms: [
      'Signals from the red or violet laser are dim while the blue laser looks normal',
      'The CS&T or daily QC report fails the laser delay check',
      'Populations smear diagonally between detectors of different lasers',
    ],
    cause:
      'The laser delay between the interrogation points changed with room temperature or after the stream moved.',
    steps: [
      'Let the instrument warm up for 30 minutes with the lasers on.',
      'Run the daily QC beads and accept the new laser delay values.',
      'Keep the room between 18 and 26 °C; a draught from an air vent shifts the delay during the day.',
    ],
  },
  {
    title: 'Daily QC fails with high rCV on all detectors',
    category: 'Optics',
    models: CYTOMETERS,
    symptoms: [
      'Daily performance check fails: robust CV above the limit on every channel',
      'Bead peaks are broad and tailing',
    ],
    cause:
      'A partially blocked flow cell or a dirty flow cell window widens the bead peaks on every detector.',
    steps: [
      'Run a long clean: 10% bleach, then detergent, then water, 5 minutes each at high flow.',
      'Use a fresh vial of QC beads; beads left at room temperature for hours aggregate.',
      'If one detector alone fails, clean its filter and check the PMT voltage in the QC report.',
    ],
  },
  {
    title: 'Unmixing errors and negative spread on the spectral cytometer',
    category: 'Optics',
    models: [SPECTRAL],
    symptoms: [
      'Unmixed populations show diagonal spread or negative values',
      'A single-stained control does not match its reference spectrum',
    ],
    cause:
      'Reference controls were acquired with other settings, or the autofluorescence of the cells was not extracted.',
    steps: [
      'Acquire every single-stained control with the same gain settings as the samples.',
      'Add an unstained control of the same cell type and extract autofluorescence.',
      'Recalculate the unmixing matrix and check the similarity index of close fluorochromes.',
    ],
  },
  {
    title: 'Acquisition software cannot connect to the cytometer',
    category: 'Software',
    models: CYTOMETERS,
    symptoms: [
      'The software shows "Cytometer disconnected" at start-up',
      'The status bar stays grey after the instrument is switched on',
    ],
    cause:
      'The instrument was switched on after the workstation, or the network adapter lost its fixed address.',
    steps: [
      'Close the software, switch the cytometer off, wait 30 seconds and switch it on first.',
      'Start the workstation or the software once the cytometer has finished its self-test.',
      'Check that the instrument network adapter keeps its fixed address 192.168.0.1.',
    ],
  },
  {
    title: 'Waste tank full warning although the tank is empty',
    category: 'Fluidics',
    models: [...BENCHTOP, SPECTRAL],
    symptoms: ['The waste tank warning stays on after emptying', 'Acquisition will not start'],
    cause: 'The level sensor in the waste tank cap is wet or its connector is loose.',
    steps: [
      'Dry the level sensor with a lint-free tissue and reconnect the cap cable.',
      'Add 1 L of bleach to the emptied tank as the tank label says.',
      'If the warning persists, replace the waste tank cap sensor.',
    ],
  },
  {
    title: 'Microplate reader absorbance readings drift upward across the plate',
    category: 'Optics',
    models: [READER],
    symptoms: [
      'Blank wells read higher towards the end of the plate',
      'Absorbance values drift upward between repeat reads',
    ],
    cause: 'The xenon flash lamp is ageing and its output changes while it warms up.',
    steps: [
      'Check the lamp hours in the instrument menu; the lamp is specified for 1 billion flashes.',
      'Let the reader warm up for 15 minutes before the first read.',
      'Replace the xenon flash lamp if the lamp test fails (part in the configurator).',
    ],
  },
  {
    title: 'Plate reader fluorescence signal is low or saturated',
    category: 'Optics',
    models: [READER],
    symptoms: [
      'Fluorescence counts are close to background for a known positive',
      'Wells report OVER or saturated signal',
    ],
    cause: 'The gain is set for another assay or the focal height does not match the plate type.',
    steps: [
      'Use automatic gain on the brightest well of the plate.',
      'Select the plate definition that matches your plate; black plates need their own focal height.',
      'Run the focal height adjustment on a well with sample.',
    ],
  },
  {
    title: 'Plate reader firmware update stops with error E-204',
    category: 'Software',
    models: [READER],
    symptoms: ['The firmware update stops at 60% with error E-204', 'The reader restarts in service mode'],
    cause: 'The update was started over a USB hub that drops the connection during the flash step.',
    steps: [
      'Connect the reader straight to the workstation, without a hub or docking station.',
      'Restart the update from the service mode screen; the reader keeps its settings.',
      'If E-204 repeats, open a case: support sends a recovery package.',
    ],
  },
  {
    title: 'Plate washer leaves residual volume in wells',
    category: 'Fluidics',
    models: [WASHER],
    symptoms: [
      'Wells keep liquid after the final aspiration',
      'ELISA background is high and uneven across the plate',
    ],
    cause: 'Aspiration pins are clogged with dried buffer or the manifold height is set for another plate.',
    steps: [
      'Soak the manifold in warm deionised water for 30 minutes and clear each pin with the cleaning wire.',
      'Check the aspiration height in the plate definition.',
      'Run the daily rinse programme at the end of every day.',
    ],
  },
  {
    title: 'Plate washer dispenses unevenly: some wells overfill',
    category: 'Fluidics',
    models: [WASHER],
    symptoms: [
      'Some wells overflow while others are half full',
      'Buffer drips from the manifold between steps',
    ],
    cause: 'A dispense tube is partly blocked or the buffer bottle vent is closed.',
    steps: [
      'Open the buffer bottle vent and prime the dispense line.',
      'Run the manifold cleaning programme with 70% ethanol, then water.',
      'Replace the dispense tubing if it is discoloured.',
    ],
  },
  {
    title: 'qPCR amplification curves are flat or late in every well',
    category: 'Assay',
    models: QPCR,
    symptoms: [
      'No amplification or Ct values above 35 in all wells, including positive controls',
      'The baseline looks noisy and flat',
    ],
    cause: 'The run used the wrong dye set or the master mix lost activity.',
    steps: [
      'Check that the plate setup names the right reporter and passive reference dye.',
      'Use a fresh aliquot of master mix and keep it on ice.',
      'Run the positive control alone to separate a chemistry fault from an instrument fault.',
    ],
  },
  {
    title: 'qPCR edge wells show higher Ct values than the centre',
    category: 'Thermal',
    models: [...QPCR, CYCLER],
    symptoms: [
      'Ct values in outer rows are 1 to 2 cycles higher',
      'Replicates at the plate edge disagree',
      'Evaporation visible in edge wells after the run',
    ],
    cause:
      'The heated lid does not press evenly, so edge wells evaporate, or the block uniformity is out of specification.',
    steps: [
      'Seal plates with optical film pressed with the applicator along every edge.',
      'Run the block uniformity test from the maintenance menu.',
      'If the test fails, replace the heated lid pad or call field service to recalibrate the block.',
    ],
  },
  {
    title: 'Thermal cycler heated lid error and run aborts',
    category: 'Thermal',
    models: [CYCLER, ...QPCR],
    symptoms: ['The run aborts with "Heated lid error"', 'The lid does not reach 105 °C'],
    cause: 'The heated lid heater or its temperature sensor has failed.',
    steps: [
      'Switch the instrument off for 10 minutes and start a short test run.',
      'If the error repeats, replace the heated lid assembly (part in the configurator).',
    ],
  },
  {
    title: 'Gradient across the block does not match the programmed temperatures',
    category: 'Thermal',
    models: [CYCLER],
    symptoms: ['Annealing optimisation gives the same result in every column', 'Gradient verification fails'],
    cause: 'The gradient calibration was lost after a firmware update.',
    steps: [
      'Run the gradient verification with the temperature probe kit.',
      'Apply the calibration file delivered with the instrument, then verify again.',
    ],
  },
  {
    title: 'Digital PCR partitions fail or droplet count is low',
    category: 'Assay',
    models: [DPCR],
    symptoms: [
      'Fewer than 10,000 valid partitions per well',
      'Partitions merge or the partition check fails',
    ],
    cause: 'The reaction contains detergent or particles, or the cartridge was not sealed before loading.',
    steps: [
      'Use the supported master mix; detergents above 0.1% break partitions.',
      'Spin samples before loading to remove particles.',
      'Seal the cartridge with the sealing tool until the indicator shows green.',
    ],
  },
  {
    title: 'Sequencer run fails with low cluster density',
    category: 'Assay',
    models: [SEQUENCER],
    symptoms: [
      'Cluster density far below the expected range',
      'Few reads pass filter and the run yield is low',
    ],
    cause: 'The library was under-quantified or denatured for too long.',
    steps: [
      'Quantify the library by qPCR rather than fluorometry.',
      'Denature with freshly diluted NaOH for exactly 5 minutes.',
      'Load the concentration the reagent kit recommends and include a PhiX spike-in.',
    ],
  },
  {
    title: 'Sequencer fluidics check fails: air in the flow cell lanes',
    category: 'Fluidics',
    models: [SEQUENCER],
    symptoms: [
      'The pre-run fluidics check fails on one or more lanes',
      'Bubbles visible in the flow cell lanes',
    ],
    cause: 'The flow cell gasket is not seated or a reagent cartridge foil was not pierced.',
    steps: [
      'Reload the flow cell and check that the gasket sits flat.',
      'Check that every reservoir of the reagent cartridge is thawed and pierced.',
      'Repeat the fluidics check before starting the run.',
    ],
  },
  {
    title: 'Sequencer quality scores drop late in the run (phasing)',
    category: 'Assay',
    models: [SEQUENCER],
    symptoms: ['Q30 falls sharply after cycle 100', 'Phasing and prephasing above 0.5%'],
    cause: 'Reagents were thawed too warm or left on the instrument too long before the run.',
    steps: [
      'Thaw reagent cartridges in a water bath at room temperature, never above 25 °C.',
      'Start the run within 4 hours of loading the cartridge.',
    ],
  },
  {
    title: 'Imaging system autofocus fails on plates',
    category: 'Optics',
    models: [IMAGER],
    symptoms: ['Images are blurred in many wells', 'Laser autofocus reports "focus not found"'],
    cause: 'The plate type does not match the plate definition, or the plate bottom is scratched.',
    steps: [
      'Select the exact plate definition; the bottom thickness sets the autofocus offset.',
      'Clean the plate bottom and the objective with lens tissue.',
      'Use image-based focus for plates with uneven bottoms.',
    ],
  },
  {
    title: 'Uneven illumination (vignetting) in imaging system tiles',
    category: 'Optics',
    models: [IMAGER],
    symptoms: ['Tile corners are darker than the centre', 'Stitched images show a grid pattern'],
    cause: 'The flat-field correction is out of date after the light source was changed.',
    steps: [
      'Acquire a new flat-field reference with the fluorescent reference slide.',
      'Apply shading correction in the analysis protocol.',
    ],
  },
  {
    title: 'Imaging system stage error after a plate jam',
    category: 'Mechanical',
    models: [IMAGER],
    symptoms: ['Stage error 3012 after a plate jam', 'The plate holder does not move to the load position'],
    cause: 'The stage lost its home position when a plate lid stayed on.',
    steps: [
      'Remove the plate by hand with the instrument off.',
      'Switch on and run the stage homing routine from the maintenance menu.',
      'Always remove plate lids unless the protocol uses the lid-handling option.',
    ],
  },
  {
    title: 'Carryover between samples on the cytometer plate loader',
    category: 'Fluidics',
    models: BENCHTOP,
    symptoms: [
      'Events from the previous well appear in the next sample',
      'Negative wells show positive events',
    ],
    cause: 'The wash between wells is too short for sticky samples.',
    steps: [
      'Increase the between-well wash volume in the plate loader settings.',
      'Add a rinse well of deionised water between high and low samples.',
    ],
  },
  {
    title: 'Cytometer lasers do not start: laser interlock fault',
    category: 'Electrical',
    models: CYTOMETERS,
    symptoms: ['Lasers stay off after start-up', 'The status shows "Laser interlock open"'],
    cause: 'A cover interlock is open or the laser cooling fan failed.',
    steps: [
      'Close every cover and the flow cell door firmly.',
      'Listen for the laser cooling fan; if it is silent, do not open the laser compartment and open a case.',
    ],
  },
  {
    title: 'Compensation looks wrong after changing a filter',
    category: 'Optics',
    models: [SORTER, ...BENCHTOP],
    symptoms: [
      'Populations lean after applying compensation',
      'Spillover values changed after a filter swap',
    ],
    cause: 'The compensation controls were acquired with the previous filter.',
    steps: [
      'Record the optical configuration change in the software.',
      'Acquire new single-stained compensation controls and recalculate the matrix.',
    ],
  },
  {
    title: 'Sort collection tubes stay empty although sorting runs',
    category: 'Sorting',
    models: [SORTER],
    symptoms: ['The sort counter rises but collection tubes stay empty', 'Side streams go to waste'],
    cause: 'The sort precision mode or the plate and tube holder position is wrong.',
    steps: [
      'Check the collection device selection and that the tube holder is fully in.',
      'Run the test sort with the deflection on and adjust the side streams into the tubes.',
    ],
  },
  {
    title: 'New sheath fluid formulation: draft service note',
    category: 'Fluidics',
    models: CYTOMETERS,
    symptoms: ['Clogged flow cell after changing the sheath fluid supplier'],
    cause: 'Being written by support.',
    steps: ['Not published yet.'],
    draft: true,
  },
];
