import { createTransport } from 'nodemailer';
import type { CrmDb } from '../db/open';
import { markMailSent, unsentMail } from '../db/queries/orders';
import { findFile } from '../db/queries/quote-files';

/** Delivers the CRM's outbox; every call after a transaction that queued mail. */
export interface MailDelivery {
  /** Sends what is waiting (a no-op without SMTP); never throws: the mail stays in the outbox. */
  deliver(): Promise<void>;
}

const FROM = 'orders@storefront.example';
/** Mail sent per delivery run; more waits for the next. */
const BATCH = 20;

/**
 * Mail goes out only after the transaction that queued it has committed, so an order rolled back sends
 * nothing. A mail is claimed (sentAt set) before it is sent, so two runs never send it twice; a failed send
 * releases nothing and is logged: the outbox keeps it for a person to resend.
 */
export function createMailDelivery(options: {
  db: CrmDb;
  smtpUrl: string | undefined;
  logError: (error: unknown) => void;
}): MailDelivery {
  const transport = options.smtpUrl ? createTransport(options.smtpUrl) : undefined;
  return {
    async deliver() {
      if (!transport) return;
      try {
        for (const mail of await unsentMail(options.db, BATCH)) {
          if (!(await markMailSent(options.db, mail.id))) continue;
          const file = mail.attachmentFileId ? await findFile(options.db, mail.attachmentFileId) : undefined;
          await transport.sendMail({
            from: FROM,
            to: mail.recipient,
            subject: mail.subject,
            text: mail.body,
            attachments: file
              ? [
                  {
                    filename: file.fileName,
                    content: Buffer.from(file.content),
                    contentType: file.contentType,
                  },
                ]
              : [],
          });
        }
      } catch (error) {
        options.logError(error);
      }
    },
  };
}
