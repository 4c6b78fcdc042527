import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { CrmDb } from '../db/open';
import { accounts, contactNotifications, quotes, templates } from '../db/schema';
import { insertNotification } from '../notifications/queries/notifications';
import { QUOTE_DETAIL_TEMPLATE, QUOTE_LIST_TEMPLATE } from './templates';

/** A signed-in demo user: the identity service knows their contact, the CRM only its id. */
export interface DemoRecipient {
  accountId: string;
  contactId: string;
}

const HOUR = 3_600_000;

/**
 * Gives each demo contact that has no notification yet a saved quote and three notifications pointing at
 * real pages: that quote's details page (with its record number), the account's list of quotes and orders,
 * and the cart by a raw path written with a doubled slash, as CMS editors do. Safe on every start.
 */
export async function ensureDemoNotifications(
  db: CrmDb,
  recipients: readonly DemoRecipient[],
): Promise<void> {
  const now = Date.now();
  for (const recipient of recipients) {
    const [existing] = await db
      .select({ id: contactNotifications.id })
      .from(contactNotifications)
      .where(eq(contactNotifications.contactId, recipient.contactId))
      .limit(1);
    if (existing) continue;
    const [account] = await db.select().from(accounts).where(eq(accounts.id, recipient.accountId));
    if (!account || account.isGuest) continue;
    const pages = await db
      .select({ id: templates.id, name: templates.name })
      .from(templates)
      .where(
        and(
          eq(templates.storefrontId, account.storefrontId),
          inArray(templates.name, [QUOTE_LIST_TEMPLATE, QUOTE_DETAIL_TEMPLATE]),
        ),
      );
    const pageId = (name: string) => pages.find((row) => row.name === name)?.id ?? null;
    const quoteId = randomUUID();
    await db.insert(quotes).values({
      id: quoteId,
      storefrontId: account.storefrontId,
      accountId: account.id,
      contactId: recipient.contactId,
      currency: account.currency,
      status: 'Inactive',
      name: 'Flow cytometry panel, spring reorder',
      notes: 'Prepared by your account team; open it as your cart to order.',
      createdAt: new Date(now - 26 * HOUR),
      modifiedAt: new Date(now - 26 * HOUR),
    });
    const base = { storefrontId: account.storefrontId, accountId: account.id };
    const to = (targetTemplatePage: string | null, recordNumber: string | null = null) => [
      { contactId: recipient.contactId, targetTemplatePage, recordNumber },
    ];
    await insertNotification(db, {
      ...base,
      name: 'Items are waiting in your cart',
      message: 'Finish your order before the end of the month to keep this quarter’s prices.',
      createdAt: new Date(now - 48 * HOUR),
      recipients: to('//cart'),
    });
    await insertNotification(db, {
      ...base,
      name: 'Your quotes and orders',
      message: 'Every quote and order of your account is now listed in one place.',
      createdAt: new Date(now - 24 * HOUR),
      recipients: to(pageId(QUOTE_LIST_TEMPLATE)),
    });
    await insertNotification(db, {
      ...base,
      name: 'Your quote is ready',
      message: 'We prepared the quote “Flow cytometry panel, spring reorder” for you.',
      createdAt: new Date(now - 2 * HOUR),
      recipients: to(pageId(QUOTE_DETAIL_TEMPLATE), quoteId),
    });
  }
}
