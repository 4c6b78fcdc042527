import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';

export interface DataDirLock {
  release(): void;
}

/**
 * The lock files this process took. A lock file naming this process's pid that is not among them was left by an
 * earlier process that had the same pid: a container restarted after a crash starts its server as pid 1 again.
 */
const heldHere = new Set<string>();

/**
 * An exclusive lock on a PGlite data dir: a file holding the owner's pid, created with 'wx' so only one
 * process wins. A lock left by a dead process, or by an earlier process with this one's pid, is taken over; a
 * live owner refuses, this process too when it holds the lock already (a second open would corrupt the dir).
 */
export function lockDataDir(lockPath: string, dataDir: string): DataDirLock {
  for (let attempt = 0; attempt < 2; attempt++) {
    if (tryCreate(lockPath)) return { release: () => releaseLock(lockPath) };
    const owner = lockHolder(lockPath);
    if (owner !== null) {
      throw new Error(
        `The database data dir ${dataDir} is in use by process ${owner}. ` +
          'Stop that process, or set DATABASE_URL to use a PostgreSQL server instead.',
      );
    }
    removeStale(lockPath);
  }
  throw new Error(`Could not lock the database data dir ${dataDir}: another process keeps taking it.`);
}

/** The live process holding a data dir's lock (this one included), or null when none does. */
export function lockHolder(lockPath: string): number | null {
  const owner = readOwner(lockPath);
  if (owner === null) return null;
  if (owner === process.pid) return heldHere.has(resolve(lockPath)) ? owner : null;
  return isAlive(owner) ? owner : null;
}

function tryCreate(lockPath: string): boolean {
  try {
    const fd = openSync(lockPath, 'wx');
    writeSync(fd, String(process.pid));
    closeSync(fd);
    heldHere.add(resolve(lockPath));
    return true;
  } catch (error) {
    if (isErrno(error, 'EEXIST')) return false;
    throw error;
  }
}

function readOwner(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return null;
    throw error;
  }
}

/** Signal 0 only checks: ESRCH means gone, EPERM means alive under another user. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return isErrno(error, 'EPERM');
  }
}

function removeStale(lockPath: string): void {
  try {
    unlinkSync(lockPath);
  } catch (error) {
    if (!isErrno(error, 'ENOENT')) throw error;
  }
}

function releaseLock(lockPath: string): void {
  if (!heldHere.delete(resolve(lockPath))) return;
  if (readOwner(lockPath) === process.pid) removeStale(lockPath);
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
