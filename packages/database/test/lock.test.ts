import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir, lockHolder } from '../src/lock';

describe('the data dir lock', () => {
  let dir: string;
  let lockPath: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'data-dir-lock-'));
    lockPath = join(dir, 'crm.lock');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("takes over a lock naming this process's pid that this process never took: a restarted container's", () => {
    // The server of a container is pid 1 after every start: the lock of the one that crashed names it too.
    writeFileSync(lockPath, String(process.pid));
    expect(lockHolder(lockPath)).toBeNull();
    const lock = lockDataDir(lockPath, dir);
    expect(lockHolder(lockPath)).toBe(process.pid);
    lock.release();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('refuses a second lock of this process and a live other process; takes over a dead one', () => {
    const lock = lockDataDir(lockPath, dir);
    expect(() => lockDataDir(lockPath, dir)).toThrow(`in use by process ${process.pid}`);
    lock.release();

    // The parent of this test runner is alive; a pid beyond the kernel's maximum never is.
    writeFileSync(lockPath, String(process.ppid));
    expect(() => lockDataDir(lockPath, dir)).toThrow(`in use by process ${process.ppid}`);
    writeFileSync(lockPath, '4194305');
    lockDataDir(lockPath, dir).release();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('leaves a lock another process took after this one released its own', () => {
    const lock = lockDataDir(lockPath, dir);
    lock.release();
    writeFileSync(lockPath, String(process.ppid));
    lock.release();
    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.ppid));
  });
});
