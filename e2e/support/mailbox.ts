import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/** The six-digit code of the newest message to an address whose subject matches, waiting for it to arrive. */
export async function codeSentTo(address: string, subject: RegExp): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR ?? '';
  let code = '';
  await expect
    .poll(
      () => {
        const messages = readdirSync(dir)
          .sort()
          .reverse()
          .map((name) => readFileSync(join(dir, name), 'utf8'))
          .filter((text) => text.startsWith(`X-Envelope-To: ${address}\n`) && subjectOf(text).match(subject));
        code = messages[0]?.match(/code is (\d{6})/)?.[1] ?? '';
        return code;
      },
      { message: `a message to ${address} matching ${subject}`, timeout: 15_000 },
    )
    .not.toBe('');
  return code;
}

function subjectOf(message: string): string {
  return message.match(/^Subject: (.*)$/m)?.[1] ?? '';
}
