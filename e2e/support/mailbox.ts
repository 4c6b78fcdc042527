import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

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
          .map((name) => readable(readFileSync(join(dir, name), 'utf8')))
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

/** A quoted-printable message (a line longer than 76 characters, or a '=' in it) as plain text. */
function readable(message: string): string {
  if (!/^Content-Transfer-Encoding: quoted-printable$/im.test(message)) return message;
  return message
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function subjectOf(message: string): string {
  return message.match(/^Subject: (.*)$/m)?.[1] ?? '';
}
