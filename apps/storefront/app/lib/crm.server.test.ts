// @vitest-environment node
import type { DomainDetails } from '@storefront/contracts/storefront';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { item } from '../testing/fixtures';
import { gatewayFailure } from '../testing/gateway-failure';
import { crmCall, orNone } from './crm.server';
import { createGatewayClient } from './gateway';
import type { StorefrontSession } from './storefront.server';

const storefront = {
  domain: 'shop.example.com',
  storefrontId: 'stf-1',
  guestAccountId: 'acc-guest',
  organizationId: 'org-1',
} as DomainDetails;

/** A session whose gateway answers every makeCall with this envelope, through the real client. */
function sessionAnswering(env: { statusCode: number; content: unknown }): StorefrontSession {
  const gateway = createGatewayClient(async () =>
    Response.json({ data: { salesforceActions: JSON.stringify(env) } }),
  );
  return {
    storefront,
    auth: { signedIn: false, expired: false },
    viewer: {
      userType: 'AWSGuest',
      accountId: 'acc-guest',
      homeAccountId: 'acc-guest',
      shipToAccountId: null,
      actsForSeveral: false,
      isGuest: true,
    },
    gateway,
    url: new URL('http://shop.example.com/'),
    guestCartSecret: null,
    locale: 'en-US',
  };
}

const product = { objectapi: 'CatalogItem', objectid: item.id, accId: 'acc-guest', stfId: 'stf-1' } as const;

afterEach(() => vi.restoreAllMocks());

describe('crmCall', () => {
  it('answers what the contract row describes', async () => {
    const session = sessionAnswering({ statusCode: 200, content: item });
    expect(await crmCall(session, 'getFormattedObjectDetails', product)).toEqual(item);
    const counts = [{ value: 'FITC', count: 3 }];
    expect(
      await crmCall(sessionAnswering({ statusCode: 200, content: counts }), 'getCatalogPicklistGroupCounts', {
        storefrontId: 'stf-1',
        accountId: 'acc-guest',
        filters: {},
        field: 'Conjugate',
      }),
    ).toEqual(counts);
  });

  it('fails an answer outside the contract as a bad gateway, not deep inside a page', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { price: _price, ...withoutPrice } = item;
    const error = await gatewayFailure(
      crmCall(
        sessionAnswering({ statusCode: 200, content: withoutPrice }),
        'getFormattedObjectDetails',
        product,
      ),
    );
    expect(error).toMatchObject({ status: 502, errorCode: 'INVALID_ANSWER' });
    expect(log).toHaveBeenCalledOnce();
  });

  it("reads 'No records Found' as an empty list for a list type and as no record for a record type", async () => {
    const none = {
      statusCode: 404,
      content: [{ errorCode: 'NOT_FOUND', message: 'ERROR: No records Found.' }],
    };
    const scope = { storefrontId: 'stf-1', accountId: 'acc-guest', filters: {} };
    expect(await crmCall(sessionAnswering(none), 'getCatalogGroupCounts', scope)).toEqual([]);
    const error = await gatewayFailure(crmCall(sessionAnswering(none), 'getFormattedObjectDetails', product));
    expect(error).toMatchObject({ status: 404, errorCode: 'NO_RECORDS_FOUND' });
    expect(await orNone(crmCall(sessionAnswering(none), 'getFormattedObjectDetails', product))).toBeNull();
  });

  it("carries the CRM's error code and field (from its list of errors) to the caller", async () => {
    const refused = {
      statusCode: 409,
      content: [
        {
          errorCode: 'UNABLE_TO_LOCK_ROW',
          message: 'unable_to_lock_row: the quote is being changed by another request; try again.',
        },
      ],
    };
    const lines = {
      storefrontId: 'stf-1',
      accountId: 'acc-guest',
      quoteId: 'q-1',
      lines: [{ id: 'l-1', qty: 2 }],
    };
    expect(await gatewayFailure(crmCall(sessionAnswering(refused), 'updateQLI', lines))).toMatchObject({
      status: 409,
      errorCode: 'UNABLE_TO_LOCK_ROW',
      field: null,
    });
    const expired = {
      statusCode: 400,
      content: [
        {
          errorCode: 'PROMO_CODE_NOT_VALID',
          message: 'promoCode: SPRING24 is expired.',
          field: 'promoCode',
        },
      ],
    };
    const code = { storefrontId: 'stf-1', accountId: 'acc-guest', quoteId: 'q-1', promoCode: 'SPRING24' };
    expect(
      await gatewayFailure(crmCall(sessionAnswering(expired), 'getQLIsForPromoCode', code)),
    ).toMatchObject({
      status: 400,
      errorCode: 'PROMO_CODE_NOT_VALID',
      field: 'promoCode',
      message: 'promoCode: SPRING24 is expired.',
    });
  });

  it('lets other failures through unchanged from orNone', async () => {
    const denied = {
      statusCode: 403,
      content: 'Access Denied: You do not have permission to view this record.',
    };
    const error = await gatewayFailure(
      orNone(crmCall(sessionAnswering(denied), 'getFormattedObjectDetails', product)),
    );
    expect(error).toMatchObject({ status: 403, errorCode: 'NO_ERROR_CODE' });
  });
});
