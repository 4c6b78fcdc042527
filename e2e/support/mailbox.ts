import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { readableMessage } from './mime';

/** What `pattern` captures in the newest message to an address whose subject matches, waiting for it. */
async function textSentTo(address: string, subject: RegExp, pattern: RegExp): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR ?? '';
  let found = '';
  await expect
    .poll(
      () => {
        const messages = readdirSync(dir)
          .sort()
          .reverse()
          .map((name) => readableMessage(readFileSync(join(dir, name), 'utf8')))
          .filter((text) => text.startsWith(`X-Envelope-To: ${address}\n`) && subjectOf(text).match(subject));
        found = messages[0]?.match(pattern)?.[1] ?? '';
        return found;
      },
      { message: `a message to ${address} matching ${subject}`, timeout: 15_000 },
    )
    .not.toBe('');
  return found;
}

/** The six-digit code of the newest message to an address whose subject matches, waiting for it to arrive. */
export function codeSentTo(address: string, subject: RegExp): Promise<string> {
  return textSentTo(address, subject, /code is (\d{6})/);
}

/** The temporary password of the newest invitation (AdminCreateUser's mail) to an address. */
export function temporaryPasswordSentTo(address: string): Promise<string> {
  return textSentTo(address, /Your temporary password/, /temporary password is (\S+)\. /);
}

function subjectOf(message: string): string {
  return message.match(/^Subject: (.*)$/m)?.[1] ?? '';
}

/** The path of the first link on the storefront in the newest message to an address whose subject matches. */
export async function storefrontPathSentTo(address: string, subject: RegExp): Promise<string> {
  const link = await textSentTo(address, subject, /(https?:\/\/\S+)/);
  return new URL(link).pathname;
}
