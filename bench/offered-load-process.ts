import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type OfferedLoad, type OfferedResult, offeredLoad } from './offered-load';

const THIS_FILE = fileURLToPath(import.meta.url);
/** The environment variable that hands the child its load. */
const ASKED = 'BENCH_OFFERED_LOAD';

/**
 * The offered load from a process of its own. The benchmark's process holds Lighthouse, PGlite and the CRM (150 MB
 * of heap and more), and its garbage collections can pause the generator for milliseconds, timing answers that
 * arrive meanwhile late: with Lighthouse's modules loaded (154 MB of heap) a cached read measured 10 ms at p99
 * once, against 1.0 ms from a process that holds only the generator (decision 0042).
 */
export async function offeredLoadApart(load: OfferedLoad, warmUpSeconds = 0): Promise<OfferedResult> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', THIS_FILE], {
    env: { ...process.env, [ASKED]: JSON.stringify({ load, warmUpSeconds }) },
  });
  return JSON.parse(stdout) as OfferedResult;
}

// Started by offeredLoadApart: warm up at the load, then measure it and answer the figures on stdout.
if (process.argv[1] === THIS_FILE && process.env[ASKED]) {
  const { load, warmUpSeconds } = JSON.parse(process.env[ASKED]) as {
    load: OfferedLoad;
    warmUpSeconds: number;
  };
  if (warmUpSeconds > 0) await offeredLoad({ ...load, seconds: warmUpSeconds });
  process.stdout.write(JSON.stringify(await offeredLoad(load)));
}
