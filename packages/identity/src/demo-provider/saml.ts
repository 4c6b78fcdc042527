import { randomUUID } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';

const PROTOCOL = 'urn:oasis:names:tc:SAML:2.0:protocol';
const ASSERTION = 'urn:oasis:names:tc:SAML:2.0:assertion';
/** An xs:ID (an NCName), as AuthnRequest IDs are. */
const XS_ID = /^[A-Za-z_][\w.-]{0,255}$/;
/** How long an assertion may be used after it was issued. */
const VALID_MS = 5 * 60_000;

export interface AuthnRequest {
  id: string;
  /** The service provider's entity id, which the assertion's Audience names. */
  issuer: string;
  assertionConsumerServiceUrl: string;
}

/** An HTTP-Redirect binding's SAMLRequest (deflated, then base64) read; undefined when it is not one. */
export async function readAuthnRequest(samlRequest: string): Promise<AuthnRequest | undefined> {
  let xml: string;
  try {
    xml = inflateRawSync(Buffer.from(samlRequest, 'base64'), { maxOutputLength: 100_000 }).toString();
  } catch {
    return undefined;
  }
  // node-saml's XML parser, loaded with the provider's first SAML sign-in.
  const { DOMParser } = await import('@xmldom/xmldom');
  let root: Element | null;
  try {
    root = new DOMParser({ errorHandler: () => {} }).parseFromString(xml, 'text/xml').documentElement;
  } catch {
    return undefined;
  }
  if (root?.namespaceURI !== PROTOCOL || root.localName !== 'AuthnRequest') return undefined;
  const id = root.getAttribute('ID') ?? '';
  const issuer = root.getElementsByTagNameNS(ASSERTION, 'Issuer')[0]?.textContent?.trim() ?? '';
  const assertionConsumerServiceUrl = root.getAttribute('AssertionConsumerServiceURL') ?? '';
  if (!XS_ID.test(id) || !issuer || !assertionConsumerServiceUrl) return undefined;
  return { id, issuer, assertionConsumerServiceUrl };
}

/** Text for an XML attribute or element: the five special characters escaped. */
function xmlText(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[character] ?? character,
  );
}

export interface SamlAnswer {
  /** The provider's signing key (PEM) and its certificate. */
  keys: { privateKey: string; certificate: string };
  /** The provider's entity id. */
  issuer: string;
  /** The service provider's entity id. */
  audience: string;
  /** Where the response is posted. */
  destination?: string;
  /** The AuthnRequest answered; an unsolicited response names none. */
  inResponseTo?: string;
  assertionId?: string;
  /** The NameID (persistent). */
  subject: string;
  attributes: Record<string, string>;
  now?: Date;
}

/**
 * A SAML 2.0 response whose assertion is signed (RSA-SHA256, exclusive C14N) with the provider's key, as an
 * identity provider posts it to the service provider's assertion consumer service.
 */
export async function signedSamlResponse(answer: SamlAnswer): Promise<string> {
  const now = answer.now ?? new Date();
  const issued = now.toISOString();
  const until = new Date(now.getTime() + VALID_MS).toISOString();
  const inResponseTo = answer.inResponseTo ? ` InResponseTo="${xmlText(answer.inResponseTo)}"` : '';
  const destination = answer.destination ? ` Destination="${xmlText(answer.destination)}"` : '';
  const recipient = answer.destination ? ` Recipient="${xmlText(answer.destination)}"` : '';
  const issuer = `<saml:Issuer>${xmlText(answer.issuer)}</saml:Issuer>`;
  const values = Object.entries(answer.attributes)
    .map(
      ([name, value]) =>
        `<saml:Attribute Name="${xmlText(name)}"><saml:AttributeValue>${xmlText(value)}</saml:AttributeValue></saml:Attribute>`,
    )
    .join('');
  const xml =
    `<samlp:Response xmlns:samlp="${PROTOCOL}" xmlns:saml="${ASSERTION}" ID="_${randomUUID()}"${inResponseTo}${destination} Version="2.0" IssueInstant="${issued}">` +
    issuer +
    '<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>' +
    `<saml:Assertion ID="${xmlText(answer.assertionId ?? `_${randomUUID()}`)}" Version="2.0" IssueInstant="${issued}">` +
    issuer +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">${xmlText(answer.subject)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${inResponseTo}${recipient} NotOnOrAfter="${until}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${issued}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${xmlText(answer.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${issued}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `<saml:AttributeStatement>${values}</saml:AttributeStatement>` +
    '</saml:Assertion></samlp:Response>';
  // node-saml's own signature library, loaded with the first SAML answer.
  const { SignedXml } = await import('xml-crypto');
  const signature = new SignedXml({
    privateKey: answer.keys.privateKey,
    publicCert: answer.keys.certificate,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signature.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/2001/10/xml-exc-c14n#',
    ],
  });
  signature.computeSignature(xml, {
    location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
  });
  return signature.getSignedXml();
}
