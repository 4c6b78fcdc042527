import type { CrmAnswer, CrmPayload, CrmType } from '@storefront/contracts';
import type { CrmDb } from '../../db/open';
import type { AvaTaxClient } from '../../tax/avatax-client';

export interface HandlerContext {
  db: CrmDb;
  /** The tax service (AvaTax's REST v2): Avalara's own or the embedded one. */
  tax: AvaTaxClient;
  /** Today as YYYY-MM-DD (UTC), the day offers must be valid on. */
  today: string;
}

/** A type's handler: its parsed payload in, the answer its contract row describes out. */
export type Handler<T extends CrmType> = (
  ctx: HandlerContext,
  payload: CrmPayload<T>,
) => Promise<CrmAnswer<T>>;
export type Handlers = { [T in CrmType]: Handler<T> };
