import { attributeList } from './attributes';
import { epochSeconds } from './devices';
import { enabledFactors } from './mfa';
import type { User } from './repository';

/** The MFA part of GetUser and AdminGetUser. */
function mfaView(user: User) {
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

/** The account fields administrators see besides the attributes. */
function accountFields(user: User) {
  return {
    UserCreateDate: epochSeconds(user.createdAt),
    UserLastModifiedDate: epochSeconds(user.updatedAt),
    Enabled: user.enabled,
    UserStatus: user.status,
  };
}

/** AdminGetUser's answer. */
export function adminUserView(user: User) {
  return { ...userView(user), ...accountFields(user) };
}

/** UserType, as ListUsers and AdminCreateUser answer it. */
export function userTypeView(user: User) {
  return {
    Username: user.username,
    Attributes: attributeList(user.id, user.attributes),
    ...accountFields(user),
  };
}
