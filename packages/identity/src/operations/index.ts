import {
  AdminAddUserToGroup,
  AdminListGroupsForUser,
  AdminRemoveUserFromGroup,
  ListGroups,
  ListUsersInGroup,
} from './admin-groups';
import {
  AdminCreateUser,
  AdminDeleteUser,
  AdminDisableUser,
  AdminEnableUser,
  AdminGetUser,
  AdminResetUserPassword,
  AdminSetUserPassword,
  AdminUpdateUserAttributes,
  ListUsers,
} from './admin-users';
import { ConfirmDevice, ForgetDevice, GetDevice, ListDevices, UpdateDeviceStatus } from './devices';
import { AssociateSoftwareToken, SetUserMFAPreference, SetUserSettings, VerifySoftwareToken } from './mfa';
import type { Operation } from './operation';
import { ChangePassword, ConfirmForgotPassword, ForgotPassword } from './password';
import { GetTokensFromRefreshToken, InitiateAuth, RespondToAuthChallenge } from './sign-in';
import { GlobalSignOut, RevokeToken } from './sign-out';
import { ConfirmSignUp, ResendConfirmationCode, SignUp } from './sign-up';
import {
  DeleteUser,
  DeleteUserAttributes,
  GetUser,
  GetUserAttributeVerificationCode,
  UpdateUserAttributes,
  VerifyUserAttribute,
} from './user';
import { CreateUserPool, DescribeUserPool, UpdateUserPool } from './user-pools';

/** Every operation the service answers, by the name in `X-Amz-Target`. */
export const OPERATIONS: ReadonlyMap<string, Operation> = new Map(
  Object.entries({
    AdminAddUserToGroup,
    AdminCreateUser,
    AdminDeleteUser,
    AdminDisableUser,
    AdminEnableUser,
    AdminGetUser,
    AdminListGroupsForUser,
    AdminRemoveUserFromGroup,
    AdminResetUserPassword,
    AdminSetUserPassword,
    AdminUpdateUserAttributes,
    AssociateSoftwareToken,
    ChangePassword,
    ConfirmDevice,
    ConfirmForgotPassword,
    ConfirmSignUp,
    CreateUserPool,
    DeleteUser,
    DeleteUserAttributes,
    DescribeUserPool,
    ForgetDevice,
    ForgotPassword,
    GetDevice,
    GetTokensFromRefreshToken,
    GetUser,
    GetUserAttributeVerificationCode,
    GlobalSignOut,
    InitiateAuth,
    ListDevices,
    ListGroups,
    ListUsers,
    ListUsersInGroup,
    ResendConfirmationCode,
    RespondToAuthChallenge,
    RevokeToken,
    SetUserMFAPreference,
    SetUserSettings,
    SignUp,
    UpdateDeviceStatus,
    UpdateUserAttributes,
    UpdateUserPool,
    VerifySoftwareToken,
    VerifyUserAttribute,
  }),
);
