import type {
  AddressResolutionModel,
  AddressValidationInfo,
  CreateTransactionModel,
  CrmAnswer,
  CrmPayload,
  CrmType,
  TransactionModel,
} from '@storefront/contracts';
import type { CrmDb } from '../db/open';

// What a handler is given to reach beyond the database; the capabilities that own them implement them.
/** The two AvaTax calls the CRM makes. */
export interface AvaTaxClient {
  readonly companyCode: string;
  resolveAddress(address: AddressValidationInfo): Promise<AddressResolutionModel>;
  createTransaction(model: CreateTransactionModel): Promise<TransactionModel>;
}

/** Delivers the CRM's outbox; every call after a transaction that queued mail. */
export interface MailDelivery {
  /** Sends what is due (a no-op without SMTP); never throws: what fails stays in the outbox. */
  deliver(): Promise<void>;
}

/** Sends the queued refunds to the payment provider; every call after a transaction that queued one. */
export interface RefundDelivery {
  /** Sends what is due; never throws: what fails stays queued for a later try, then waits for a person. */
  settle(): Promise<void>;
}

/** Posts the business events' due webhook deliveries; every call after a transaction that recorded events. */
export interface EventDelivery {
  /** Posts what is due; never throws: what fails waits for its next try (events/delivery.ts). */
  deliver(): Promise<void>;
}

/** How this CRM takes payments through the hosted payment page (docs/decisions/0015-hosted-payments.md). */
export interface PaymentSettings {
  /** The HMAC-SHA256 secret shared with the payment provider. */
  secret: string;
  /** Where the browser posts a signed payment request: the provider's hosted page. */
  pageUrl: string;
  /** Where the provider posts its signed result: this CRM's paymentRequestHandler. */
  callbackUrl: string;
  /** Where the provider posts the signed result of saving a card: this CRM's savePaymentMethodCallback. */
  cardCallbackUrl: string;
  /** Where the CRM charges a saved card's token, server to server: the provider's `/charges`. */
  chargeUrl: string;
  /** Where the CRM refunds a charge, server to server: the provider's `/refunds`. */
  refundUrl: string;
  /** How the CRM reaches the provider for a charge. */
  fetch: (request: Request) => Promise<Response>;
  /** The clock requests expire by: real time, even where tests pin the offer day. */
  now: () => Date;
}

/** An order being cancelled, in the transaction that cancels it. */
export interface CancelledOrder {
  quoteId: string;
  orderNumber: string;
  /** YYYY-MM-DD (UTC): the credit memo's date. */
  today: string;
}

/**
 * Gives back what a cancelled order was paid or billed (the invoices capability's settleCancelledOrder); the
 * orders capability cancels, and reaches it through the context, as invoices already build on orders.
 */
export type SettleCancelledOrder = (tx: CrmDb, order: CancelledOrder) => Promise<void>;

export interface HandlerContext {
  db: CrmDb;
  /** The tax service (AvaTax's REST v2): Avalara's own or the embedded one. */
  tax: AvaTaxClient;
  /** Today as YYYY-MM-DD (UTC), the day offers must be valid on. */
  today: string;
  /** Null when this CRM takes no payments online. */
  payments: PaymentSettings | null;
  /** Sends the outbox's waiting mail; called after a transaction that queued some has committed. */
  mail: MailDelivery;
  /** Sends the queued refunds to the provider; called after a transaction that queued one has committed. */
  refunds: RefundDelivery;
  /** Posts the waiting webhook deliveries; called after a transaction that recorded business events. */
  events: EventDelivery;
  settleCancelledOrder: SettleCancelledOrder;
}

/** A type's handler: its parsed payload in, the answer its contract row describes out. */
export type Handler<T extends CrmType> = (
  ctx: HandlerContext,
  payload: CrmPayload<T>,
) => Promise<CrmAnswer<T>>;
export type Handlers = { [T in CrmType]: Handler<T> };
