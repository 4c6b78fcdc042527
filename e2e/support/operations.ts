import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import {
  CATALOGUE_CONTENT_TYPES,
  IDEMPOTENCY_KEY_HEADER,
  OPERATIONS_BASE_PATH,
  type OperationsOrder,
} from '../../packages/contracts/src/operations-api';

/** A shipment as the ERP reports it (the operations API's addShipment body, less the order's version). */
export interface ErpShipment {
  carrier: string;
  service?: string;
  trackingNumber: string;
  trackingUrl?: string;
  lines: { sku: string; quantity: number; lotNumber?: string }[];
}

/**
 * The supplier's ERP at the storefront of `origin`: an operations key the operator mints with OPERATIONS_TOKEN
 * (playwright.config.ts gives the server and the tests the same one), then the operations API's order calls,
 * each change naming the order's current version and an idempotency key of its own, and its catalogue import.
 */
export async function erpOf(request: APIRequestContext, origin: string) {
  const minted = await request.post(`${origin}/operations/keys`, {
    headers: { authorization: `Bearer ${process.env.OPERATIONS_TOKEN}` },
    data: { storefront: new URL(origin).hostname, name: 'ERP' },
  });
  expect(minted.status(), await minted.text()).toBe(200);
  const { key } = (await minted.json()) as { key: string };
  const url = (path: string) => `${origin}${OPERATIONS_BASE_PATH}${path}`;
  const headers = { authorization: `Bearer ${key}` };

  const order = async (orderNumber: string): Promise<OperationsOrder> => {
    const answer = await request.get(url(`/orders/${encodeURIComponent(orderNumber)}`), { headers });
    expect(answer.status(), await answer.text()).toBe(200);
    return (await answer.json()) as OperationsOrder;
  };
  const change = async (orderNumber: string, action: string, body: object): Promise<OperationsOrder> => {
    const { version } = await order(orderNumber);
    const answer = await request.post(url(`/orders/${encodeURIComponent(orderNumber)}/${action}`), {
      headers: { ...headers, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      data: { version, ...body },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    return (await answer.json()) as OperationsOrder;
  };

  return {
    order,
    confirm: (orderNumber: string, erpOrderNumber: string) =>
      change(orderNumber, 'confirm', { erpOrderNumber }),
    ship: (orderNumber: string, shipment: ErpShipment) => change(orderNumber, 'shipments', shipment),
    /** Imports a catalogue file as CSV; the storefront shows it at once. */
    importCatalogue: async (csv: string) => {
      const answer = await request.post(url('/catalogue/import'), {
        headers: {
          ...headers,
          'content-type': CATALOGUE_CONTENT_TYPES.csv,
          [IDEMPOTENCY_KEY_HEADER]: randomUUID(),
        },
        data: csv,
      });
      expect(answer.status(), await answer.text()).toBe(200);
    },
  };
}
