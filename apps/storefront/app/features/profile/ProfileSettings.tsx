import {
  type FetchDevicesOutput,
  type FetchMFAPreferenceOutput,
  fetchDevices,
  fetchMFAPreference,
  fetchUserAttributes,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { useCallback, useEffect, useState } from 'react';
import type { AuthSettings } from '../../lib/auth-settings';
import { AuthNotice, type Notice } from '../auth/AuthNotice';
import { configureAmplify } from '../auth/amplify-config';
import { ChangePasswordForm } from '../auth/ChangePasswordForm';
import { authErrorMessage } from '../auth/errors';
import { DetailsSection } from './DetailsSection';
import { DevicesSection } from './DevicesSection';
import { EmailSection } from './EmailSection';
import { MfaSection } from './MfaSection';
import { shownLocale } from './profile-fields';

/** What the profile shows, read from the identity service with the user's own token. */
interface Profile {
  attributes: Record<string, string | undefined>;
  mfa: FetchMFAPreferenceOutput;
  /** Null where the pool does not track devices. */
  devices: FetchDevicesOutput | null;
  currentDeviceKey: string | null;
}

/** The device list, or null where the pool refuses device calls as untracked (spec P§8). */
async function devicesIfTracked(): Promise<FetchDevicesOutput | null> {
  try {
    return await fetchDevices();
  } catch (error) {
    if (error instanceof Error && error.name === 'InvalidParameterException') return null;
    throw error;
  }
}

async function loadProfile(): Promise<Profile> {
  const [attributes, mfa, devices, device] = await Promise.all([
    fetchUserAttributes(),
    fetchMFAPreference(),
    devicesIfTracked(),
    cognitoUserPoolsTokenProvider.tokenOrchestrator.getDeviceMetadata(),
  ]);
  return { attributes, mfa, devices, currentDeviceKey: device?.deviceKey ?? null };
}

/**
 * /billing/profile: the user's own operations on their user pool, made in the browser by Amplify with the
 * tokens it keeps, as sign-in does (decision 0027). Each section shows its own answers.
 */
export function ProfileSettings({ settings, username }: { settings: AuthSettings; username: string }) {
  const [profile, setProfile] = useState<Profile | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const reload = useCallback(async () => {
    try {
      setProfile(await loadProfile());
    } catch (error) {
      setNotice({ tone: 'error', text: authErrorMessage(error) });
    }
  }, []);
  useEffect(() => {
    try {
      configureAmplify(settings);
    } catch (error) {
      setNotice({ tone: 'error', text: authErrorMessage(error) });
      return;
    }
    void reload();
  }, [settings, reload]);

  return (
    <div className="profile">
      <h1 className="profile__title">Profile and security</h1>
      <AuthNotice notice={notice} onDismiss={() => setNotice(null)} />
      {profile ? (
        <>
          <DetailsSection attributes={profile.attributes} onSaved={reload} />
          <EmailSection
            email={profile.attributes.email ?? ''}
            verified={profile.attributes.email_verified === 'true'}
            onChanged={reload}
          />
          <section className="profile-section">
            <ChangePasswordForm settings={settings} inProfile />
          </section>
          <MfaSection
            preference={profile.mfa}
            hasPhone={Boolean(profile.attributes.phone_number)}
            issuer={settings.storefrontName}
            accountName={username}
            onChanged={reload}
          />
          <DevicesSection
            devices={profile.devices}
            currentDeviceKey={profile.currentDeviceKey}
            locale={shownLocale(profile.attributes['custom:local'])}
            onChanged={reload}
          />
        </>
      ) : (
        !notice && <p className="profile__loading">Loading your profile…</p>
      )}
    </div>
  );
}
