import { GetTokensFromRefreshTokenCommand, GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { testEngines } from '@storefront/database/testing';
import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  fetchAuthSession,
  fetchDevices,
  forgetDevice,
  getCurrentUser,
  rememberDevice,
  resetPassword,
  signIn,
  signOut,
  signUp,
  updatePassword,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { generate, generateSecret } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectException, PASSWORD, POOL, type ServedIdentity, serveIdentity } from './support/identity';
import { createUser } from './support/users';

/** Amplify's token storage, kept here so the test can read the refresh token it holds. */
const stored = new Map<string, string>();
const storedToken = (kind: 'refreshToken' | 'accessToken') =>
  [...stored.entries()].find(([key]) => key.endsWith(`.${kind}`))?.[1] ?? '';

const DEVICE_POOL = {
  ...POOL,
  poolId: 'us-east-1_DevicePool',
  clientId: 'deviceclient',
  deviceTracking: true,
};

// Amplify is one singleton per process: each engine's suite configures it again before it runs.
describe.each(await testEngines())('Amplify v6 against the pool on $name', (engine) => {
  let identity: ServedIdentity;
  beforeAll(async () => {
    identity = await serveIdentity(engine, { pools: [POOL, DEVICE_POOL] });
    configure(POOL);
  });
  afterEach(() => signOut());
  afterAll(() => identity.close());

  /** Points Amplify at a pool; configuring resets Amplify's token storage, so ours is set again. */
  function configure(pool: typeof POOL) {
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: pool.poolId,
          userPoolClientId: pool.clientId,
          userPoolEndpoint: `${identity.baseUrl}/`,
        },
      },
    });
    cognitoUserPoolsTokenProvider.setKeyValueStorage({
      setItem: async (key, value) => void stored.set(key, value),
      getItem: async (key) => stored.get(key) ?? null,
      removeItem: async (key) => void stored.delete(key),
      clear: async () => stored.clear(),
    });
  }

  it('signs in with SRP (the default), refreshes, and a signed-out session cannot be refreshed', async () => {
    await createUser(identity.database, 'srp-user');
    const result = await signIn({ username: 'srp-user', password: PASSWORD });
    expect(result).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    expect((await getCurrentUser()).username).toBe('srp-user');

    const before = await fetchAuthSession();
    const after = await fetchAuthSession({ forceRefresh: true });
    expect(after.tokens?.accessToken.payload.jti).not.toBe(before.tokens?.accessToken.payload.jti);
    expect(after.tokens?.accessToken.payload.origin_jti).toBe(before.tokens?.accessToken.payload.origin_jti);

    const refreshToken = storedToken('refreshToken');
    const accessToken = storedToken('accessToken');
    expect(refreshToken).toBeTruthy();
    await signOut();
    await expectException(
      identity.client.send(
        new GetTokensFromRefreshTokenCommand({ ClientId: POOL.clientId, RefreshToken: refreshToken }),
      ),
      'NotAuthorizedException',
      'Refresh Token has been revoked',
    );
    await expectException(
      identity.client.send(new GetUserCommand({ AccessToken: accessToken })),
      'NotAuthorizedException',
      'Access Token has been revoked',
    );
  });

  it('signs in with SRP under another spelling of the username', async () => {
    await createUser(identity.database, 'Spelled.User');
    const result = await signIn({ username: 'SPELLED.user', password: PASSWORD });
    expect(result.isSignedIn).toBe(true);
    expect((await getCurrentUser()).username).toBe('Spelled.User');
  });

  it('signs in with USER_PASSWORD_AUTH, and reports a wrong password as Cognito does', async () => {
    await createUser(identity.database, 'plain-user');
    await expectException(
      signIn({
        username: 'plain-user',
        password: 'Wr0ng-password!',
        options: { authFlowType: 'USER_PASSWORD_AUTH' },
      }),
      'NotAuthorizedException',
      'Incorrect username or password.',
    );
    await expectException(
      signIn({ username: 'nobody', password: PASSWORD }),
      'NotAuthorizedException',
      'Incorrect username or password.',
    );
    const result = await signIn({
      username: 'plain-user',
      password: PASSWORD,
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    expect(result.isSignedIn).toBe(true);
  });

  it('answers the TOTP challenge', async () => {
    const secret = generateSecret();
    await createUser(identity.database, 'totp-user', { totpSecret: secret });
    const result = await signIn({ username: 'totp-user', password: PASSWORD });
    expect(result.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    const done = await confirmSignIn({ challengeResponse: await generate({ secret }) });
    expect(done.isSignedIn).toBe(true);
  });

  it('replaces a temporary password', async () => {
    await createUser(identity.database, 'temp-user', {
      status: 'FORCE_CHANGE_PASSWORD',
      password: 'Temp0rary!',
    });
    const result = await signIn({ username: 'temp-user', password: 'Temp0rary!' });
    expect(result.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
    const done = await confirmSignIn({ challengeResponse: PASSWORD });
    expect(done.isSignedIn).toBe(true);
    await signOut();
    expect((await signIn({ username: 'temp-user', password: PASSWORD })).isSignedIn).toBe(true);
  });

  it('signs up with a code from the outbox, resets and changes the password', async () => {
    const up = await signUp({
      username: 'new-user',
      password: PASSWORD,
      options: { userAttributes: { email: 'new@example.com' } },
    });
    expect(up.nextStep.signUpStep).toBe('CONFIRM_SIGN_UP');
    const confirmed = await confirmSignUp({
      username: 'new-user',
      confirmationCode: await identity.lastCode('new-user'),
    });
    expect(confirmed.isSignUpComplete).toBe(true);

    const reset = await resetPassword({ username: 'new-user' });
    expect(reset.nextStep.resetPasswordStep).toBe('CONFIRM_RESET_PASSWORD_WITH_CODE');
    await confirmResetPassword({
      username: 'new-user',
      confirmationCode: await identity.lastCode('new-user'),
      newPassword: 'N3w-password!',
    });
    expect((await signIn({ username: 'new-user', password: 'N3w-password!' })).isSignedIn).toBe(true);

    await updatePassword({ oldPassword: 'N3w-password!', newPassword: 'Ch4nged-again!' });
    await signOut();
    expect((await signIn({ username: 'new-user', password: 'Ch4nged-again!' })).isSignedIn).toBe(true);
  });

  it('signs in again on a remembered device without the TOTP code (DEVICE_SRP_AUTH), until it is forgotten', async () => {
    configure(DEVICE_POOL);
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (vitest)' });
    try {
      const secret = generateSecret();
      await createUser(identity.database, 'remembered-user', {
        poolId: DEVICE_POOL.poolId,
        totpSecret: secret,
      });
      const first = await signIn({ username: 'remembered-user', password: PASSWORD });
      expect(first.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
      expect((await confirmSignIn({ challengeResponse: await generate({ secret }) })).isSignedIn).toBe(true);
      await rememberDevice();
      await signOut();

      expect(await signIn({ username: 'remembered-user', password: PASSWORD })).toEqual({
        isSignedIn: true,
        nextStep: { signInStep: 'DONE' },
      });
      const [device, ...others] = await fetchDevices();
      expect(others).toEqual([]);
      expect(device?.attributes?.['dev:device_remembered_status']).toBe('remembered');

      await forgetDevice();
      await signOut();
      const again = await signIn({ username: 'remembered-user', password: PASSWORD });
      expect(again.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    } finally {
      await signOut();
      vi.unstubAllGlobals();
      configure(POOL);
    }
  });

  it('confirms the device it is given, then lists, remembers and forgets it', async () => {
    configure(DEVICE_POOL);
    // Amplify names the device from navigator.userAgent: a browser's, as in the field (Node's says Node.js/24).
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (vitest)' });
    try {
      await createUser(identity.database, 'device-user', { poolId: DEVICE_POOL.poolId });
      expect((await signIn({ username: 'device-user', password: PASSWORD })).isSignedIn).toBe(true);
      const [device, ...others] = await fetchDevices();
      expect(others).toEqual([]);
      expect(device?.id).toMatch(/^us-east-1_/);
      await rememberDevice();
      expect(device?.name).toBe('Mozilla/5.0 (vitest)');
      expect((await fetchDevices())[0]?.attributes?.['dev:device_remembered_status']).toBe('remembered');
      await forgetDevice();
      expect(await fetchDevices()).toEqual([]);
    } finally {
      await signOut();
      vi.unstubAllGlobals();
      configure(POOL);
    }
  });
});
