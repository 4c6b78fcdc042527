import { type FetchDevicesOutput, forgetDevice, rememberDevice } from 'aws-amplify/auth';
import { useState } from 'react';
import { AuthForm, Field, type FieldErrors, formValue } from '../auth/AuthForm';
import { AuthNotice } from '../auth/AuthNotice';
import { AUTH_MESSAGES, OWN_MESSAGES } from '../auth/messages';
import { renameDevice } from './device-name';
import { PROFILE_MESSAGES, textProblem } from './profile-fields';
import { useProfileCall } from './use-profile-call';

type Device = FetchDevicesOutput[number];

export function deviceNameProblems(form: FormData): FieldErrors {
  const name = formValue(form, 'deviceName');
  if (!name) return { deviceName: OWN_MESSAGES.attributeEmpty('Device name') };
  const problem = textProblem('Device name', name, 1024);
  return problem ? { deviceName: problem } : {};
}

function deviceName(device: Device): string {
  return device.name || device.attributes?.device_name || 'Unnamed device';
}

function isRemembered(device: Device): boolean {
  return device.attributes?.['dev:device_remembered_status'] === 'remembered';
}

interface DevicesSectionProps {
  /** The user's devices, as the identity service lists them (at most 60, spec P§9); null if untracked. */
  devices: FetchDevicesOutput | null;
  /** This browser's device key, if it has one. */
  currentDeviceKey: string | null;
  /** The locale dates are shown in. */
  locale: string;
  onChanged: () => Promise<void>;
}

/**
 * The devices the user signed in from: this one can be remembered (its sign-ins then skip MFA), any can be
 * renamed or forgotten.
 */
export function DevicesSection({ devices, currentDeviceKey, locale, onChanged }: DevicesSectionProps) {
  const { pending, notice, dismiss, run } = useProfileCall();
  const [renaming, setRenaming] = useState<string | null>(null);
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const current = devices?.find((device) => device.id === currentDeviceKey);

  const remember = () =>
    run(async () => {
      await rememberDevice();
      await onChanged();
      return PROFILE_MESSAGES.deviceRemembered;
    });
  const forget = (device: Device) =>
    run(async () => {
      await forgetDevice({ device: { id: device.id } });
      await onChanged();
      return PROFILE_MESSAGES.deviceForgotten;
    });
  const rename = (device: Device, form: FormData) =>
    run(async () => {
      await renameDevice(device.id, formValue(form, 'deviceName'));
      setRenaming(null);
      await onChanged();
      return PROFILE_MESSAGES.deviceRenamed;
    });

  return (
    <section className="profile-section">
      <AuthNotice notice={notice} onDismiss={dismiss} />
      <div className="auth-form">
        <h2 className="auth-form__title">Devices</h2>
        {current && !isRemembered(current) && (
          <p className="profile-section__intro">
            <button type="button" className="button" disabled={pending} onClick={remember}>
              Remember this device
            </button>
          </p>
        )}
        {devices === null ? (
          <p className="profile-section__intro">{AUTH_MESSAGES.deviceTrackingNotConfigured}</p>
        ) : devices.length === 0 ? (
          <p className="profile-section__intro">No devices yet.</p>
        ) : (
          <ul className="profile-devices">
            {devices.map((device) => (
              <li key={device.id} className="profile-devices__item">
                <p className="profile-devices__name">
                  {deviceName(device)}
                  {device.id === currentDeviceKey && (
                    <span className="profile-devices__tag">This device</span>
                  )}
                </p>
                <p className="profile-devices__meta">
                  {isRemembered(device) ? 'Remembered' : 'Not remembered'}
                  {device.lastAuthenticatedDate &&
                    ` · Last sign-in ${dates.format(device.lastAuthenticatedDate)}`}
                </p>
                {renaming === device.id ? (
                  <AuthForm
                    title={`Rename ${deviceName(device)}`}
                    headingLevel={2}
                    submitLabel="Save name"
                    pending={pending}
                    validate={deviceNameProblems}
                    onSubmit={(form) => rename(device, form)}
                    actions={
                      <button type="button" className="auth-link" onClick={() => setRenaming(null)}>
                        Cancel
                      </button>
                    }
                  >
                    <Field name="deviceName" label="Device name" defaultValue={deviceName(device)} />
                  </AuthForm>
                ) : (
                  <div className="profile-devices__actions">
                    <button
                      type="button"
                      className="auth-link"
                      disabled={pending}
                      onClick={() => setRenaming(device.id)}
                      aria-label={`Rename ${deviceName(device)}`}
                    >
                      Rename
                    </button>
                    <button
                      type="button"
                      className="auth-link"
                      disabled={pending}
                      onClick={() => forget(device)}
                      aria-label={`Forget ${deviceName(device)}`}
                    >
                      Forget
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
