import { randomUUID } from 'node:crypto';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { testEngines } from '@storefront/database/testing';
import { decodeJwt } from 'jose';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// node-saml's own signature library (a dependency of it) plays the identity provider's part here.
import { SignedXml } from 'xml-crypto';
import { ensureIdentityProvider } from '../src/federation/providers';
import { ensureUserPool } from '../src/provisioning';
import { pkce } from './support/hosted';
import { POOL, type ServedIdentity, serveIdentity } from './support/identity';

const REDIRECT = POOL.callbackUrls[0] ?? '';
const SAML_CLIENT = { ...POOL, clientId: 'samlclient', clientName: 'saml-partner-portal' };
const IDP_ENTITY = 'https://idp.example/saml';
const ENTRY_POINT = 'https://idp.example/sso';

type Keys = Awaited<ReturnType<typeof generate>>;

/** A SAML response for a subject, its assertion signed with the key (as an identity provider does). */
function samlResponse(
  keys: Keys,
  audience: string,
  subject: string,
  attributes: Record<string, string>,
): string {
  const now = new Date();
  const later = new Date(now.getTime() + 5 * 60_000).toISOString();
  const values = Object.entries(attributes)
    .map(
      ([name, value]) =>
        `<saml:Attribute Name="${name}"><saml:AttributeValue>${value}</saml:AttributeValue></saml:Attribute>`,
    )
    .join('');
  const xml =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_${randomUUID()}" Version="2.0" IssueInstant="${now.toISOString()}">` +
    `<saml:Issuer>${IDP_ENTITY}</saml:Issuer>` +
    '<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>' +
    `<saml:Assertion ID="_${randomUUID()}" Version="2.0" IssueInstant="${now.toISOString()}">` +
    `<saml:Issuer>${IDP_ENTITY}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">${subject}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${later}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${now.toISOString()}" NotOnOrAfter="${later}"><saml:AudienceRestriction><saml:Audience>${audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${now.toISOString()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `<saml:AttributeStatement>${values}</saml:AttributeStatement>` +
    '</saml:Assertion></samlp:Response>';
  const signature = new SignedXml({
    privateKey: keys.private,
    publicCert: keys.cert,
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

describe.each(await testEngines())('SAML single sign-on on $name', (engine) => {
  let identity: ServedIdentity;
  let keys: Keys;
  let otherKeys: Keys;
  beforeAll(async () => {
    identity = await serveIdentity(engine);
    [keys, otherKeys] = await Promise.all([
      generate([{ name: 'commonName', value: 'idp.example' }], { keySize: 2048 }),
      generate([{ name: 'commonName', value: 'impostor.example' }], { keySize: 2048 }),
    ]);
    await ensureUserPool(identity.database, SAML_CLIENT);
    await ensureIdentityProvider(identity.database, {
      poolId: POOL.poolId,
      name: 'CorpSAML',
      type: 'SAML',
      entryPoint: ENTRY_POINT,
      idpCert: keys.cert,
      idpIssuer: IDP_ENTITY,
      attributeMapping: { email: 'email', given_name: 'firstName', 'custom:salesforceAccountId': 'account' },
      groups: ['AWSManager'],
    });
  });
  afterAll(() => identity.close());

  /** Our authorize endpoint sends the browser to the provider; returns the RelayState it carries. */
  async function startAtProvider(): Promise<{ relayState: string; verifier: string }> {
    const { verifier, challenge } = pkce();
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: SAML_CLIENT.clientId,
      redirect_uri: REDIRECT,
      scope: 'openid email aws.cognito.signin.user.admin',
      state: 'client-state',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const response = await fetch(`${identity.baseUrl}/oauth2/authorize?${query}`, { redirect: 'manual' });
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe(ENTRY_POINT);
    expect(location.searchParams.get('SAMLRequest')).toBeTruthy();
    return { relayState: location.searchParams.get('RelayState') ?? '', verifier };
  }

  const post = (SAMLResponse: string, RelayState: string) =>
    fetch(`${identity.baseUrl}/saml2/idpresponse`, {
      method: 'POST',
      body: new URLSearchParams({ SAMLResponse: Buffer.from(SAMLResponse).toString('base64'), RelayState }),
      redirect: 'manual',
    });
  const audience = `urn:amazon:cognito:sp:${POOL.poolId}`;
  const attributes = { email: 'sam@corp.example', firstName: 'Sam', account: '001000000000088AAA' };

  it('signs a user in from a signed assertion, creating them as EXTERNAL_PROVIDER', async () => {
    const { relayState, verifier } = await startAtProvider();
    const answer = await post(samlResponse(keys, audience, 'sam-1234', attributes), relayState);
    expect(answer.status).toBe(302);
    const callback = new URL(answer.headers.get('location') ?? '');
    expect(callback.searchParams.get('state')).toBe('client-state');
    const tokens = await (
      await fetch(`${identity.baseUrl}/oauth2/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: SAML_CLIENT.clientId,
          code: callback.searchParams.get('code') ?? '',
          redirect_uri: REDIRECT,
          code_verifier: verifier,
        }),
      })
    ).json();
    expect(decodeJwt(tokens.id_token)).toMatchObject({
      'cognito:username': 'CorpSAML_sam-1234',
      'cognito:groups': ['AWSManager'],
      email: 'sam@corp.example',
      given_name: 'Sam',
      'custom:salesforceAccountId': '001000000000088AAA',
    });
    const user = await identity.admin.send(
      new AdminGetUserCommand({ UserPoolId: POOL.poolId, Username: 'CorpSAML_sam-1234' }),
    );
    expect(user.UserStatus).toBe('EXTERNAL_PROVIDER');

    // The RelayState was used up.
    expect((await post(samlResponse(keys, audience, 'sam-1234', attributes), relayState)).status).toBe(400);
  });

  it('refuses a tampered assertion, another signer and another audience', async () => {
    const refused = async (xml: string) => {
      const { relayState } = await startAtProvider();
      const answer = await post(xml, relayState);
      expect(answer.status).toBe(302);
      const callback = new URL(answer.headers.get('location') ?? '');
      expect(callback.searchParams.get('error')).toBe('access_denied');
      expect(callback.searchParams.get('code')).toBeNull();
    };
    await refused(
      samlResponse(keys, audience, 'mallory', attributes).replace('001000000000088AAA', '001000000000099AAA'),
    );
    await refused(samlResponse(otherKeys, audience, 'mallory', attributes));
    await refused(samlResponse(keys, 'urn:amazon:cognito:sp:us-east-1_Other', 'mallory', attributes));
  });
});
