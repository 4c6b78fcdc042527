import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs an operator's command (`server/src/<name>-command.ts`) as `npm run <name> -- …` does, with `env` added to
 * this process's, and answers what it printed and its exit code.
 */
export async function runOperatorCommand(
  name: 'catalogue' | 'events' | 'storefront',
  args: string[],
  env: Record<string, string>,
): Promise<CommandRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', `server/src/${name}-command.ts`, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk;
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}
