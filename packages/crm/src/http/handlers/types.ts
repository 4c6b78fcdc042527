import type { CrmPayload, CrmType } from '@storefront/contracts';
import type { CrmDb } from '../../db/open';

export interface HandlerContext {
  db: CrmDb;
  /** Today as YYYY-MM-DD (UTC), the day offers must be valid on. */
  today: string;
}

export type Handler<T extends CrmType> = (ctx: HandlerContext, payload: CrmPayload<T>) => Promise<unknown>;
export type Handlers = { [T in CrmType]: Handler<T> };
