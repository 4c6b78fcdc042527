import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { IdentityContext } from '../context';
import { devices } from '../db/schema';
import { CognitoError } from '../protocol/errors';
import type { Pool } from './pools';

export type Device = typeof devices.$inferSelect;

/** The metadata a sign-in hands out when the pool tracks devices; the client confirms it next. */
export async function issueDevice(
  ctx: IdentityContext,
  pool: Pool,
  userId: string,
): Promise<{ DeviceKey: string; DeviceGroupKey: string }> {
  const region = pool.id.slice(0, pool.id.indexOf('_'));
  const [device] = await ctx.db
    .insert(devices)
    .values({
      key: `${region}_${randomUUID()}`,
      userId,
      groupKey: `-${randomUUID().slice(0, 8)}`,
      createdAt: ctx.now(),
      updatedAt: ctx.now(),
    })
    .returning();
  if (!device) throw new Error('device not stored');
  return { DeviceKey: device.key, DeviceGroupKey: device.groupKey };
}

/** A sign-in from a device the user confirmed before: it is recorded, and no new device is issued. */
export async function touchDevice(
  ctx: IdentityContext,
  userId: string,
  key: string | undefined,
): Promise<boolean> {
  if (!key) return false;
  const touched = await ctx.db
    .update(devices)
    .set({ lastAuthenticatedAt: ctx.now() })
    .where(and(eq(devices.key, key), eq(devices.userId, userId), eq(devices.confirmed, true)))
    .returning({ key: devices.key });
  return touched.length > 0;
}

/**
 * A device that stands in for MFA at sign-in (DEVICE_SRP_AUTH): confirmed with its own SRP verifier and
 * remembered on the user's say-so. Undefined for any other key, including another user's.
 */
export async function rememberedDevice(
  ctx: IdentityContext,
  userId: string,
  key: string | undefined,
): Promise<(Device & { srpSalt: string; srpVerifier: string }) | undefined> {
  if (!key) return undefined;
  const [device] = await ctx.db
    .select()
    .from(devices)
    .where(
      and(
        eq(devices.key, key),
        eq(devices.userId, userId),
        eq(devices.confirmed, true),
        eq(devices.remembered, true),
      ),
    );
  const { srpSalt, srpVerifier } = device ?? {};
  return device && srpSalt && srpVerifier ? { ...device, srpSalt, srpVerifier } : undefined;
}

/** One of the user's devices (confirmed or not, for ConfirmDevice); another user's key does not exist. */
export async function requireDevice(
  ctx: IdentityContext,
  userId: string,
  key: string,
  confirmed = true,
): Promise<Device> {
  const [device] = await ctx.db
    .select()
    .from(devices)
    .where(and(eq(devices.key, key), eq(devices.userId, userId)));
  if (!device || (confirmed && !device.confirmed)) {
    throw new CognitoError('ResourceNotFoundException', 'Device does not exist.');
  }
  return device;
}

/** A page of the user's confirmed devices, in key order after the pagination token. */
export function listDevices(
  ctx: IdentityContext,
  userId: string,
  limit: number,
  after?: string,
): Promise<Device[]> {
  const conditions = [eq(devices.userId, userId), eq(devices.confirmed, true)];
  if (after) conditions.push(gt(devices.key, after));
  return ctx.db
    .select()
    .from(devices)
    .where(and(...conditions))
    .orderBy(asc(devices.key))
    .limit(limit);
}

export async function updateDevice(
  ctx: IdentityContext,
  key: string,
  patch: Partial<Pick<Device, 'name' | 'srpSalt' | 'srpVerifier' | 'confirmed' | 'remembered'>>,
): Promise<void> {
  await ctx.db
    .update(devices)
    .set({ ...patch, updatedAt: ctx.now() })
    .where(eq(devices.key, key));
}

export async function forgetDevice(ctx: IdentityContext, key: string): Promise<void> {
  await ctx.db.delete(devices).where(eq(devices.key, key));
}

/** Dates on the wire: awsJson timestamps are epoch seconds. */
export function epochSeconds(date: Date): number {
  return date.getTime() / 1000;
}

/** DeviceType as Cognito answers it. */
export function deviceView(device: Device) {
  return {
    DeviceKey: device.key,
    DeviceAttributes: [
      { Name: 'device_status', Value: 'valid' },
      ...(device.name ? [{ Name: 'device_name', Value: device.name }] : []),
      { Name: 'dev:device_remembered_status', Value: device.remembered ? 'remembered' : 'not_remembered' },
    ],
    DeviceCreateDate: epochSeconds(device.createdAt),
    DeviceLastModifiedDate: epochSeconds(device.updatedAt),
    ...(device.lastAuthenticatedAt
      ? { DeviceLastAuthenticatedDate: epochSeconds(device.lastAuthenticatedAt) }
      : {}),
  };
}
