import { readFileSync } from 'node:fs';

/** Linux counts process CPU time in clock ticks of 1/100 s (USER_HZ). */
const TICKS_PER_SECOND = 100;

/** User plus system CPU seconds the processes have used so far (fields 14 and 15 of /proc/<pid>/stat). */
export function processCpuSeconds(pids: readonly (string | number)[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / TICKS_PER_SECOND;
}
