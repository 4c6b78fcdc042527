import { z } from 'zod';
import type { IdentityContext } from '../context';
import { invalidParameter } from '../protocol/errors';
import { authenticate, type Caller } from '../tokens/access';
import { deviceView, forgetDevice, listDevices, requireDevice, updateDevice } from '../users/devices';
import { findPool } from '../users/pools';
import { AccessToken } from './fields';
import { publicOperation } from './operation';
import { afterToken, MAX_PAGE, pageSize, paginate } from './paging';

const DeviceKey = z
  .string()
  .regex(/^[\w-]+_[0-9a-f-]+$/)
  .min(1)
  .max(55);

/** The device's salt and verifier come as base64 of their bytes; SRP works on them as hex. */
const Base64 = z.string().regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Invalid base64');

function hexOf(base64: string | undefined): string | null {
  return base64 === undefined ? null : Buffer.from(base64, 'base64').toString('hex');
}

/** The caller, in a pool that tracks devices; Amplify reads this refusal as "tracking not configured". */
async function deviceCaller(ctx: IdentityContext, accessToken: string): Promise<Caller> {
  const caller = await authenticate(ctx, accessToken);
  const pool = await findPool(ctx.db, caller.user.poolId);
  if (!pool.deviceTracking)
    throw invalidParameter('Device tracking has not been configured in this User Pool');
  return caller;
}

export const ConfirmDevice = publicOperation({
  input: z.object({
    AccessToken,
    DeviceKey,
    DeviceSecretVerifierConfig: z
      .object({ PasswordVerifier: Base64.max(2048).optional(), Salt: Base64.max(1024).optional() })
      .optional(),
    DeviceName: z.string().min(1).max(1024).optional(),
  }),
  async run(ctx, input) {
    const { user } = await deviceCaller(ctx, input.AccessToken);
    const device = await requireDevice(ctx, user.id, input.DeviceKey, false);
    await updateDevice(ctx, device.key, {
      confirmed: true,
      name: input.DeviceName ?? null,
      srpSalt: hexOf(input.DeviceSecretVerifierConfig?.Salt),
      srpVerifier: hexOf(input.DeviceSecretVerifierConfig?.PasswordVerifier),
    });
    // Devices are remembered on the user's say-so (UpdateDeviceStatus), Cognito's "user opt-in".
    return { UserConfirmationNecessary: true };
  },
});

export const ListDevices = publicOperation({
  input: z.object({
    AccessToken,
    Limit: z.number().int().min(0).max(MAX_PAGE).optional(),
    PaginationToken: z.string().min(1).max(512).optional(),
  }),
  async run(ctx, input) {
    const { user } = await deviceCaller(ctx, input.AccessToken);
    const limit = pageSize(input.Limit);
    const rows = await listDevices(ctx, user.id, limit + 1, afterToken(input.PaginationToken));
    const { page, next } = paginate(rows, limit, (device) => device.key);
    return { Devices: page.map(deviceView), ...(next ? { PaginationToken: next } : {}) };
  },
});

export const GetDevice = publicOperation({
  input: z.object({ AccessToken, DeviceKey }),
  async run(ctx, input) {
    const { user } = await deviceCaller(ctx, input.AccessToken);
    return { Device: deviceView(await requireDevice(ctx, user.id, input.DeviceKey)) };
  },
});

export const ForgetDevice = publicOperation({
  input: z.object({ AccessToken, DeviceKey }),
  async run(ctx, input) {
    const { user } = await deviceCaller(ctx, input.AccessToken);
    await forgetDevice(ctx, (await requireDevice(ctx, user.id, input.DeviceKey)).key);
    return {};
  },
});

/**
 * Cognito's UpdateDeviceStatus, plus DeviceName: Cognito names a device only when it is confirmed, and the
 * profile lets a user rename one (our extension; see decision 0027). A status left out is kept.
 */
export const UpdateDeviceStatus = publicOperation({
  input: z.object({
    AccessToken,
    DeviceKey,
    DeviceRememberedStatus: z.enum(['remembered', 'not_remembered']).optional(),
    DeviceName: z.string().trim().min(1).max(1024).optional(),
  }),
  async run(ctx, input) {
    const { user } = await deviceCaller(ctx, input.AccessToken);
    const device = await requireDevice(ctx, user.id, input.DeviceKey);
    await updateDevice(ctx, device.key, {
      ...(input.DeviceRememberedStatus ? { remembered: input.DeviceRememberedStatus === 'remembered' } : {}),
      ...(input.DeviceName ? { name: input.DeviceName } : {}),
    });
    return {};
  },
});
