import { type BusinessEventType, orderPagePath, type Shipment } from '@storefront/contracts';
import type { CrmDb } from '../db/open';
import { recordBusinessEvent } from '../events';
import { insertNotification } from '../notifications';
import {
  findStorefrontOrder,
  lockStorefrontOrder,
  type OrderRecord,
  orderMailRecipient,
} from './queries/order-life';
import { insertOutboxMail } from './queries/orders';

/**
 * How every change of an order's life is made (docs/decisions/0057-order-life.md): in one transaction, under
 * the order's row lock, the change itself, then what tells of it (the business event for the ERP's and
 * operators' systems, the buyer's notification and mail), so none of them exists without the others.
 */

/** What happened to the order, as what tells of it needs it. */
export type OrderNews =
  | { kind: 'confirmed' }
  | { kind: 'shipped'; shipment: Shipment }
  | { kind: 'delivered' }
  | { kind: 'cancelled'; reason: string | null };

const EVENT_TYPES: Record<OrderNews['kind'], BusinessEventType> = {
  confirmed: 'order.confirmed',
  shipped: 'order.shipped',
  delivered: 'order.delivered',
  cancelled: 'order.cancelled',
};

export interface OrderChangeSteps<T> {
  /** The refusal when the storefront has no order of that number. */
  missing: () => Error;
  /** Checks and makes the change of the locked order (refusing by throwing); answers what happened. */
  change: (tx: CrmDb, record: OrderRecord) => Promise<OrderNews>;
  /** The answer, read in the same transaction from the order as the change left it. */
  answer: (tx: CrmDb, record: OrderRecord) => Promise<T>;
}

/**
 * Changes the storefront's order. The row lock is taken first and waited for, so two changes of one order run
 * one after the other and the second checks itself against what the first left (its version and status).
 */
export async function changeOrder<T>(
  db: CrmDb,
  storefrontId: string,
  orderNumber: string,
  steps: OrderChangeSteps<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const locked = await lockStorefrontOrder(tx, storefrontId, orderNumber);
    if (!locked) throw steps.missing();
    const news = await steps.change(tx, locked);
    const after = await findStorefrontOrder(tx, storefrontId, orderNumber);
    if (!after) throw new Error(`order ${orderNumber} vanished under its lock`);
    await tellBuyer(tx, after, news);
    // The event comes last: its subject's lock is the last lock of the transaction (events/record.ts).
    await recordBusinessEvent(tx, {
      storefrontId,
      type: EVENT_TYPES[news.kind],
      subject: `order:${orderNumber}`,
      data: eventData(after, news),
    });
    return steps.answer(tx, after);
  });
}

function eventData(record: OrderRecord, news: OrderNews): Record<string, unknown> {
  const { orderNumber, status, version, erpOrderNumber } = record.order;
  return {
    orderNumber,
    status,
    version,
    erpOrderNumber,
    ...(news.kind === 'shipped' ? { shipment: news.shipment } : {}),
    ...(news.kind === 'cancelled' ? { reason: news.reason } : {}),
  };
}

/** What the buyer reads of a change: the notification's title and line, the mail's subject and text. */
interface Notice {
  title: string;
  message: string;
  subject: string;
  body: string[];
}

function shipmentLines(shipment: Shipment): string[] {
  return shipment.lines.map(
    (line) => `- ${line.quantity} × ${line.sku}${line.lotNumber ? `, lot ${line.lotNumber}` : ''}`,
  );
}

function noticeOf(record: OrderRecord, news: OrderNews): Notice | null {
  const { orderNumber, erpOrderNumber, status } = record.order;
  // A guest's buyer has no account to sign in to.
  const page =
    record.quote.guestSecretHash === null
      ? ['Your account’s Orders page shows the order and where it is.']
      : [];
  switch (news.kind) {
    case 'confirmed':
      return {
        title: `Order ${orderNumber} confirmed`,
        message: `We confirmed your order${erpOrderNumber ? ` (our reference ${erpOrderNumber})` : ''}; we will tell you when it ships.`,
        subject: `Your order ${orderNumber} is confirmed`,
        body: [
          `We confirmed your order ${orderNumber}${erpOrderNumber ? `; our reference for it is ${erpOrderNumber}` : ''}.`,
          'We will tell you when it ships.',
          ...page,
        ],
      };
    case 'shipped': {
      const { shipment } = news;
      const carrier = [shipment.carrier, shipment.service].filter(Boolean).join(' ');
      const what = status === 'shipped' ? 'has shipped' : 'has partly shipped';
      return {
        title: `Order ${orderNumber} ${status === 'shipped' ? 'shipped' : 'partly shipped'}`,
        message: `${carrier}, tracking number ${shipment.trackingNumber}.`,
        subject: `Your order ${orderNumber} ${what}`,
        body: [
          `Your order ${orderNumber} ${what}.`,
          [
            `Carrier: ${carrier}`,
            `Tracking number: ${shipment.trackingNumber}`,
            ...(shipment.trackingUrl ? [`Track it: ${shipment.trackingUrl}`] : []),
          ].join('\n'),
          ['In this shipment:', ...shipmentLines(shipment)].join('\n'),
          ...page,
        ],
      };
    }
    case 'cancelled':
      return {
        title: `Order ${orderNumber} cancelled`,
        message: news.reason ? `Reason: ${news.reason}` : 'It will not be shipped.',
        subject: `Your order ${orderNumber} is cancelled`,
        body: [
          `Your order ${orderNumber} is cancelled; it will not be shipped.`,
          ...(news.reason ? [`Reason: ${news.reason}`] : []),
          ...page,
        ],
      };
    case 'delivered':
      // A delivery is the ERP's to know; the buyer holds the parcel already.
      return null;
  }
}

const MAIL_KINDS = {
  confirmed: 'OrderConfirmed',
  shipped: 'OrderShipped',
  cancelled: 'OrderCancelled',
} as const;

/**
 * The buyer hears of a confirmation, each shipment and a cancellation: a signed-in buyer in the portal's
 * notifications (leading to the order's page), and by mail whoever the order's confirmation went to.
 */
async function tellBuyer(tx: CrmDb, record: OrderRecord, news: OrderNews): Promise<void> {
  const notice = noticeOf(record, news);
  if (!notice || news.kind === 'delivered') return;
  const { quote, order } = record;
  // A guest's contact is the buyer they named, who has no portal.
  if (quote.contactId && quote.guestSecretHash === null) {
    await insertNotification(tx, {
      storefrontId: quote.storefrontId,
      accountId: quote.accountId,
      name: notice.title,
      message: notice.message,
      createdAt: new Date(),
      recipients: [
        {
          contactId: quote.contactId,
          targetTemplatePage: orderPagePath(order.orderNumber),
          recordNumber: null,
        },
      ],
    });
  }
  const recipient = await orderMailRecipient(tx, quote.id);
  if (!recipient) return;
  await insertOutboxMail(tx, {
    kind: MAIL_KINDS[news.kind],
    quoteId: quote.id,
    paymentId: null,
    shipmentId: news.kind === 'shipped' ? news.shipment.shipmentId : null,
    recipient,
    subject: notice.subject,
    body: notice.body.join('\n\n'),
    attachmentFileId: null,
  });
}
