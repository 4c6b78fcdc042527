import { SAML } from '@node-saml/node-saml';
import type { IdentityContext } from '../context';
import type { SamlSettings } from './providers';

/** Cognito's service-provider entity id for a pool, which providers put in the assertion's Audience. */
function samlEntityId(poolId: string): string {
  return `urn:amazon:cognito:sp:${poolId}`;
}

/** The assertion consumer service, where providers POST their responses. */
function samlCallbackUrl(ctx: IdentityContext): string {
  return `${ctx.issuerBase}/saml2/idpresponse`;
}

/**
 * SAML 2.0 with node-saml: an AuthnRequest by redirect; the response must carry an assertion signed with
 * the provider's certificate, for our audience, in its validity window.
 */
function saml(ctx: IdentityContext, poolId: string, settings: SamlSettings): SAML {
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
    acceptedClockSkewMs: 60_000,
  });
}

export function samlRedirectUrl(
  ctx: IdentityContext,
  poolId: string,
  settings: SamlSettings,
  relayState: string,
) {
  return saml(ctx, poolId, settings).getAuthorizeUrlAsync(relayState, undefined, {});
}

/** The subject (NameID) and attributes of a verified response. */
export async function samlAssertion(
  ctx: IdentityContext,
  poolId: string,
  settings: SamlSettings,
  form: { SAMLResponse: string; RelayState: string },
): Promise<{ subject: string; attributes: Record<string, unknown> }> {
  const { profile } = await saml(ctx, poolId, settings).validatePostResponseAsync(form);
  if (!profile?.nameID) throw new Error('SAML response without a subject');
  const { nameID, ...attributes } = profile;
  return {
    subject: nameID,
    attributes: { ...(profile.attributes as Record<string, unknown> | undefined), ...attributes },
  };
}
