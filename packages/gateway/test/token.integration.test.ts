import {
  type CatalogPage,
  CRM_TYPES,
  type DomainDetails,
  type Envelope,
  type InvoiceList,
  isCrmType,
  MESSAGES,
  type QuoteItems,
  TEXT_PROBLEM,
} from '@storefront/contracts';
import { ensureDemoInvoices, type SeedResult } from '@storefront/crm';
import { portalAccessibleAccounts } from '@storefront/crm/db/schema';
import { openSeededCrm, type SeededCrm, TEST_SERVICE_TOKEN, testEngines } from '@storefront/crm/testing';
import type { Database } from '@storefront/database';
import { ensureUser, migrateIdentity } from '@storefront/identity';
import { and, eq } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCognitoTokenVerifier, createGateway, type Gateway } from '../src/index';
import {
  API_KEY,
  askGateway,
  cognito,
  ensurePortalUser,
  type IdentityFetch,
  ISSUER_BASE,
  identityService,
  PASSWORD,
  signIn,
} from './user-pools';

const CATALOGUE = 'query Call($data: AWSJSON) { salesforceActions(action: "makeCall", data: $data) }';

/** AppSync's whole-request refusal of a token, as askGateway reports it. */
const refusedToken = (message = 'Valid authorization header not provided.') => ({
  statusCode: 401,
  content: { errorType: 'UnauthorizedException', message },
});

describe.each(await testEngines())('gateway with user-pool tokens on $name', (engine) => {
  let database: Database;
  let gateway: Gateway;
  let identity: IdentityFetch;
  let seed: SeedResult;
  let guestStorefront: DomainDetails;
  let partnerStorefront: DomainDetails;
  let halvorsen: string;
  let kestrel: string;
  let campus: string;
  let core: string;
  let crmDatabase: SeededCrm['database'];

  /** The catalogue details of an account, asked for with a bearer token, on a storefront's host. */
  /** A CRM type through makeCall on the guest storefront, as a user (token) or a guest (cart secret or none). */
  async function crmAs<T = unknown>(
    caller: { token?: string; guestCart?: string },
    type: string,
    callType: 'GET' | 'POST',
    payload: Record<string, unknown>,
    group: string = isCrmType(type) ? CRM_TYPES[type].group : 'ecommerce',
  ): Promise<Envelope<T>> {
    const scope = { storefrontId: guestStorefront.storefrontId, ...payload };
    const endpoint = `/services/apexrest/${group}?type=${type}`;
    const data =
      callType === 'GET'
        ? { callType, endpoint: `${endpoint}&${new URLSearchParams(scope as Record<string, string>)}` }
        : { callType, endpoint, payload: JSON.stringify(scope) };
    return askGateway<T>(gateway, 'salesforceActions', CATALOGUE, {
      ...caller,
      variables: { data: JSON.stringify(data) },
    });
  }

  async function catalogueAs(token: string, accountId: string, host = 'localhost'): Promise<Envelope> {
    const storefront = host === 'localhost' ? guestStorefront : partnerStorefront;
    return askGateway(gateway, 'salesforceActions', CATALOGUE, {
      host,
      token,
      variables: {
        data: JSON.stringify({
          callType: 'POST',
          endpoint: '/services/apexrest/ecommerce?type=getEcatalogDetails',
          payload: JSON.stringify({ storefrontId: storefront.storefrontId, accountId }),
        }),
      },
    });
  }

  beforeAll(async () => {
    const crm = await openSeededCrm(engine);
    database = crm.database.database;
    seed = crm.seed;
    await migrateIdentity(database);
    identity = identityService(database, () => new Date());
    gateway = createGateway({
      apiKey: API_KEY,
      crm: {
        baseUrl: 'http://crm.test',
        token: TEST_SERVICE_TOKEN,
        fetch: (request) => crm.app.fetch(request),
      },
      verifyToken: createCognitoTokenVerifier({ issuerBase: ISSUER_BASE, fetch: identity }),
      cacheTtlMs: 0,
    });
    const storefronts = await Promise.all(
      ['localhost', '127.0.0.1'].map((host) => gateway.resolveDomain(host)),
    );
    [guestStorefront, partnerStorefront] = storefronts as [DomainDetails, DomainDetails];
    const account = (name: string) => seed.accounts.find((candidate) => candidate.name === name)?.id ?? '';
    halvorsen = account('Halvorsen Research Institute');
    kestrel = account('Kestrel Diagnostics GmbH');
    campus = account('Halvorsen Institute Cambridge Campus');
    core = account('Halvorsen Sequencing Core Facility');
    crmDatabase = crm.database;
    for (const [storefront, username, accountId] of [
      [guestStorefront, 'buyer@halvorsen.example', halvorsen],
      [partnerStorefront, 'buyer@kestrel.example', kestrel],
    ] as const) {
      await ensurePortalUser(database, storefront, username, { 'custom:salesforceAccountId': accountId });
    }
  });

  afterAll(() => database.close());

  it('acts for the signed-in user’s own account, with its own catalogue', async () => {
    const { AccessToken } = await signIn(identity, guestStorefront.clientId, 'buyer@halvorsen.example');
    const answer = await catalogueAs(AccessToken, halvorsen);
    expect(answer.statusCode).toBe(200);
    expect(answer.content).toMatchObject({ catalog: { name: 'Halvorsen Research Institute Catalogue' } });
  });

  it('refuses another account, whatever the client sends', async () => {
    const { AccessToken } = await signIn(identity, guestStorefront.clientId, 'buyer@halvorsen.example');
    const marlowe = seed.accounts.find((account) => account.name === 'Marlowe Genomics Core')?.id ?? '';
    const answer = await catalogueAs(AccessToken, marlowe);
    expect(answer).toEqual({
      statusCode: 403,
      content: 'Access Denied: You do not have permission to view this record.',
    });
  });

  it('lets a user without an account of its own shop as the storefront’s guest account', async () => {
    await ensureUser(database, {
      poolId: guestStorefront.awsUserPoolId,
      username: 'new@lab.example',
      password: PASSWORD,
      email: 'new@lab.example',
      givenName: 'New',
      familyName: 'Buyer',
      groups: [],
      attributes: {},
      status: 'CONFIRMED',
    });
    const { AccessToken } = await signIn(identity, guestStorefront.clientId, 'new@lab.example');
    const answer = await catalogueAs(AccessToken, guestStorefront.guestAccountId ?? '');
    expect(answer.statusCode).toBe(200);
    expect((await catalogueAs(AccessToken, halvorsen)).statusCode).toBe(403);
  });

  it('refuses a token signed with another key', async () => {
    const { AccessToken } = await signIn(identity, guestStorefront.clientId, 'buyer@halvorsen.example');
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT(decodeJwt(AccessToken))
      .setProtectedHeader(decodeProtectedHeader(AccessToken) as { alg: 'RS256'; kid: string })
      .sign(privateKey);
    expect(await catalogueAs(forged, halvorsen)).toEqual(refusedToken());
  });

  it('refuses an unsigned token (alg none)', async () => {
    const { AccessToken } = await signIn(identity, guestStorefront.clientId, 'buyer@halvorsen.example');
    const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode(decodeJwt(AccessToken))}.`;
    expect(await catalogueAs(unsigned, halvorsen)).toEqual(refusedToken());
  });

  it('refuses an expired token', async () => {
    const twoHoursAgo = () => new Date(Date.now() - 2 * 60 * 60 * 1000);
    const past = identityService(database, twoHoursAgo);
    const { AccessToken } = await signIn(past, guestStorefront.clientId, 'buyer@halvorsen.example');
    expect(await catalogueAs(AccessToken, halvorsen)).toEqual(refusedToken());
  });

  it('refuses a token of another issuer, even signed with the pool’s key', async () => {
    const elsewhere = identityService(database, () => new Date(), 'http://elsewhere.test/identity');
    const { AccessToken } = await signIn(elsewhere, guestStorefront.clientId, 'buyer@halvorsen.example');
    expect(await catalogueAs(AccessToken, halvorsen)).toEqual(refusedToken());
  });

  it('refuses an id token where an access token belongs', async () => {
    const { IdToken } = await signIn(identity, guestStorefront.clientId, 'buyer@halvorsen.example');
    expect(await catalogueAs(IdToken, halvorsen)).toEqual(refusedToken());
  });

  it('refuses a token of another storefront’s pool', async () => {
    const { AccessToken } = await signIn(identity, partnerStorefront.clientId, 'buyer@kestrel.example');
    expect((await catalogueAs(AccessToken, kestrel, '127.0.0.1')).statusCode).toBe(200);
    expect(await catalogueAs(AccessToken, kestrel)).toEqual(refusedToken());
  });

  it('tells who the caller is from the verified token, and a guest as the guest account', async () => {
    const { AccessToken } = await signIn(identity, guestStorefront.clientId, 'buyer@halvorsen.example');
    const loginInfo = (token?: string) => askGateway(gateway, 'getLoginInfo', '{ getLoginInfo }', { token });
    expect(await loginInfo(AccessToken)).toEqual({
      statusCode: 200,
      content: {
        userType: 'AWSPortalUser',
        accountId: halvorsen,
        // Its own account, the sites the CRM relates to it (by name), then the storefront's guest account.
        accountIds: [halvorsen, campus, core, guestStorefront.guestAccountId],
        homeAccountId: halvorsen,
        shipToAccountId: null,
        contactId: null,
        username: 'buyer@halvorsen.example',
        storefrontId: guestStorefront.storefrontId,
      },
    });
    expect((await loginInfo()).content).toMatchObject({ userType: 'AWSGuest', username: null });
    expect(await loginInfo(`${AccessToken}x`)).toEqual(refusedToken());
    expect(await loginInfo('not-a-jwt')).toEqual(refusedToken('Unable to parse JWT token.'));
  });

  it('answers who the caller is through the typed in-process port as its GraphQL field does', async () => {
    const { AccessToken } = await signIn(identity, guestStorefront.clientId, 'buyer@halvorsen.example');
    const throughPort = (token?: string) =>
      gateway.loginInfo(
        new Request('http://localhost/graphql', {
          method: 'POST',
          headers: token ? { authorization: `Bearer ${token}` } : {},
        }),
      );
    const throughGraphql = (token?: string) =>
      askGateway(gateway, 'getLoginInfo', '{ getLoginInfo }', { token });
    for (const token of [AccessToken, undefined])
      expect(await throughPort(token)).toEqual(await throughGraphql(token));
    // A refused token: GraphQL refuses the whole request, the port its one answer; both 401 saying why.
    for (const [token, message] of [
      [`${AccessToken}x`, 'Valid authorization header not provided.'],
      ['not-a-jwt', 'Unable to parse JWT token.'],
    ]) {
      expect(await throughPort(token)).toEqual({ statusCode: 401, content: message });
      expect(await throughGraphql(token)).toEqual(refusedToken(message));
    }
  });

  it('records the signed-in user’s sign-in in the activity log, and refuses a guest', async () => {
    const { AccessToken } = await signIn(identity, guestStorefront.clientId, 'buyer@halvorsen.example');
    const log = (token?: string) =>
      askGateway<{ activity: string }>(
        gateway,
        'userActivityLog',
        'query Log($data: AWSJSON) { userActivityLog(data: $data) }',
        {
          token,
          variables: { data: JSON.stringify({ activity: 'login', userType: 'AWSAdmin' }) },
        },
      );
    const recorded = await log(AccessToken);
    expect(recorded.statusCode).toBe(200);
    expect(recorded.content.activity).toBe('login');
    expect(await log()).toEqual({ statusCode: 401, content: 'Not signed in' });
  });

  it('refuses a NUL in the activity log’s account with 400 naming it', async () => {
    const { AccessToken } = await signIn(identity, guestStorefront.clientId, 'buyer@halvorsen.example');
    const answer = await askGateway(
      gateway,
      'userActivityLog',
      'query Log($data: AWSJSON) { userActivityLog(data: $data) }',
      {
        token: AccessToken,
        variables: { data: JSON.stringify({ activity: 'login', accountId: `${halvorsen}\u0000` }) },
      },
    );
    expect(answer).toEqual({ statusCode: 400, content: `Invalid data: accountId: ${TEXT_PROBLEM}` });
  });

  describe('related accounts (docs/decisions/0025)', () => {
    const SWITCHER = 'switcher@halvorsen.example';
    let token = '';
    const loginInfo = async () =>
      (await askGateway<Record<string, unknown>>(gateway, 'getLoginInfo', '{ getLoginInfo }', { token }))
        .content;
    const choose = (choice: { selectedAccountId: string | null; shipToAccountId?: string | null }) =>
      crmAs({ token }, 'saveAccountSelection', 'POST', choice);
    /** The catalogue of the account the calls act for when they name none: its size and first items. */
    const catalogue = async () => {
      const { content } = await crmAs<CatalogPage>({ token }, 'retrieveCatalogNG', 'POST', { pageSize: 200 });
      const items = content.items.map((item) => ({ id: item.id, sku: item.sku, price: item.price }));
      return { total: content.totalCount, items };
    };
    const addToCart = (catalogItemId: string | undefined) =>
      crmAs<QuoteItems>({ token }, 'saveItemToQuoteBlink', 'POST', { catalogItemId, qty: 1 });

    beforeAll(async () => {
      await ensureUser(database, {
        poolId: guestStorefront.awsUserPoolId,
        username: SWITCHER,
        password: PASSWORD,
        email: SWITCHER,
        givenName: 'Sam',
        familyName: 'Switcher',
        groups: ['AWSPortalUser'],
        attributes: { 'custom:salesforceAccountId': halvorsen, 'custom:salesforceContactId': '003-switcher' },
        status: 'CONFIRMED',
      });
      ({ AccessToken: token } = await signIn(identity, guestStorefront.clientId, SWITCHER));
    });

    it('accepts a related account the CRM relates, and refuses any other account', async () => {
      expect((await catalogueAs(token, campus)).content).toMatchObject({
        catalog: { name: 'Halvorsen Cambridge Campus Catalogue' },
      });
      expect((await catalogueAs(token, core)).statusCode).toBe(200);
      const toronto = seed.accounts.find((account) => account.name.endsWith('Toronto'))?.id ?? '';
      // The child account is related in portal context only: not one to act for.
      expect((await catalogueAs(token, toronto)).statusCode).toBe(403);
      const marlowe = seed.accounts.find((account) => account.name === 'Marlowe Genomics Core')?.id ?? '';
      expect((await catalogueAs(token, marlowe)).statusCode).toBe(403);
      expect((await choose({ selectedAccountId: marlowe })).statusCode).toBe(403);
      expect((await choose({ selectedAccountId: halvorsen, shipToAccountId: kestrel })).statusCode).toBe(403);
    });

    it('acts for the chosen account by default: its catalogue, its prices and a cart of its own', async () => {
      const ownCatalogue = await catalogue();
      const ownCart = await addToCart(ownCatalogue.items[0]?.id);
      expect(ownCart.content.quote.accountId).toBe(halvorsen);

      expect((await choose({ selectedAccountId: core, shipToAccountId: core })).statusCode).toBe(200);
      expect(await loginInfo()).toMatchObject({
        accountId: core,
        homeAccountId: halvorsen,
        shipToAccountId: core,
      });
      const coreCatalogue = await catalogue();
      // The core facility buys from the Full catalogue at list price; Halvorsen at its negotiated prices.
      const shared = coreCatalogue.items.find((item) =>
        ownCatalogue.items.some((own) => own.sku === item.sku),
      );
      const ownPrice = ownCatalogue.items.find((own) => own.sku === shared?.sku)?.price;
      expect(shared?.price).toBeGreaterThan(ownPrice ?? Number.POSITIVE_INFINITY);
      expect(coreCatalogue.total).toBeGreaterThan(ownCatalogue.total);
      const coreCart = await addToCart(coreCatalogue.items[0]?.id);
      expect(coreCart.content.quote.accountId).toBe(core);
      expect(coreCart.content.quote.id).not.toBe(ownCart.content.quote.id);

      expect((await choose({ selectedAccountId: null })).statusCode).toBe(200);
      expect(await loginInfo()).toMatchObject({ accountId: halvorsen, shipToAccountId: null });
      expect(await catalogue()).toEqual(ownCatalogue);
      const backCart = await crmAs<{ quote: { id: string } | null }>({ token }, 'getActiveQuote', 'GET', {});
      expect(backCart.content.quote?.id).toBe(ownCart.content.quote.id);
    });

    it('lists only the invoices of the account acted for; another account’s invoice is refused', async () => {
      await ensureDemoInvoices(crmDatabase.db, [halvorsen, campus], '2025-06-15');
      const list = async () =>
        (await crmAs<InvoiceList>({ token }, 'getInvoices', 'GET', { pageSize: '100' })).content.invoices;
      const own = await list();
      expect(own.length).toBeGreaterThan(0);
      expect((await choose({ selectedAccountId: campus })).statusCode).toBe(200);
      const theirs = await list();
      expect(theirs.length).toBeGreaterThan(0);
      expect(theirs.filter((invoice) => own.some((mine) => mine.id === invoice.id))).toEqual([]);
      // Acting for the campus, the master's invoice is another account's: refused, never shown.
      const refused = await crmAs({ token }, 'getInvoice', 'GET', { invoiceId: own[0]?.id ?? '' });
      expect(refused.statusCode).toBe(403);
      expect((await choose({ selectedAccountId: null })).statusCode).toBe(200);
      expect((await list()).map((invoice) => invoice.id)).toEqual(own.map((invoice) => invoice.id));
    });

    it('stops acting for an account the CRM no longer relates', async () => {
      await choose({ selectedAccountId: campus });
      expect(await loginInfo()).toMatchObject({ accountId: campus });
      const where = and(
        eq(portalAccessibleAccounts.masterAccountId, halvorsen),
        eq(portalAccessibleAccounts.relatedAccountId, campus),
      );
      const [record] = await crmDatabase.db.select().from(portalAccessibleAccounts).where(where);
      await crmDatabase.db.delete(portalAccessibleAccounts).where(where);
      try {
        expect(await loginInfo()).toMatchObject({ accountId: halvorsen });
        expect((await catalogueAs(token, campus)).statusCode).toBe(403);
      } finally {
        if (record) await crmDatabase.db.insert(portalAccessibleAccounts).values(record);
        await choose({ selectedAccountId: null });
      }
    });
  });

  it('serves the parts calls under /ecommerce, as C§7 names them, and under /ibmanager (P§7)', async () => {
    const { AccessToken } = await signIn(identity, guestStorefront.clientId, 'buyer@halvorsen.example');
    const caller = { token: AccessToken };
    type Models = { models: { sku: string }[] };
    const [ecommerce, ibmanager] = await Promise.all(
      ['ecommerce', 'ibmanager'].map((group) => crmAs<Models>(caller, 'getPartsList', 'POST', {}, group)),
    );
    expect(ecommerce?.statusCode).toBe(200);
    expect(ibmanager?.statusCode).toBe(200);
    expect(ecommerce?.content).toEqual(ibmanager?.content);
    const sku = ecommerce?.content.models[0]?.sku;
    expect(sku).toEqual(expect.any(String));
    const tree = await crmAs(caller, 'getPartsList', 'POST', { modelSku: sku }, 'ecommerce');
    expect(tree).toMatchObject({ statusCode: 200, content: { model: { sku } } });
    // The install base itself is P§7's ib manager group only; no other group serves it.
    const elsewhere = await crmAs(caller, 'getInstallBase', 'POST', {}, 'ecommerce');
    expect(elsewhere).toEqual({
      statusCode: 403,
      content: "Endpoint not allowed: type 'getInstallBase' is not served under 'ecommerce'.",
    });
  });

  it("reads a record of the user's own with P§7's getRecord fields: objectName, objectId, displayFields", async () => {
    const { AccessToken } = await signIn(identity, guestStorefront.clientId, 'buyer@halvorsen.example');
    const caller = { token: AccessToken };
    const page = await crmAs<CatalogPage>(caller, 'retrieveCatalogNG', 'POST', { pageSize: 1 });
    const cart = await crmAs<QuoteItems>(caller, 'saveItemToQuoteBlink', 'POST', {
      catalogItemId: page.content.items[0]?.id,
      qty: 1,
    });
    const objectId = cart.content.quote.id;
    const record = await crmAs(caller, 'getRecord', 'POST', {
      ut: 'AWSPortalUser',
      objectName: 'Quote',
      objectId,
      displayFields: ['id', 'status'],
    });
    expect(record).toEqual({
      statusCode: 200,
      content: {
        objectApiName: 'Quote',
        id: objectId,
        recordData: { id: objectId, status: expect.any(String) },
        fieldsMetadata: [
          { name: 'id', label: 'Quote number', dataType: 'STRING' },
          { name: 'status', label: 'Status', dataType: 'STRING' },
        ],
      },
    });
    const unreadable = await crmAs(caller, 'getRecord', 'POST', {
      objectName: 'Quote',
      objectId,
      displayFields: ['guestSecretHash'],
    });
    expect(unreadable.statusCode).toBe(400);
    expect(JSON.stringify(unreadable.content)).toContain(
      "'guestSecretHash' is not a readable field of Quote",
    );
  });

  it('refuses a token after a global sign-out', async () => {
    const { AccessToken } = await signIn(identity, guestStorefront.clientId, 'buyer@halvorsen.example');
    expect((await catalogueAs(AccessToken, halvorsen)).statusCode).toBe(200);
    await cognito(identity, 'GlobalSignOut', { AccessToken });
    expect(await catalogueAs(AccessToken, halvorsen)).toEqual(refusedToken());
  });

  describe('authorisation as AppSync does it', () => {
    /** A POST as Amplify's `userPool` auth mode sends it: the raw JWT in Authorization, no API key. */
    const asAmplify = (authorization: string, query: string) =>
      gateway.fetch(
        new Request('http://gateway.internal/graphql', {
          method: 'POST',
          headers: { host: 'localhost', 'content-type': 'application/json; charset=UTF-8', authorization },
          body: JSON.stringify({ query, variables: {} }),
        }),
      );

    it('accepts a raw user-pool token without an API key, verified like a bearer token', async () => {
      const { AccessToken } = await signIn(identity, guestStorefront.clientId, 'buyer@halvorsen.example');
      const response = await asAmplify(AccessToken, '{ getLoginInfo }');
      expect(response.status).toBe(200);
      const { data } = (await response.json()) as { data: { getLoginInfo: string } };
      expect(JSON.parse(data.getLoginInfo)).toMatchObject({
        statusCode: 200,
        content: { username: 'buyer@halvorsen.example', accountId: halvorsen },
      });
    });

    it('refuses a bad token for the whole request: 401 UnauthorizedException in header and body', async () => {
      const past = identityService(database, () => new Date(Date.now() - 2 * 60 * 60 * 1000));
      const expired = (await signIn(past, guestStorefront.clientId, 'buyer@halvorsen.example')).AccessToken;
      for (const [authorization, message] of [
        [expired, 'Valid authorization header not provided.'],
        [`Bearer ${expired}`, 'Valid authorization header not provided.'],
        ['Bearer', 'Unable to parse JWT token.'],
        ['Basic dXNlcjpwdw==', 'Unable to parse JWT token.'],
      ]) {
        const response = await asAmplify(authorization ?? '', '{ theme(key: "theme") }');
        expect(response.status).toBe(401);
        expect(response.headers.get('x-amzn-errortype')).toBe('UnauthorizedException');
        expect(await response.json()).toEqual({ errors: [{ errorType: 'UnauthorizedException', message }] });
      }
    });
  });

  describe('carts', () => {
    const guestSecret = (letter: string) => letter.repeat(43);
    let fullItemId: string;

    beforeAll(async () => {
      const page = await crmAs<CatalogPage>({}, 'retrieveCatalogNG', 'POST', { pageSize: 5 });
      fullItemId = page.content.items[0]?.id ?? '';
    });

    it("keeps a guest's cart to the secret of its cookie", async () => {
      const added = await crmAs<QuoteItems>({ guestCart: guestSecret('a') }, 'saveItemToQuoteBlink', 'POST', {
        catalogItemId: fullItemId,
        qty: 2,
      });
      expect(added.statusCode).toBe(200);
      const quoteid = added.content.quote.id;
      const own = await crmAs<QuoteItems>({ guestCart: guestSecret('a') }, 'getQuoteItems', 'GET', {
        quoteid,
      });
      expect(own.content.lines.map((line) => line.qty)).toEqual([2]);
      const other = await crmAs({ guestCart: guestSecret('b') }, 'getQuoteItems', 'GET', { quoteid });
      expect(other).toEqual({
        statusCode: 403,
        content: [{ errorCode: 'FORBIDDEN', message: MESSAGES.accessDenied }],
      });
      // A secret in the payload is not the request's: the gateway replaces it with the cookie's, or none.
      const smuggled = await crmAs({}, 'getQuoteItems', 'GET', {
        quoteid,
        guestCartSecret: guestSecret('a'),
      });
      expect(smuggled.statusCode).toBe(403);
    });

    it('keeps what only a signed-in user may do from guests', async () => {
      const claim = await crmAs({ guestCart: guestSecret('c') }, 'makeActiveCartForGuest', 'POST', {});
      expect(claim.statusCode).toBe(403);
      expect(String(claim.content)).toContain("type 'makeActiveCartForGuest' is not allowed for AWSGuest");
    });

    it("gives the signed-in user the guest's cart, and refuses carts of other accounts", async () => {
      const { AccessToken } = await signIn(identity, guestStorefront.clientId, 'buyer@halvorsen.example');
      // An item Halvorsen's catalogue also holds: a cart of none it can buy is not handed over.
      const items = async (caller: { token?: string }) =>
        (await crmAs<CatalogPage>(caller, 'retrieveCatalogNG', 'POST', { pageSize: 200 })).content.items;
      const halvorsenSkus = new Set((await items({ token: AccessToken })).map((item) => item.sku));
      const sharedItemId = (await items({})).find((item) => halvorsenSkus.has(item.sku))?.id ?? '';
      const guestCart = await crmAs<QuoteItems>(
        { guestCart: guestSecret('d') },
        'saveItemToQuoteBlink',
        'POST',
        {
          catalogItemId: sharedItemId,
          qty: 1,
        },
      );
      const guestQuote = guestCart.content.quote.id;
      expect(
        (await crmAs({ token: AccessToken }, 'getQuoteItems', 'GET', { quoteid: guestQuote })).statusCode,
      ).toBe(403);
      const marlowe = seed.accounts.find((account) => account.name === 'Marlowe Genomics Core')?.id ?? '';
      const foreign = await crmAs({ token: AccessToken }, 'getActiveQuote', 'GET', { accountId: marlowe });
      expect(foreign).toEqual({ statusCode: 403, content: MESSAGES.accessDenied });

      const claimed = await crmAs<QuoteItems>(
        { token: AccessToken, guestCart: guestSecret('d') },
        'makeActiveCartForGuest',
        'POST',
        {},
      );
      expect(claimed.statusCode).toBe(200);
      expect(claimed.content.quote).toMatchObject({ id: guestQuote, accountId: halvorsen });
      const active = await crmAs<{ quote: { id: string } }>(
        { token: AccessToken },
        'getActiveQuote',
        'GET',
        {},
      );
      expect(active.content.quote.id).toBe(guestQuote);
      const fromUser = await crmAs<{ userType: string }>(
        { token: AccessToken },
        'getActiveQuoteFromUser',
        'GET',
        {
          userType: 'AWSAdmin',
        },
      );
      expect(fromUser.content.userType).toBe('AWSPortalUser');
    });
  });
});
