import type { Database } from '@storefront/database';
import { and, desc, eq } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import { type IdentityDb, identityDb } from '../db/database';
import { outbox } from '../db/schema';
import type { Logger } from '../logger';
import { type MessageKind, render } from './messages';

export interface Delivery {
  poolId: string;
  username: string;
  kind: MessageKind;
  medium: 'EMAIL' | 'SMS';
  /** An email address or a phone number. */
  destination: string;
  /** The code or temporary password the message carries. */
  code: string;
}

export interface Mailer {
  send(delivery: Delivery): Promise<void>;
}

const FROM = 'no-reply@verificationemail.com';

/**
 * Records every message in the outbox, then emails it when SMTP is configured (text messages stay in the
 * outbox: there is no SMS gateway). A failed send is logged; the code is still in the outbox.
 */
export function createMailer(options: {
  db: IdentityDb;
  smtpUrl?: string;
  logger: Logger;
  now: () => Date;
}): Mailer {
  const transport = options.smtpUrl ? createTransport(options.smtpUrl) : undefined;
  return {
    async send(delivery) {
      const { subject, body } = render(delivery.kind, delivery.username, delivery.code);
      await options.db.insert(outbox).values({
        poolId: delivery.poolId,
        username: delivery.username,
        kind: delivery.kind,
        destination: delivery.destination,
        subject,
        body,
        code: delivery.code,
        createdAt: options.now(),
      });
      if (!transport || delivery.medium !== 'EMAIL') return;
      try {
        await transport.sendMail({ from: FROM, to: delivery.destination, subject, text: body });
      } catch (error) {
        options.logger.warn(
          { kind: delivery.kind, error: String(error) },
          'identity: sending an email failed',
        );
      }
    },
  };
}

export interface OutboxEntry {
  kind: string;
  destination: string;
  code: string;
  createdAt: Date;
}

/** The messages sent to one user of a pool, newest first. */
export async function outboxFor(
  database: Database,
  poolId: string,
  username: string,
): Promise<OutboxEntry[]> {
  return identityDb(database)
    .select({
      kind: outbox.kind,
      destination: outbox.destination,
      code: outbox.code,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(and(eq(outbox.poolId, poolId), eq(outbox.username, username)))
    .orderBy(desc(outbox.id));
}

/** The latest messages of a pool, for the development mailbox page. */
export function recentMessages(db: IdentityDb, limit: number) {
  return db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit);
}
