import { enabledFactors } from '../sign-in/steps';
import { attributeList } from './attributes';
import type { User } from './repository';

/** The MFA part of GetUser and AdminGetUser. */
export function mfaView(user: User) {
  const factors = enabledFactors(user);
  return {
    UserMFASettingList: factors,
    ...(user.preferredMfa && factors.includes(user.preferredMfa)
      ? { PreferredMfaSetting: user.preferredMfa }
      : {}),
    ...(factors.includes('SMS_MFA')
      ? { MFAOptions: [{ DeliveryMedium: 'SMS', AttributeName: 'phone_number' }] }
      : {}),
  };
}

/** GetUser's answer. */
export function userView(user: User) {
  return {
    Username: user.username,
    UserAttributes: attributeList(user.id, user.attributes),
    ...mfaView(user),
  };
}
