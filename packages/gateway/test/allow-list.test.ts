import { CRM_TYPES, crmEndpoint, USER_TYPES } from '@storefront/contracts';
import { describe, expect, it } from 'vitest';
import { ALLOWED_TYPES, authorizeEndpoint } from '../src/allow-list';
import { GatewayRefusal } from '../src/envelope';

function refusal(callType: string, endpoint: string, userType = 'AWSGuest' as const): GatewayRefusal {
  try {
    authorizeEndpoint(userType, callType, endpoint);
  } catch (error) {
    if (error instanceof GatewayRefusal) return error;
    throw error;
  }
  throw new Error(`accepted: ${callType} ${endpoint}`);
}

describe('authorizeEndpoint', () => {
  it('accepts every guest type with its own method and group', () => {
    for (const type of ALLOWED_TYPES.AWSGuest) {
      const { method } = CRM_TYPES[type];
      expect(authorizeEndpoint('AWSGuest', method, crmEndpoint(type))).toEqual({ type, method, params: {} });
    }
  });

  it('returns the GET parameters of the type, decoded, without type', () => {
    const endpoint =
      '/services/apexrest/ecommerce?type=getMergedMetaInfo&accId=a-1&stfId=s-1&url=%2Fabout%3Fx%3D1';
    expect(authorizeEndpoint('AWSGuest', 'GET', endpoint)).toEqual({
      type: 'getMergedMetaInfo',
      method: 'GET',
      params: { accId: 'a-1', stfId: 's-1', url: '/about?x=1' },
    });
  });

  it('keeps getActiveStorefronts (every tenant) off the guest list', () => {
    expect(refusal('GET', crmEndpoint('getActiveStorefronts')).message).toContain('not allowed for AWSGuest');
  });

  it("lets signed-in users reach every type through makeCall but the list of every tenant and a portal user the managers' settings", () => {
    // The activity log is written through its own gateway field, with who did what taken from the token;
    // the payment provider's results (a payment's, a saved card's) go to the CRM server to server; the chosen account is read by the
    // gateway when it builds the principal; a manager's user changes reach the CRM through cognitoActions,
    // for the account the gateway checked.
    const own = new Set([
      'getActiveStorefronts',
      'logUserActivity',
      'paymentRequestHandler',
      'savePaymentMethodCallback',
      'contactInSF',
      'updateContactInSF',
      'userActivatedInAWS',
      'userDeactivatedInAWS',
      'getAccountSelection',
    ]);
    // A manager's own settings of the account: spending limits (0064), cost centres (0063).
    const managing = new Set([
      'getSpendingLimits',
      'saveSpendingLimit',
      'saveCostCentre',
      'saveCostCentreSettings',
      'setCostCentreActive',
    ]);
    const reachable = Object.keys(CRM_TYPES).filter((type) => !own.has(type));
    for (const userType of ['AWSManager', 'AWSAdmin'] as const) {
      expect([...ALLOWED_TYPES[userType]].sort()).toEqual(reachable.sort());
    }
    const portalUser = reachable.filter((type) => !managing.has(type));
    expect([...ALLOWED_TYPES.AWSPortalUser].sort()).toEqual(portalUser.sort());
  });

  it("keeps an account's quotes, records and saved filters, and taking over a guest cart, from guests", () => {
    for (const type of [
      'getActiveQuoteFromUser',
      'makeActiveCart',
      'makeActiveCartForGuest',
      'getGroupedFilteredList',
      'getRecord',
      'updateRecord',
      'saveECatalogFilters',
      'getSavedFilter',
      'getSavedFilters',
      'getPAAccounts',
      'getAccountDetails',
      'saveAccountSelection',
    ] as const) {
      expect(ALLOWED_TYPES.AWSGuest.has(type), type).toBe(false);
    }
  });

  it("never lets a browser post the payment provider's result, whoever is signed in", () => {
    for (const userType of USER_TYPES) {
      expect(refusal('POST', crmEndpoint('paymentRequestHandler'), userType as 'AWSGuest').message).toBe(
        `Endpoint not allowed: type 'paymentRequestHandler' is not allowed for ${userType}.`,
      );
    }
  });

  it('gives every user type an allow-list', () => {
    for (const userType of USER_TYPES) expect(ALLOWED_TYPES[userType].size).toBeGreaterThan(0);
  });

  it.each([
    ['GET', '/services/apexrest/ecommerce?type=retrieveCatalogNG', 'called with POST'],
    ['POST', '/services/apexrest/ecommerce?type=getGuestAccounts&accId=a', 'called with GET'],
    ['DELETE', '/services/apexrest/ecommerce?type=retrieveCatalogNG', 'called with POST'],
  ])('refuses a method mismatch: %s %s', (callType, endpoint, reason) => {
    const error = refusal(callType, endpoint);
    expect(error.statusCode).toBe(403);
    expect(error.message).toContain(reason);
  });

  it.each([
    '/services/apexrest/../ecommerce?type=retrieveCatalogNG',
    '/services/apexrest/ecommerce/../billingportal?type=retrieveCatalogNG',
    '/services/apexrest/%2e%2e/ecommerce?type=retrieveCatalogNG',
    '/services/apexrest//ecommerce?type=retrieveCatalogNG',
    '/services/apexrest/ecommerce/x?type=retrieveCatalogNG',
    '/services/apexrest/ECOMMERCE?type=retrieveCatalogNG',
    'http://evil.example/services/apexrest/ecommerce?type=retrieveCatalogNG',
    '//evil.example/services/apexrest/ecommerce?type=retrieveCatalogNG',
    'services/apexrest/ecommerce?type=retrieveCatalogNG',
    '/services/apexrest/ecommerce',
    '/services/apexrest/ecommerce?type=retrieveCatalogNG#x',
    '/services/data/v59.0/query?q=SELECT',
  ])('refuses a malformed or traversing path: %s', (endpoint) => {
    expect(refusal('POST', endpoint).message).toContain('expected /services/apexrest/<group>?type=<name>');
  });

  it('refuses an unknown type, a missing type and a repeated type', () => {
    expect(refusal('POST', '/services/apexrest/ecommerce?type=deleteEverything').message).toContain(
      "unknown type 'deleteEverything'",
    );
    expect(refusal('POST', '/services/apexrest/ecommerce?accId=a').message).toContain('exactly one type');
    expect(
      refusal('POST', '/services/apexrest/ecommerce?type=retrieveCatalogNG&type=getMetaItems').message,
    ).toContain('exactly one type');
    expect(refusal('POST', '/services/apexrest/ecommerce?type=__proto__').message).toContain('unknown type');
  });

  it('refuses a known type under another group or an unknown group', () => {
    expect(refusal('POST', '/services/apexrest/billingportal?type=retrieveCatalogNG').message).toContain(
      "not served under 'billingportal'",
    );
    expect(refusal('POST', '/services/apexrest/admin?type=retrieveCatalogNG').message).toContain(
      "not served under 'admin'",
    );
  });

  it('refuses parameters the type does not take, repeated ones, and any on a POST type', () => {
    expect(refusal('GET', `${crmEndpoint('getGuestAccounts')}&accId=a&limit=1`).message).toContain(
      "parameter 'limit' is not accepted",
    );
    expect(refusal('GET', `${crmEndpoint('getGuestAccounts')}&accId=a&accId=b`).message).toContain(
      "parameter 'accId' is repeated",
    );
    expect(refusal('POST', `${crmEndpoint('retrieveCatalogNG')}&accountId=a`).message).toContain(
      'takes its parameters in the payload',
    );
  });
});
