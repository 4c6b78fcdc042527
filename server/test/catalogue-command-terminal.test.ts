import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOperatorCommand } from './operator-command';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * `npm run catalogue -- import <file>` checks the file before it sends it, with a progress bar when a person
 * watches the terminal (issue 32, §2), and prints nothing of the bar into a pipe or a log. The file here is refused
 * by its last row, so the command never reaches a storefront: what it shows is its own check.
 */
describe('npm run catalogue -- import in a terminal', () => {
  let dir: string;
  let file: string;
  const env = {
    // Never called: a refused file is not sent.
    STOREFRONT_URL: 'http://127.0.0.1:9',
    OPERATIONS_KEY: `opk_TERMINAL00000001_${randomBytes(32).toString('base64url')}`,
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'catalogue-terminal-'));
    file = join(dir, 'products.csv');
    const rows = ['sku,name,category,create_category,unit,list_price'];
    for (let row = 1; row < 1200; row++)
      rows.push(`TRM-${String(row).padStart(5, '0')},Reagent ${row},Reagents,yes,each,10.00`);
    rows.push('TRM-01200,Reagent 1200,Reagents,yes,each,abc');
    writeFileSync(file, `${rows.join('\r\n')}\r\n`);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The command run under `script`, which gives it a pseudo-terminal as a person's shell would. */
  async function inTerminal(): Promise<{ code: number | null; screen: string }> {
    const child = spawn(
      'script',
      ['-qec', `node --import tsx server/src/catalogue-command.ts import ${file}`, '/dev/null'],
      { cwd: root, env: { ...process.env, ...env } },
    );
    let screen = '';
    child.stdout.on('data', (chunk: Buffer) => {
      screen += chunk;
    });
    const [code] = (await once(child, 'exit')) as [number | null];
    return { code, screen };
  }

  it('draws a bar that fills as the rows are checked, then names the refused row and column', async () => {
    const { code, screen } = await inTerminal();
    expect(code).toBe(1);
    const bars = screen
      .split('\r')
      .filter((line) => line.startsWith('Checking rows ['))
      .map((line) => line.trim());
    expect(bars).toEqual([
      'Checking rows [#############-----------------] 500/1,200',
      'Checking rows [#########################-----] 1,000/1,200',
      'Checking rows [##############################] 1,200/1,200',
    ]);
    expect(screen).toContain('products.csv was not sent: it has 1 problem; nothing was applied:');
    expect(screen).toContain("row 1201, list_price: 'abc' is not a price such as 120.00");
  }, 60_000);

  it('prints no bar into a pipe, only the problems', async () => {
    const piped = await runOperatorCommand('catalogue', ['import', file], env);
    expect(piped.code).toBe(1);
    expect(piped.stdout).not.toContain('Checking rows');
    expect(piped.stderr).toContain("row 1201, list_price: 'abc' is not a price such as 120.00");
  }, 60_000);
});
