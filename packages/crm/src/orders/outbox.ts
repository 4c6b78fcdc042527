import { createTransport } from 'nodemailer';
import type { MailDelivery } from '../core/handler';
import type { CrmDb } from '../db/open';
import { findFile } from '../files';
import { markMailFailed, markMailSent, type OutboxRow, unsentMail } from './queries/orders';

const FROM = 'orders@storefront.example';
/** Mail sent per delivery run; more waits for the next. */
const BATCH = 20;

/** Tries per mail before it is left for a person to look into (its lastError says why). */
export const MAIL_MAX_ATTEMPTS = 5;
/** The wait before the next try after the n-th failure: one minute, doubling. */
export const mailRetryAfterSeconds = (failedAttempts: number) => 60 * 2 ** (failedAttempts - 1);

/**
 * Mail goes out only after the transaction that queued it has committed, so an order rolled back sends
 * nothing. A mail is claimed (sentAt set) before it is sent, so two runs never send it twice; a failed send
 * releases the claim, and a later run (after the next order, once the wait is over) tries it again.
 */
export function createMailDelivery(options: {
  db: CrmDb;
  smtpUrl: string | undefined;
  logError: (error: unknown) => void;
}): MailDelivery {
  const transport = options.smtpUrl ? createTransport(options.smtpUrl) : undefined;
  async function send(mail: OutboxRow): Promise<void> {
    if (!transport || !(await markMailSent(options.db, mail.id))) return;
    try {
      const file = mail.attachmentFileId ? await findFile(options.db, mail.attachmentFileId) : undefined;
      await transport.sendMail({
        from: FROM,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.body,
        attachments: file
          ? [{ filename: file.fileName, content: Buffer.from(file.content), contentType: file.contentType }]
          : [],
      });
    } catch (error) {
      options.logError(error);
      const problem = error instanceof Error ? error.message : String(error);
      await markMailFailed(options.db, mail.id, problem, mailRetryAfterSeconds(mail.failedAttempts + 1));
    }
  }
  return {
    async deliver() {
      if (!transport) return;
      try {
        for (const mail of await unsentMail(options.db, BATCH, MAIL_MAX_ATTEMPTS)) await send(mail);
      } catch (error) {
        options.logError(error);
      }
    },
  };
}
