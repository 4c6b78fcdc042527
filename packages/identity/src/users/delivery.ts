import type { IdentityContext } from '../context';
import type { MessageKind } from '../mail/messages';
import { maskDestination } from './attributes';
import { type CodeHolder, type CodePurpose, countCodeSent, issueCode } from './codes';
import type { User } from './repository';

export interface CodeDeliveryDetails {
  Destination: string;
  DeliveryMedium: 'EMAIL' | 'SMS';
  AttributeName: string;
}

/** Issues a code for a purpose and sends it to the user's email (or phone, for a phone verification). */
export async function sendCode(
  ctx: IdentityContext,
  user: User,
  purpose: CodePurpose,
  kind: MessageKind,
  attribute: 'email' | 'phone_number' = 'email',
): Promise<CodeDeliveryDetails> {
  await countCodeSent(ctx, user, purpose);
  const medium = attribute === 'email' ? 'EMAIL' : 'SMS';
  const destination = user.attributes[attribute] ?? '';
  const code = await issueCode(ctx, user.id, purpose);
  await ctx.mailer.send({ poolId: user.poolId, username: user.username, kind, medium, destination, code });
  return {
    Destination: maskDestination(medium, destination),
    DeliveryMedium: medium,
    AttributeName: attribute,
  };
}

/**
 * The answer for a user who does not exist or cannot be sent this code, shaped and limited like a real
 * delivery (PreventUserExistenceErrors): an email-like username is masked as such, anything else as a
 * made-up address.
 */
export async function pretendDelivery(
  ctx: IdentityContext,
  holder: CodeHolder,
  purpose: CodePurpose,
): Promise<CodeDeliveryDetails> {
  await countCodeSent(ctx, holder, purpose);
  const { username } = holder;
  const address = username.includes('@') ? username : `${username}@example.com`;
  return { Destination: maskDestination('EMAIL', address), DeliveryMedium: 'EMAIL', AttributeName: 'email' };
}
