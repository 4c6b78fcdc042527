import { type Mailbox, mailHtml, parseMailbox, requireMailbox } from '@storefront/contracts/mail';
import { createTransport } from 'nodemailer';
import type { MailDelivery } from '../core/handler';
import type { CrmDb } from '../db/open';
import { findFile } from '../files';
import { type DueMail, markMailFailed, markMailSent, unsentMail } from './queries/orders';

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
  /** The sender of a storefront that names none (MAIL_FROM): `address` or `Name <address>`. */
  mailFrom: string;
  logError: (error: unknown) => void;
}): MailDelivery {
  const transport = options.smtpUrl ? createTransport(options.smtpUrl) : undefined;
  const defaultFrom = requireMailbox(options.mailFrom, "the CRM's mail sender");

  /**
   * Every kind of mail goes out from its storefront's sender with its reply-to address. A sender that does not
   * parse (the storefront's columns are written by hand or by an integration) is reported, and the default
   * sender takes its place rather than the mail waiting.
   */
  function sender(mail: DueMail): { from: Mailbox; replyTo?: Mailbox } {
    const setting = (column: 'mailFrom' | 'mailReplyTo') => {
      const value = mail.storefront?.[column];
      if (!value) return undefined;
      const parsed = parseMailbox(value);
      if (!parsed)
        options.logError(new Error(`storefront ${column} ${JSON.stringify(value)} is not a mailbox`));
      return parsed;
    };
    const replyTo = setting('mailReplyTo');
    return { from: setting('mailFrom') ?? defaultFrom, ...(replyTo ? { replyTo } : {}) };
  }

  async function send(mail: DueMail): Promise<void> {
    if (!transport || !(await markMailSent(options.db, mail.id))) return;
    try {
      const file = mail.attachmentFileId ? await findFile(options.db, mail.attachmentFileId) : undefined;
      await transport.sendMail({
        ...sender(mail),
        to: mail.recipient,
        subject: mail.subject,
        text: mail.body,
        html: mailHtml({ subject: mail.subject, heading: mail.storefront?.name, text: mail.body }),
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
