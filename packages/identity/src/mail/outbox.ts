import { type Mailbox, mailHtml, parseMailbox, requireMailbox } from '@storefront/contracts/mail';
import type { Database } from '@storefront/database';
import { and, desc, eq } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import { type IdentityDb, identityDb } from '../db/database';
import { outbox, userPools } from '../db/schema';
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

/**
 * Records every message in the outbox, then emails it when SMTP is configured (text messages stay in the
 * outbox: there is no SMS gateway), from the pool's EmailConfiguration.From and ReplyToEmailAddress, else from
 * `mailFrom`, as text with an HTML part. A failed send is logged; the code is still in the outbox.
 */
export function createMailer(options: {
  db: IdentityDb;
  smtpUrl?: string | undefined;
  /** The sender of a pool without EmailConfiguration.From (MAIL_FROM): `address` or `Name <address>`. */
  mailFrom: string;
  logger: Logger;
  now: () => Date;
}): Mailer {
  const transport = options.smtpUrl ? createTransport(options.smtpUrl) : undefined;
  const defaultFrom = requireMailbox(options.mailFrom, "the user pools' mail sender");

  /** The pool's name and sender; UpdateUserPool checked both addresses. */
  async function sender(poolId: string): Promise<{ name?: string; from: Mailbox; replyTo?: Mailbox }> {
    const [pool] = await options.db
      .select({ name: userPools.name, from: userPools.emailFrom, replyTo: userPools.emailReplyTo })
      .from(userPools)
      .where(eq(userPools.id, poolId));
    const from = (pool?.from ? parseMailbox(pool.from) : undefined) ?? defaultFrom;
    const replyTo = pool?.replyTo ? parseMailbox(pool.replyTo) : undefined;
    return { ...(pool ? { name: pool.name } : {}), from, ...(replyTo ? { replyTo } : {}) };
  }

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
        const { name, ...addresses } = await sender(delivery.poolId);
        await transport.sendMail({
          ...addresses,
          to: delivery.destination,
          subject,
          text: body,
          html: mailHtml({ subject, heading: name, text: body }),
        });
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
