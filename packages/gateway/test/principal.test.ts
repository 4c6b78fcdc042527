import { MESSAGES } from '@storefront/contracts';
import { describe, expect, it } from 'vitest';
import { GatewayRefusal, NOT_SIGNED_IN, Unauthorized } from '../src/envelope';
import { createPrincipalResolver, type Principal, scopeToPrincipal } from '../src/principal';
import { guest, storefront } from './fixtures';

const resolveDomain = async (host: string) => (host === 'shop.example' ? storefront : null);

async function failure(promise: Promise<unknown>): Promise<{ statusCode: number; message: string }> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof GatewayRefusal)) throw new Error(`expected a GatewayRefusal, got ${String(error)}`);
  return { statusCode: error.statusCode, message: error.message };
}

describe('createPrincipalResolver', () => {
  const resolve = createPrincipalResolver(resolveDomain);
  const request = (host: string, headers: Record<string, string> = {}) =>
    new Request('http://internal/graphql', { method: 'POST', headers: { host, ...headers } });

  it('makes a caller without a token a guest of the host storefront, acting for its guest account only', async () => {
    await expect(resolve(request('shop.example'))).resolves.toEqual(guest);
  });

  it('falls back to the URL host when no Host header is set (in-process callers)', async () => {
    const principal = await resolve(new Request('http://shop.example/graphql', { method: 'POST' }));
    expect(principal.accountId).toBe('acc-guest');
  });

  it('answers 404 Storefront Not Found for an unknown host', async () => {
    expect(await failure(resolve(request('nowhere.example')))).toEqual({
      statusCode: 404,
      message: MESSAGES.storefrontNotFound,
    });
  });

  it("carries the request's guest cart secret, and ignores a header not shaped like one", async () => {
    const secret = 'k'.repeat(43);
    await expect(resolve(request('shop.example', { 'x-guest-cart': secret }))).resolves.toMatchObject({
      guestCartSecret: secret,
    });
    await expect(resolve(request('shop.example', { 'x-guest-cart': 'short' }))).resolves.toMatchObject({
      guestCartSecret: null,
    });
    await expect(
      resolve(request('shop.example', { 'x-guest-cart': `${'k'.repeat(40)};drop` })),
    ).resolves.toMatchObject({ guestCartSecret: null });
  });

  it('answers 401 on a storefront without a guest account', async () => {
    const closed = createPrincipalResolver(async () => ({ ...storefront, guestAccountId: null }));
    expect(await failure(closed(request('shop.example')))).toEqual({
      statusCode: 401,
      message: NOT_SIGNED_IN,
    });
  });

  it('answers 401 for a token while no verifier is configured, and for a header holding no JWT', async () => {
    for (const [authorization, message] of [
      ['Bearer abc.def.ghi', 'Valid authorization header not provided.'],
      ['Basic dXNlcjpwdw==', 'Unable to parse JWT token.'],
      ['', 'Unable to parse JWT token.'],
    ] as const) {
      const refusal = await resolve(request('shop.example', { authorization })).catch((error) => error);
      expect(refusal).toBeInstanceOf(Unauthorized);
      expect(refusal).toMatchObject({ statusCode: 401, message });
    }
  });

  it('hands a token, raw or after Bearer, to the verifier with the storefront', async () => {
    const manager: Principal = {
      ...guest,
      userType: 'AWSManager',
      accountId: 'acc-1',
      accountIds: ['acc-1'],
    };
    const seen: string[] = [];
    const verifying = createPrincipalResolver(resolveDomain, async (token, forStorefront) => {
      seen.push(`${token}@${forStorefront.storefrontId}`);
      return token === 'good.jwt.sig' ? manager : null;
    });
    for (const authorization of ['Bearer good.jwt.sig', 'good.jwt.sig']) {
      await expect(verifying(request('shop.example', { authorization }))).resolves.toEqual(manager);
    }
    expect(
      (await failure(verifying(request('shop.example', { authorization: 'bad.jwt.sig' })))).statusCode,
    ).toBe(401);
    expect(seen).toEqual(['good.jwt.sig@stf-1', 'good.jwt.sig@stf-1', 'bad.jwt.sig@stf-1']);
  });
});

describe('scopeToPrincipal', () => {
  const denied = { statusCode: 403, message: MESSAGES.accessDenied };
  const scope = (...args: Parameters<typeof scopeToPrincipal>) => {
    try {
      return scopeToPrincipal(...args);
    } catch (error) {
      if (error instanceof GatewayRefusal) return { statusCode: error.statusCode, message: error.message };
      throw error;
    }
  };

  it("writes the principal's account and storefront into the fields the type takes", () => {
    expect(scope(guest, 'retrieveCatalogNG', { categoryId: 'c-1' })).toEqual({
      categoryId: 'c-1',
      accountId: 'acc-guest',
      storefrontId: 'stf-1',
    });
    expect(scope(guest, 'getMergedMetaInfo', { url: '/' })).toEqual({
      url: '/',
      accId: 'acc-guest',
      stfId: 'stf-1',
    });
    expect(scope(guest, 'getGuestAccounts', {})).toEqual({ accId: 'acc-guest' });
  });

  it('accepts the same account and storefront the principal has', () => {
    expect(
      scope(guest, 'retrieveCatalogNG', { accountId: 'acc-guest', storefrontId: 'stf-1' }, 'acc-guest'),
    ).toEqual({ accountId: 'acc-guest', storefrontId: 'stf-1' });
  });

  it('treats empty and null account fields as not named', () => {
    expect(scope(guest, 'retrieveCatalogNG', { accountId: '' }, null)).toEqual({
      accountId: 'acc-guest',
      storefrontId: 'stf-1',
    });
  });

  it('refuses another account named in data, in the payload or in GET parameters', () => {
    expect(scope(guest, 'retrieveCatalogNG', {}, 'acc-other')).toEqual(denied);
    expect(scope(guest, 'retrieveCatalogNG', { accountId: 'acc-other' })).toEqual(denied);
    expect(scope(guest, 'getGuestAccounts', { accId: 'acc-other' })).toEqual(denied);
    // A field the type does not take is still checked: it must not smuggle another account.
    expect(scope(guest, 'retrieveContentBlocks', { accId: 'acc-other' })).toEqual(denied);
  });

  it('refuses two different accounts even when one of them is allowed', () => {
    const related: Principal = { ...guest, accountIds: ['acc-guest', 'acc-related'] };
    expect(scope(related, 'retrieveCatalogNG', { accountId: 'acc-related' }, 'acc-guest')).toEqual(denied);
    expect(scope(related, 'retrieveCatalogNG', { accountId: 'acc-related' }, 'acc-related')).toMatchObject({
      accountId: 'acc-related',
    });
  });

  it('lets a user store only a chosen or ship-to account they may act for', () => {
    const buyer: Principal = {
      ...guest,
      userType: 'AWSPortalUser',
      accountId: 'acc-1',
      accountIds: ['acc-1', 'acc-related'],
      homeAccountId: 'acc-1',
      contactId: 'con-1',
    };
    const choice = (selectedAccountId: string | null, shipToAccountId: string | null) =>
      scope(buyer, 'saveAccountSelection', { selectedAccountId, shipToAccountId });
    expect(choice('acc-related', null)).toMatchObject({
      selectedAccountId: 'acc-related',
      contactId: 'con-1',
    });
    expect(choice(null, 'acc-related')).toMatchObject({ shipToAccountId: 'acc-related' });
    expect(choice('acc-other', null)).toEqual(denied);
    expect(choice('acc-1', 'acc-other')).toEqual(denied);
  });

  it("writes the principal's guest cart secret, user type and contact, never the caller's", () => {
    const buyer: Principal = {
      ...guest,
      userType: 'AWSPortalUser',
      contactId: 'con-1',
      guestCartSecret: 's'.repeat(43),
    };
    expect(
      scope(buyer, 'getActiveQuoteFromUser', {
        userType: 'AWSAdmin',
        contactId: 'con-2',
        guestCartSecret: 'x',
      }),
    ).toEqual({
      userType: 'AWSPortalUser',
      contactId: 'con-1',
      guestCartSecret: 's'.repeat(43),
      accountId: 'acc-guest',
      storefrontId: 'stf-1',
    });
    // A guest without a cart secret names none, whatever the payload says.
    expect(scope(guest, 'getActiveQuote', { guestCartSecret: 'g'.repeat(43) })).toEqual({
      accountId: 'acc-guest',
      storefrontId: 'stf-1',
    });
  });

  it("binds C§7's userTypeAWS and contactIdAWS of a prepared quote's types to the caller", () => {
    const buyer: Principal = { ...guest, userType: 'AWSPortalUser', contactId: 'con-1' };
    expect(
      scope(buyer, 'takeThisQuote', { userTypeAWS: 'AWSAdmin', contactIdAWS: 'con-2', quoteId: 'pq-1' }),
    ).toEqual({
      userTypeAWS: 'AWSPortalUser',
      contactIdAWS: 'con-1',
      quoteId: 'pq-1',
      accountId: 'acc-guest',
      storefrontId: 'stf-1',
    });
    // A type without those fields gets none of them.
    expect(scope(buyer, 'retrieveQuoteLines', { quoteId: 'pq-1' })).toEqual({
      quoteId: 'pq-1',
      accountId: 'acc-guest',
      storefrontId: 'stf-1',
    });
  });

  it("writes the principal's user type into a parts call's awsUserType (spec C§7), never the caller's", () => {
    const buyer: Principal = { ...guest, userType: 'AWSPortalUser', contactId: 'con-1' };
    expect(
      scope(buyer, 'addPartToQuote', {
        awsUserType: 'AWSAdmin',
        contactId: 'con-2',
        parts: [{ partNumber: 'NZ-70-B', qty: 1 }],
      }),
    ).toMatchObject({ awsUserType: 'AWSPortalUser', contactId: 'con-1', accountId: 'acc-guest' });
  });

  it("binds a notification call's contact (cid) to the caller, whatever the browser named", () => {
    const buyer: Principal = { ...guest, userType: 'AWSPortalUser', contactId: 'con-1' };
    expect(scope(buyer, 'getNotifications', { cid: 'con-2', limit: '5' })).toEqual({
      cid: 'con-1',
      limit: '5',
      accId: 'acc-guest',
      storefrontId: 'stf-1',
    });
    expect(scope(buyer, 'updateNotifications', { payload: { action: 'read', ids: ['n-1'] } })).toMatchObject({
      cid: 'con-1',
    });
    // Without a contact of their own a caller names none.
    expect(scope(guest, 'getNotificationsCount', { cid: 'con-2' })).toEqual({
      accId: 'acc-guest',
      storefrontId: 'stf-1',
    });
  });

  it('refuses another storefront', () => {
    expect(scope(guest, 'retrieveContentBlocks', { storefrontId: 'stf-2' })).toEqual(denied);
    expect(scope(guest, 'getMergedMetaInfo', { stfId: 'stf-2', url: '/' })).toEqual(denied);
  });
});
