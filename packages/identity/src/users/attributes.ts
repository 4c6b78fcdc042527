import { z } from 'zod';
import { CognitoError, invalidParameter, MESSAGE } from '../protocol/errors';

/** Cognito's standard attributes (besides `sub`, which is the user's id and never written). */
const STANDARD = new Set([
  'name',
  'given_name',
  'family_name',
  'middle_name',
  'nickname',
  'preferred_username',
  'profile',
  'picture',
  'website',
  'email',
  'email_verified',
  'gender',
  'birthdate',
  'zoneinfo',
  'locale',
  'phone_number',
  'phone_number_verified',
  'address',
  'updated_at',
]);

const CUSTOM = /^custom:[A-Za-z0-9_]{1,20}$/;

/**
 * Only an administrator writes these: the gateway trusts the account and contact a user belongs to, and a
 * verified flag is only ever earned with a code.
 */
const ADMIN_ONLY = new Set([
  'custom:salesforceAccountId',
  'custom:salesforceContactId',
  'custom:salesforceOrgId',
  'email_verified',
  'phone_number_verified',
]);

export const attributeListSchema = z
  .array(z.object({ Name: z.string().min(1).max(32), Value: z.string().max(2048).optional() }))
  .max(100);

export type AttributeList = z.infer<typeof attributeListSchema>;

export type Attributes = Record<string, string>;

export type Writer = 'user' | 'admin';

/**
 * The attributes a client asks to write, checked against the schema. A user's own writes skip `sub` and
 * the `*_verified` flags (as the spec's clients do) and may not touch the administrator's attributes.
 */
export function attributeWrites(list: AttributeList, writer: Writer): Attributes {
  const writes: Attributes = {};
  for (const { Name, Value = '' } of list) {
    if (Name === 'sub' || (writer === 'user' && Name.endsWith('_verified'))) continue;
    if (!STANDARD.has(Name) && !CUSTOM.test(Name)) {
      throw invalidParameter(
        `Attributes did not conform to the schema: ${Name}: Attribute does not exist in the schema.`,
      );
    }
    if (writer === 'user' && ADMIN_ONLY.has(Name)) {
      throw new CognitoError('NotAuthorizedException', MESSAGE.unauthorizedAttribute);
    }
    writes[Name] = Value;
  }
  assertFormats(writes);
  return writes;
}

/** Attribute names a client asks to delete, with the same rules as writes. */
export function attributeDeletes(names: string[], writer: Writer): string[] {
  const deletes = Object.keys(
    attributeWrites(
      names.map((Name) => ({ Name, Value: '' })),
      writer,
    ),
  );
  if (deletes.includes('email')) throw requiredEmail();
  return deletes;
}

/** Every user of our pools has an email: codes and invitations go there. */
export function requiredEmail(): CognitoError {
  return invalidParameter('Attributes did not conform to the schema: email: The attribute is required');
}

function assertFormats(attributes: Attributes): void {
  const { email, phone_number: phone } = attributes;
  if (email !== undefined && email !== '' && !z.email().safeParse(email).success) {
    throw invalidParameter('Invalid email address format.');
  }
  if (phone !== undefined && phone !== '' && !/^\+[1-9]\d{1,14}$/.test(phone)) {
    throw invalidParameter('Invalid phone number format.');
  }
}

/** The wire form: `sub` first, then the stored attributes. */
export function attributeList(sub: string, attributes: Attributes): { Name: string; Value: string }[] {
  return [
    { Name: 'sub', Value: sub },
    ...Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })),
  ];
}

/** How Cognito shows where a code went: the first letters only. */
export function maskDestination(medium: 'EMAIL' | 'SMS', destination: string): string {
  if (medium === 'SMS') return `+${'*'.repeat(Math.max(destination.length - 5, 1))}${destination.slice(-4)}`;
  const [local = '', domain = ''] = destination.split('@');
  const dot = domain.lastIndexOf('.');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***${dot > 0 ? domain.slice(dot) : ''}`;
}
