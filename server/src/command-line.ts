/**
 * Runs an operator's command and prints what it returns. A failure prints its message, never a stack trace,
 * (with the usage when the arguments were wrong) and exits with 1.
 */
export async function runCommand(usage: string, command: () => Promise<string>): Promise<void> {
  try {
    console.log(await command());
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    const code = (error as NodeJS.ErrnoException).code;
    if (code?.startsWith('ERR_PARSE_ARGS') || error instanceof UsageError) console.error(usage);
    process.exitCode = 1;
  }
}

/** The command was called with arguments it cannot use. */
export class UsageError extends Error {}
