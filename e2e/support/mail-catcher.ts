import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/** A message as the mail server received it: the envelope's recipients and the message (headers and body). */
export interface ReceivedMail {
  to: string[];
  data: string;
}

export interface SmtpReceiver {
  /** The port it listens on (a free one when started on 0). */
  port: number;
  close(): Promise<void>;
}

/** A local SMTP server that hands every message it receives to `onMail`. */
export async function startSmtpReceiver(
  port: number,
  onMail: (mail: ReceivedMail) => void,
): Promise<SmtpReceiver> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        onMail({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), data: `${Buffer.concat(chunks)}` });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A local SMTP server that keeps every message it receives as a file, for the browser tests to read. */
export async function startMailCatcher(port: number, dir: string): Promise<() => Promise<void>> {
  mkdirSync(dir, { recursive: true });
  let received = 0;
  const receiver = await startSmtpReceiver(port, (mail) => {
    received += 1;
    writeFileSync(
      join(dir, `${Date.now()}-${received}.eml`),
      `X-Envelope-To: ${mail.to.join(',')}\n${mail.data}`,
    );
  });
  return receiver.close;
}
