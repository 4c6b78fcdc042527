import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { IdentityContext } from '../context';
import { users } from '../db/schema';
import { invalidParameter } from '../protocol/errors';
import { authenticate } from '../tokens/access';
import { recordRevocation } from '../tokens/revocation';
import { attributeDeletes, attributeListSchema, attributeWrites } from '../users/attributes';
import { consumeCode } from '../users/codes';
import { type CodeDeliveryDetails, sendCode } from '../users/delivery';
import { mergeAttributes, type User, updateUser } from '../users/repository';
import { userView } from '../users/view';
import { AccessToken, ClientMetadata, Code } from './fields';
import { publicOperation } from './operation';

/** The attributes a code can verify, each with its `_verified` flag. */
const VerifiableAttribute = z.enum(['email', 'phone_number']);
type Verifiable = z.infer<typeof VerifiableAttribute>;

export const GetUser = publicOperation({
  input: z.object({ AccessToken }),
  async run(ctx, input) {
    return userView((await authenticate(ctx, input.AccessToken)).user);
  },
});

export const UpdateUserAttributes = publicOperation({
  input: z.object({ AccessToken, UserAttributes: attributeListSchema, ClientMetadata }),
  async run(ctx, input) {
    const { user } = await authenticate(ctx, input.AccessToken);
    const writes = attributeWrites(input.UserAttributes, 'user');
    // A new address or number is unverified until its code comes back (VerifyUserAttribute).
    const changed = VerifiableAttribute.options.filter(
      (name) => writes[name] !== undefined && writes[name] !== user.attributes[name],
    );
    for (const name of changed) writes[`${name}_verified`] = 'false';
    const updated = await mergeAttributes(ctx, user.id, writes);
    const deliveries: CodeDeliveryDetails[] = [];
    for (const name of changed) deliveries.push(await sendVerification(ctx, updated, name));
    return { CodeDeliveryDetailsList: deliveries };
  },
});

export const DeleteUserAttributes = publicOperation({
  input: z.object({ AccessToken, UserAttributeNames: z.array(z.string().min(1).max(32)).max(100) }),
  async run(ctx, input) {
    const { user } = await authenticate(ctx, input.AccessToken);
    const names = attributeDeletes(input.UserAttributeNames, 'user');
    // Without a number there is no SMS factor, nor anything left to call verified.
    const withoutPhone = names.includes('phone_number');
    await mergeAttributes(ctx, user.id, {}, withoutPhone ? [...names, 'phone_number_verified'] : names);
    if (withoutPhone) await updateUser(ctx, user.id, smsOff(user));
    return {};
  },
});

function smsOff(user: User) {
  return { smsMfaEnabled: false, preferredMfa: user.preferredMfa === 'SMS_MFA' ? null : user.preferredMfa };
}

export const DeleteUser = publicOperation({
  input: z.object({ AccessToken }),
  async run(ctx, input) {
    const { user } = await authenticate(ctx, input.AccessToken);
    // Sessions, codes, devices and group memberships go with the user (foreign keys cascade).
    await ctx.db.delete(users).where(eq(users.id, user.id));
    await recordRevocation(ctx, user);
    return {};
  },
});

export const GetUserAttributeVerificationCode = publicOperation({
  input: z.object({ AccessToken, AttributeName: z.string().min(1).max(32), ClientMetadata }),
  async run(ctx, input) {
    const { user } = await authenticate(ctx, input.AccessToken);
    const name = verifiable(input.AttributeName);
    if (!user.attributes[name]) throw invalidParameter(`The user has no ${name} to verify.`);
    return { CodeDeliveryDetails: await sendVerification(ctx, user, name) };
  },
});

export const VerifyUserAttribute = publicOperation({
  input: z.object({ AccessToken, AttributeName: z.string().min(1).max(32), Code }),
  async run(ctx, input) {
    const { user } = await authenticate(ctx, input.AccessToken);
    const name = verifiable(input.AttributeName);
    await consumeCode(ctx, user, `VERIFY:${name}`, input.Code);
    await mergeAttributes(ctx, user.id, { [`${name}_verified`]: 'true' });
    return {};
  },
});

function verifiable(name: string): Verifiable {
  const parsed = VerifiableAttribute.safeParse(name);
  if (!parsed.success) throw invalidParameter(`Attribute ${name} cannot be verified.`);
  return parsed.data;
}

function sendVerification(ctx: IdentityContext, user: User, name: Verifiable): Promise<CodeDeliveryDetails> {
  return sendCode(ctx, user, `VERIFY:${name}`, 'VERIFY_ATTRIBUTE', name);
}
