import type { Zone } from './zones';

/**
 * The carriers' services and their rate card, in US dollars from the Boston warehouse: a base charge and a
 * charge per billable kilogram for each zone a service reaches, and its business days in transit there.
 * Figures are of the order of the carriers' published 2025 list rates for a small parcel, not any one tariff.
 */
export interface CarrierService {
  carrier: string;
  service: string;
  /** Air services fly dangerous goods only where IATA acceptance allows it; ground services never fly. */
  mode: 'air' | 'ground';
  zones: Partial<Record<Zone, { base: number; perKg: number; transitDays: number }>>;
}

export const CARRIER_SERVICES: readonly CarrierService[] = [
  {
    carrier: 'FedEx',
    service: 'Priority Overnight',
    mode: 'air',
    zones: {
      US1: { base: 38, perKg: 4.2, transitDays: 1 },
      US2: { base: 46, perKg: 5.1, transitDays: 1 },
      US3: { base: 54, perKg: 6, transitDays: 1 },
      US4: { base: 78, perKg: 8.5, transitDays: 1 },
    },
  },
  {
    carrier: 'FedEx',
    service: '2Day',
    mode: 'air',
    zones: {
      US1: { base: 22, perKg: 2.6, transitDays: 2 },
      US2: { base: 27, perKg: 3.1, transitDays: 2 },
      US3: { base: 31, perKg: 3.7, transitDays: 2 },
      US4: { base: 48, perKg: 5.9, transitDays: 2 },
    },
  },
  {
    carrier: 'UPS',
    service: 'Ground',
    mode: 'ground',
    zones: {
      US1: { base: 12, perKg: 0.9, transitDays: 1 },
      US2: { base: 14.5, perKg: 1.3, transitDays: 2 },
      US3: { base: 17, perKg: 1.7, transitDays: 4 },
    },
  },
  {
    carrier: 'UPS',
    service: 'Worldwide Express',
    mode: 'air',
    zones: {
      CA: { base: 65, perKg: 9, transitDays: 1 },
      EU: { base: 92, perKg: 14, transitDays: 2 },
      ROW: { base: 120, perKg: 19, transitDays: 3 },
    },
  },
  {
    carrier: 'DHL',
    service: 'Express Worldwide',
    mode: 'air',
    zones: {
      CA: { base: 70, perKg: 10, transitDays: 2 },
      EU: { base: 85, perKg: 12.5, transitDays: 2 },
      ROW: { base: 110, perKg: 17, transitDays: 3 },
    },
  },
  {
    carrier: 'Canada Post',
    service: 'Expedited',
    mode: 'ground',
    zones: { CA: { base: 28, perKg: 3.2, transitDays: 4 } },
  },
];

/** The carriers a buyer may ship with on their own account, and their services (getShippingPicklists). */
export function carrierPicklist(): { carrier: string; services: string[] }[] {
  const byCarrier = new Map<string, string[]>();
  for (const { carrier, service } of CARRIER_SERVICES) {
    byCarrier.set(carrier, [...(byCarrier.get(carrier) ?? []), service]);
  }
  return [...byCarrier].map(([carrier, services]) => ({ carrier, services }));
}

export function findService(carrier: string, service: string): CarrierService | undefined {
  return CARRIER_SERVICES.find((entry) => entry.carrier === carrier && entry.service === service);
}
