import type { MfaType } from './model';
import type { User } from './repository';

/** The factors a user can be asked for: switched on, and usable (a phone number, a verified TOTP secret). */
export function enabledFactors(user: User): MfaType[] {
  const factors: MfaType[] = [];
  if (user.smsMfaEnabled && user.attributes.phone_number) factors.push('SMS_MFA');
  if (user.totpMfaEnabled && user.totpSecret) factors.push('SOFTWARE_TOKEN_MFA');
  return factors;
}
