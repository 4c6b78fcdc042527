import { randomUUID } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { testEngines } from '@storefront/database/testing';
import { decodeJwt } from 'jose';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityDb } from '../src/db/database';
import { authorizationCodes } from '../src/db/schema';
import { signedSamlResponse } from '../src/demo-provider/saml';
import { ensureIdentityProvider } from '../src/federation/providers';
import { ensureUserPool } from '../src/provisioning';
import { exchangeCode, pkce } from './support/hosted';
import { POOL, type ServedIdentity, serveIdentity } from './support/identity';

const REDIRECT = POOL.callbackUrls[0] ?? '';
const SAML_CLIENT = { ...POOL, clientId: 'samlclient', clientName: 'saml-partner-portal' };
const IDP_ENTITY = 'https://idp.example/saml';
const ENTRY_POINT = 'https://idp.example/sso';

type Keys = Awaited<ReturnType<typeof generate>>;

/**
 * A SAML response for a subject, its assertion signed with the key (as an identity provider does): the answer
 * to the AuthnRequest `inResponseTo` (in the unsigned Response and the signed assertion), or unsolicited.
 */
function samlResponse(
  keys: Keys,
  audience: string,
  subject: string,
  attributes: Record<string, string>,
  answer: { inResponseTo?: string; assertionId?: string },
): Promise<string> {
  return signedSamlResponse({
    keys: { privateKey: keys.private, certificate: keys.cert },
    issuer: IDP_ENTITY,
    audience,
    subject,
    attributes,
    ...answer,
  });
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

  /**
   * Our authorize endpoint sends the browser to the provider; returns the RelayState it carries and the ID of
   * the AuthnRequest it sends (which the provider's answer names in InResponseTo).
   */
  async function startAtProvider(): Promise<{ relayState: string; requestId: string; verifier: string }> {
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
    // HTTP-Redirect binding: the AuthnRequest is deflated, then base64.
    const authnRequest = inflateRawSync(
      Buffer.from(location.searchParams.get('SAMLRequest') ?? '', 'base64'),
    ).toString();
    const requestId = /<samlp:AuthnRequest[^>]* ID="([^"]+)"/.exec(authnRequest)?.[1] ?? '';
    expect(requestId).toMatch(/^_[0-9a-f]{40}$/);
    return { relayState: location.searchParams.get('RelayState') ?? '', requestId, verifier };
  }

  const post = (SAMLResponse: string, RelayState: string) =>
    fetch(`${identity.baseUrl}/saml2/idpresponse`, {
      method: 'POST',
      body: new URLSearchParams({ SAMLResponse: Buffer.from(SAMLResponse).toString('base64'), RelayState }),
      redirect: 'manual',
    });
  const audience = `urn:amazon:cognito:sp:${POOL.poolId}`;
  const attributes = { email: 'sam@corp.example', firstName: 'Sam', account: '001000000000088AAA' };
  const issuedCodes = () => identityDb(identity.database).$count(authorizationCodes);

  /** The code an accepted answer brings back to the client (null when refused). */
  const codeOf = (answer: Response) =>
    answer.status === 302 ? new URL(answer.headers.get('location') ?? '').searchParams.get('code') : null;

  /** A refused answer: back at the client with access_denied and no code; returns the description. */
  function denied(answer: Response): string {
    expect(answer.status).toBe(302);
    const callback = new URL(answer.headers.get('location') ?? '');
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('code')).toBeNull();
    return callback.searchParams.get('error_description') ?? '';
  }

  /** A refusal before the provider is consulted: the RelayState names no pending sign-in. */
  async function expectExpired(answer: Response): Promise<void> {
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('expired or was already used');
  }

  it('signs a user in from a signed assertion, creating them as EXTERNAL_PROVIDER', async () => {
    const { relayState, requestId, verifier } = await startAtProvider();
    const xml = await samlResponse(keys, audience, 'sam-1234', attributes, { inResponseTo: requestId });
    const answer = await post(xml, relayState);
    expect(answer.status).toBe(302);
    const callback = new URL(answer.headers.get('location') ?? '');
    expect(callback.searchParams.get('state')).toBe('client-state');
    const tokens = await exchangeCode(
      identity.baseUrl,
      { clientId: SAML_CLIENT.clientId, redirectUri: REDIRECT, verifier },
      callback,
    );
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
  });

  it('refuses a replayed SAMLResponse, under its own RelayState or a fresh one, and issues no code', async () => {
    const first = await startAtProvider();
    const xml = await samlResponse(keys, audience, 'sam-1234', attributes, { inResponseTo: first.requestId });
    expect(codeOf(await post(xml, first.relayState))).toBeTruthy();
    const codes = await issuedCodes();

    await expectExpired(await post(xml, first.relayState));
    const fresh = await startAtProvider();
    expect(denied(await post(xml, fresh.relayState))).toMatch(/another sign-in or was already used/);
    // The Response's own InResponseTo (the first one) is outside the signature: retargeting it gains nothing.
    const another = await startAtProvider();
    const retargeted = xml.replace(first.requestId, another.requestId);
    expect(denied(await post(retargeted, another.relayState))).toMatch(/another sign-in or was already used/);
    expect(await issuedCodes()).toBe(codes);
  });

  it('refuses a response to a request we never sent', async () => {
    const { relayState } = await startAtProvider();
    const xml = await samlResponse(keys, audience, 'sam-1234', attributes, {
      inResponseTo: `_${'0'.repeat(40)}`,
    });
    expect(denied(await post(xml, relayState))).toMatch(/another sign-in or was already used/);
  });

  it('refuses an unsolicited (IdP-initiated) response', async () => {
    const { relayState } = await startAtProvider();
    const xml = await samlResponse(keys, audience, 'sam-1234', attributes, {});
    expect(denied(await post(xml, relayState))).toMatch(/IdP-initiated sign-in is not accepted/);
  });

  it('refuses a response once its request has expired', async () => {
    const { relayState, requestId } = await startAtProvider();
    identity.clock.advance(11 * 60_000);
    try {
      await expectExpired(
        await post(
          await samlResponse(keys, audience, 'sam-1234', attributes, { inResponseTo: requestId }),
          relayState,
        ),
      );
    } finally {
      identity.clock.advance(-11 * 60_000);
    }
  });

  it('accepts exactly one of two concurrent posts of one response', async () => {
    const { relayState, requestId } = await startAtProvider();
    const xml = await samlResponse(keys, audience, 'sam-1234', attributes, { inResponseTo: requestId });
    const answers = await Promise.all([post(xml, relayState), post(xml, relayState)]);
    expect(answers.map(codeOf).filter(Boolean)).toHaveLength(1);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 400]);
  });

  it('refuses an assertion ID it has accepted before, even in an answer to a new request', async () => {
    const assertionId = `_${randomUUID()}`;
    const first = await startAtProvider();
    const once = await samlResponse(keys, audience, 'sam-1234', attributes, {
      inResponseTo: first.requestId,
      assertionId,
    });
    expect(codeOf(await post(once, first.relayState))).toBeTruthy();
    const second = await startAtProvider();
    const again = await samlResponse(keys, audience, 'sam-1234', attributes, {
      inResponseTo: second.requestId,
      assertionId,
    });
    expect(denied(await post(again, second.relayState))).toMatch(/^This sign-in answer was already used/);
  });

  it('refuses a tampered assertion, another signer and another audience', async () => {
    const refused = async (xml: (inResponseTo: string) => Promise<string>) => {
      const { relayState, requestId } = await startAtProvider();
      expect(denied(await post(await xml(requestId), relayState))).toBe(
        'The identity provider’s answer could not be verified.',
      );
    };
    await refused(async (inResponseTo) =>
      (await samlResponse(keys, audience, 'mallory', attributes, { inResponseTo })).replace(
        '001000000000088AAA',
        '001000000000099AAA',
      ),
    );
    await refused((inResponseTo) =>
      samlResponse(otherKeys, audience, 'mallory', attributes, { inResponseTo }),
    );
    await refused((inResponseTo) =>
      samlResponse(keys, 'urn:amazon:cognito:sp:us-east-1_Other', 'mallory', attributes, { inResponseTo }),
    );
  });
});
