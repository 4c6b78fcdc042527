import { eq } from 'drizzle-orm';
import type { CrmDb } from '../db/open';
import { accounts, serviceRequests } from '../db/schema';
import {
  insertCase,
  insertComment,
  insertRequest,
  setRequestStatus,
} from '../support/queries/service-requests';
import type { DemoRecipient } from './notifications';

const DAY = 86_400_000;

/**
 * Gives each demo account that has no service request yet a few requests with their status history and
 * comments from both sides, and a few support cases, so the portal's pages have something to show. Safe on
 * every start.
 */
export async function ensureDemoServiceRequests(
  db: CrmDb,
  recipients: readonly DemoRecipient[],
): Promise<void> {
  const done = new Set<string>();
  for (const { accountId, contactId } of recipients) {
    if (done.has(accountId)) continue;
    done.add(accountId);
    const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
    if (!account || account.isGuest) continue;
    const [existing] = await db
      .select({ id: serviceRequests.id })
      .from(serviceRequests)
      .where(eq(serviceRequests.accountId, accountId))
      .limit(1);
    if (existing) continue;
    await db.transaction((tx) => seedAccount(tx, account.storefrontId, accountId, contactId));
  }
}

async function seedAccount(tx: CrmDb, storefrontId: string, accountId: string, contactId: string) {
  const now = Date.now();
  const at = (days: number) => new Date(now - days * DAY);
  const base = { storefrontId, accountId, contactId, createdByName: 'Lab operations' };
  const centrifuge = await insertRequest(
    tx,
    {
      ...base,
      subject: 'Centrifuge rotor imbalance alarm',
      category: 'Instrument service',
      priority: 'High',
      fields: [
        { key: 'category', label: 'Category', value: 'Instrument service' },
        { key: 'serialNumber', label: 'Instrument serial number', value: 'CF-5810-22817' },
        {
          key: 'description',
          label: 'Description',
          value: 'The rotor imbalance alarm stops every run above 4,000 rpm, even with balanced tubes.',
        },
        { key: 'contactTime', label: 'Preferred contact time', value: 'Morning' },
      ],
      createdAt: at(21),
      updatedAt: at(21),
    },
    'Request received.',
  );
  await setRequestStatus(tx, centrifuge.id, 'In progress', 'A field engineer is assigned.', at(20));
  await insertComment(tx, {
    requestId: centrifuge.id,
    author: 'support',
    authorName: 'Field service',
    body: 'Our engineer will visit on Thursday morning; please keep the instrument powered off until then.',
    createdAt: at(20),
  });
  await insertComment(tx, {
    requestId: centrifuge.id,
    author: 'customer',
    authorName: base.createdByName,
    body: 'Thursday works. The instrument is in room B214.',
    createdAt: at(19),
  });
  await setRequestStatus(
    tx,
    centrifuge.id,
    'Resolved',
    'Drive shaft bearing replaced under warranty.',
    at(14),
  );

  const antibody = await insertRequest(
    tx,
    {
      ...base,
      subject: 'Weak signal with anti-CD3 in flow cytometry',
      category: 'Application support',
      priority: 'Medium',
      fields: [
        { key: 'category', label: 'Category', value: 'Application support' },
        {
          key: 'description',
          label: 'Description',
          value: 'Lot 24B117 gives a third of the usual signal on our panel; the protocol has not changed.',
        },
      ],
      createdAt: at(6),
      updatedAt: at(6),
    },
    'Request received.',
  );
  await setRequestStatus(
    tx,
    antibody.id,
    'Waiting on customer',
    'We asked for the staining protocol.',
    at(5),
  );
  await insertComment(tx, {
    requestId: antibody.id,
    author: 'support',
    authorName: 'Application scientist',
    body: 'Could you send the staining protocol and the cytometer settings you use?',
    createdAt: at(5),
  });

  await insertRequest(
    tx,
    {
      ...base,
      subject: 'Damaged box in order delivery',
      category: 'Returns',
      priority: 'Low',
      fields: [
        { key: 'category', label: 'Category', value: 'Returns' },
        { key: 'description', label: 'Description', value: 'One box of pipette tips arrived crushed.' },
      ],
      createdAt: at(1),
      updatedAt: at(1),
    },
    'Request received.',
  );

  const plate = await insertCase(tx, {
    storefrontId,
    accountId,
    subject: 'Plate reader firmware update fails',
    description: 'The update stops at 60% with error E-204.',
    product: 'Multimode plate reader',
    status: 'Working',
    priority: 'Medium',
    createdAt: at(9),
    updatedAt: at(3),
  });
  await insertComment(tx, {
    caseId: plate.id,
    author: 'support',
    authorName: 'Technical support',
    body: 'A fixed firmware package is in testing; we expect to send it this week.',
    createdAt: at(3),
  });
  await insertCase(tx, {
    storefrontId,
    accountId,
    subject: 'Certificate of analysis missing',
    description: 'The CoA for lot 23K402 is not on the product page.',
    product: 'Fetal bovine serum',
    status: 'Closed',
    priority: 'Low',
    createdAt: at(40),
    updatedAt: at(38),
  });
}
