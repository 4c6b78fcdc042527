import {
  ConfirmDeviceCommand,
  ForgetDeviceCommand,
  GetDeviceCommand,
  InitiateAuthCommand,
  ListDevicesCommand,
  RespondToAuthChallengeCommand,
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

  const initiate = (username: string, deviceKey?: string) =>
    identity.client.send(
      new InitiateAuthCommand({
        ClientId: TRACKING_POOL.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: username, PASSWORD, ...(deviceKey ? { DEVICE_KEY: deviceKey } : {}) },
      }),
    );
  const signIn = async (username: string, deviceKey?: string) =>
    (await initiate(username, deviceKey)).AuthenticationResult;

  /** A device of the user, confirmed with a made-up verifier and remembered. */
  const rememberDevice = async (username: string) => {
    const result = await signIn(username);
    const AccessToken = result?.AccessToken ?? '';
    const DeviceKey = result?.NewDeviceMetadata?.DeviceKey ?? '';
    await identity.client.send(
      new ConfirmDeviceCommand({
        AccessToken,
        DeviceKey,
        DeviceSecretVerifierConfig: { PasswordVerifier: 'AQID', Salt: 'BAUG' },
      }),
    );
    await identity.client.send(
      new UpdateDeviceStatusCommand({ AccessToken, DeviceKey, DeviceRememberedStatus: 'remembered' }),
    );
    return DeviceKey;
  };

  it('asks a remembered device for its SRP proof and refuses a wrong one', async () => {
    await createUser(identity.database, 'prover', { poolId: TRACKING_POOL.poolId });
    const DEVICE_KEY = await rememberDevice('prover');
    const first = await initiate('prover', DEVICE_KEY);
    expect(first.ChallengeName).toBe('DEVICE_SRP_AUTH');
    const respond = (ChallengeName: string, Session: string | undefined, answers: Record<string, string>) =>
      identity.client.send(
        new RespondToAuthChallengeCommand({
          ClientId: TRACKING_POOL.clientId,
          ChallengeName: ChallengeName as 'DEVICE_SRP_AUTH',
          Session,
          ChallengeResponses: { USERNAME: 'prover', DEVICE_KEY, ...answers },
        }),
      );
    const verifier = await respond('DEVICE_SRP_AUTH', first.Session, { SRP_A: 'abcdef0123' });
    expect(verifier.ChallengeName).toBe('DEVICE_PASSWORD_VERIFIER');
    expect(verifier.ChallengeParameters).toMatchObject({ SALT: '040506', DEVICE_KEY });
    expect(verifier.ChallengeParameters?.SRP_B).toMatch(/^[0-9a-f]+$/);
    await expectException(
      respond('DEVICE_PASSWORD_VERIFIER', verifier.Session, {
        PASSWORD_CLAIM_SECRET_BLOCK: verifier.ChallengeParameters?.SECRET_BLOCK ?? '',
        PASSWORD_CLAIM_SIGNATURE: Buffer.alloc(32).toString('base64'),
        TIMESTAMP: 'Sun Nov 22 22:00:00 UTC 2026',
      }),
      'NotAuthorizedException',
      'Incorrect username or password.',
    );
  });

  it("never lets another user's remembered device stand in for the device proof", async () => {
    await createUser(identity.database, 'keeper', { poolId: TRACKING_POOL.poolId });
    await createUser(identity.database, 'borrower', { poolId: TRACKING_POOL.poolId });
    const borrowed = await rememberDevice('keeper');
    const result = await initiate('borrower', borrowed);
    expect(result.ChallengeName).toBeUndefined();
    expect(result.AuthenticationResult?.NewDeviceMetadata?.DeviceKey).not.toBe(borrowed);
  });

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
    // Our extension: a device is renamed through UpdateDeviceStatus, which keeps the status left out.
    const rename = await fetch(identity.baseUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.UpdateDeviceStatus',
      },
      body: JSON.stringify({ AccessToken, DeviceKey, DeviceName: ' Bench laptop ' }),
    });
    expect(rename.status).toBe(200);
    const { Device } = await identity.client.send(new GetDeviceCommand({ AccessToken, DeviceKey }));
    expect(Device?.DeviceKey).toBe(DeviceKey);
    expect(Device?.DeviceAttributes).toContainEqual({ Name: 'device_name', Value: 'Bench laptop' });
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
