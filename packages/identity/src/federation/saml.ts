import { randomBytes } from 'node:crypto';
import type { SAML } from '@node-saml/node-saml';
import { z } from 'zod';
import type { IdentityContext } from '../context';
import type { SamlSettings } from './providers';
import { RefusedAnswer } from './refusal';

/** How far the provider's clock may be from ours. */
const CLOCK_SKEW_MS = 60_000;

/** Cognito's service-provider entity id for a pool, which providers put in the assertion's Audience. */
export function samlEntityId(poolId: string): string {
  return `urn:amazon:cognito:sp:${poolId}`;
}

/** The assertion consumer service, where providers POST their responses. */
export function samlCallbackUrl(ctx: IdentityContext): string {
  return `${ctx.issuerBase}/saml2/idpresponse`;
}

/**
 * SAML 2.0 with node-saml: an AuthnRequest by redirect; the response must carry an assertion signed with
 * the provider's certificate, for our audience, in its validity window. node-saml's own InResponseTo check
 * stays off: it trusts the Response's attribute, which is unsigned when only the assertion is signed.
 */
async function saml(
  ctx: IdentityContext,
  poolId: string,
  settings: SamlSettings,
  requestId?: string,
): Promise<SAML> {
  // node-saml and its XML stack load on the first SAML sign-in: most storefronts have none (docs/decisions/0047).
  const { SAML } = await import('@node-saml/node-saml');
  return new SAML({
    entryPoint: settings.entryPoint,
    idpCert: settings.idpCert,
    ...(settings.idpIssuer ? { idpIssuer: settings.idpIssuer } : {}),
    issuer: samlEntityId(poolId),
    callbackUrl: samlCallbackUrl(ctx),
    audience: samlEntityId(poolId),
    wantAssertionsSigned: true,
    // The assertion's own signature is what vouches for the user; many providers sign only that.
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    ...(requestId ? { generateUniqueId: () => requestId } : {}),
  });
}

/** A new AuthnRequest ID; an xs:ID may not start with a digit, hence the underscore. */
export function samlRequestId(): string {
  return `_${randomBytes(20).toString('hex')}`;
}

export async function samlRedirectUrl(
  ctx: IdentityContext,
  poolId: string,
  settings: SamlSettings,
  request: { id: string; relayState: string },
) {
  return (await saml(ctx, poolId, settings, request.id)).getAuthorizeUrlAsync(
    request.relayState,
    undefined,
    {},
  );
}

/** What replay protection reads from the verified assertion (node-saml's xml2js form: attributes under `$`). */
const verifiedAssertion = z.object({
  Assertion: z.object({
    $: z.object({ ID: z.string().min(1) }),
    Conditions: z.tuple([z.object({ $: z.object({ NotOnOrAfter: z.coerce.date() }) })]),
    Subject: z.tuple([
      z.object({
        SubjectConfirmation: z
          .array(
            z.object({
              SubjectConfirmationData: z
                .array(z.object({ $: z.object({ InResponseTo: z.string().optional() }).optional() }))
                .default([]),
            }),
          )
          .default([]),
      }),
    ]),
  }),
});

export interface SamlAssertion {
  subject: string;
  attributes: Record<string, unknown>;
  /** The assertion's ID and the instant after which no one accepts it any more. */
  id: string;
  expiresAt: Date;
}

/** A verified response to our AuthnRequest `requestId`: its subject (NameID), attributes and assertion ID. */
export async function samlAssertion(
  ctx: IdentityContext,
  poolId: string,
  settings: SamlSettings,
  form: { SAMLResponse: string; RelayState: string },
  requestId: string,
): Promise<SamlAssertion> {
  const { profile } = await (await saml(ctx, poolId, settings)).validatePostResponseAsync(form);
  if (!profile?.nameID) throw new Error('SAML response without a subject');
  const { Assertion } = verifiedAssertion.parse(profile.getAssertion?.());
  // Only the assertion is known to be signed, so the InResponseTo that counts is the one inside it.
  const answers = Assertion.Subject[0].SubjectConfirmation.flatMap((confirmation) =>
    confirmation.SubjectConfirmationData.flatMap((data) => data.$?.InResponseTo ?? []),
  );
  if (!answers.length)
    throw new RefusedAnswer(
      'The identity provider’s answer is not tied to a sign-in started here (IdP-initiated sign-in is not ' +
        'accepted). Start from the storefront.',
    );
  if (!answers.includes(requestId))
    throw new RefusedAnswer(
      'The identity provider’s answer belongs to another sign-in or was already used. Start again from the ' +
        'storefront.',
    );
  const { nameID, ...attributes } = profile;
  return {
    subject: nameID,
    attributes: { ...(profile.attributes as Record<string, unknown> | undefined), ...attributes },
    id: Assertion.$.ID,
    // node-saml still accepts the assertion within the skew past its NotOnOrAfter.
    expiresAt: new Date(Assertion.Conditions[0].$.NotOnOrAfter.getTime() + CLOCK_SKEW_MS),
  };
}
