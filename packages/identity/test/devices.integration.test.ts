import {
  ConfirmDeviceCommand,
  ForgetDeviceCommand,
  GetDeviceCommand,
  InitiateAuthCommand,
  ListDevicesCommand,
  UpdateDeviceStatusCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { testEngines } from '@storefront/database/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectException, PASSWORD, POOL, type ServedIdentity, serveIdentity } from './support/identity';
import { createUser, passwordSignIn } from './support/users';

const TRACKING_POOL = {
  ...POOL,
  poolId: 'us-east-1_DevicePool',
  clientId: 'deviceclient',
  deviceTracking: true,
};

describe.each(await testEngines())('devices on $name', (engine) => {
  let identity: ServedIdentity;
  beforeAll(async () => {
    identity = await serveIdentity(engine, { pools: [POOL, TRACKING_POOL] });
  });
  afterAll(() => identity.close());

  const signIn = async (username: string, deviceKey?: string) =>
    (
      await identity.client.send(
        new InitiateAuthCommand({
          ClientId: TRACKING_POOL.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: username, PASSWORD, ...(deviceKey ? { DEVICE_KEY: deviceKey } : {}) },
        }),
      )
    ).AuthenticationResult;

  it('issues, confirms, lists, remembers and forgets a device', async () => {
    await createUser(identity.database, 'gadget', { poolId: TRACKING_POOL.poolId });
    const first = await signIn('gadget');
    const device = first?.NewDeviceMetadata;
    expect(device?.DeviceKey).toMatch(/^us-east-1_[0-9a-f-]{36}$/);
    const AccessToken = first?.AccessToken ?? '';
    const DeviceKey = device?.DeviceKey ?? '';

    expect((await identity.client.send(new ListDevicesCommand({ AccessToken }))).Devices).toEqual([]);
    await expectException(
      identity.client.send(new GetDeviceCommand({ AccessToken, DeviceKey })),
      'ResourceNotFoundException',
    );
    const confirmed = await identity.client.send(
      new ConfirmDeviceCommand({
        AccessToken,
        DeviceKey,
        DeviceName: 'Lab laptop',
        DeviceSecretVerifierConfig: { PasswordVerifier: 'abc', Salt: 'def' },
      }),
    );
    expect(confirmed.UserConfirmationNecessary).toBe(true);

    const again = await signIn('gadget', DeviceKey);
    expect(again?.NewDeviceMetadata).toBeUndefined();
    await identity.client.send(
      new UpdateDeviceStatusCommand({ AccessToken, DeviceKey, DeviceRememberedStatus: 'remembered' }),
    );
    const { Device } = await identity.client.send(new GetDeviceCommand({ AccessToken, DeviceKey }));
    expect(Device?.DeviceKey).toBe(DeviceKey);
    expect(Device?.DeviceAttributes).toContainEqual({ Name: 'device_name', Value: 'Lab laptop' });
    expect(Device?.DeviceAttributes).toContainEqual({
      Name: 'dev:device_remembered_status',
      Value: 'remembered',
    });
    expect(Device?.DeviceCreateDate).toBeInstanceOf(Date);
    expect(Device?.DeviceLastAuthenticatedDate).toBeInstanceOf(Date);

    await identity.client.send(new ForgetDeviceCommand({ AccessToken, DeviceKey }));
    expect((await identity.client.send(new ListDevicesCommand({ AccessToken, Limit: 60 }))).Devices).toEqual(
      [],
    );
  });

  it('pages the device list', async () => {
    await createUser(identity.database, 'collector', { poolId: TRACKING_POOL.poolId });
    let AccessToken = '';
    for (let n = 0; n < 3; n++) {
      const result = await signIn('collector');
      AccessToken = result?.AccessToken ?? '';
      await identity.client.send(
        new ConfirmDeviceCommand({ AccessToken, DeviceKey: result?.NewDeviceMetadata?.DeviceKey }),
      );
    }
    const page = await identity.client.send(new ListDevicesCommand({ AccessToken, Limit: 2 }));
    expect(page.Devices).toHaveLength(2);
    const rest = await identity.client.send(
      new ListDevicesCommand({ AccessToken, Limit: 2, PaginationToken: page.PaginationToken }),
    );
    expect(rest.Devices).toHaveLength(1);
    expect(rest.PaginationToken).toBeUndefined();
    await expectException(
      identity.client.send(new ListDevicesCommand({ AccessToken, Limit: 61 })),
      'InvalidParameterException',
    );
  });

  it('refuses device calls where the pool does not track devices, and other users’ devices', async () => {
    await createUser(identity.database, 'untracked');
    const { AccessToken } = await passwordSignIn(identity.client, 'untracked');
    await expectException(
      identity.client.send(new ListDevicesCommand({ AccessToken })),
      'InvalidParameterException',
      'Device tracking has not been configured in this User Pool',
    );
    await createUser(identity.database, 'owner', { poolId: TRACKING_POOL.poolId });
    await createUser(identity.database, 'intruder', { poolId: TRACKING_POOL.poolId });
    const owned = await signIn('owner');
    const intruder = await signIn('intruder');
    await expectException(
      identity.client.send(
        new ConfirmDeviceCommand({
          AccessToken: intruder?.AccessToken,
          DeviceKey: owned?.NewDeviceMetadata?.DeviceKey,
        }),
      ),
      'ResourceNotFoundException',
    );
  });
});
