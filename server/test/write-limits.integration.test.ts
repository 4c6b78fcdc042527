import type { DomainDetails } from '@storefront/contracts';
import { openSeededCrm, type SeededCrm, testEngines } from '@storefront/crm/testing';
import { createCognitoTokenVerifier } from '@storefront/gateway';
import { ensureUser, migrateIdentity } from '@storefront/identity';
import { ADMIN } from '@storefront/identity/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type StorefrontLoadContext,
  storefrontLoadContext,
} from '../../apps/storefront/app/lib/load-context';
import { WRITE_BUDGETS, type WriteKind } from '../../packages/gateway/src/write-limits';
import {
  ensurePortalUser,
  type IdentityFetch,
  ISSUER_BASE,
  identityService,
  PASSWORD,
  signIn,
} from '../../packages/gateway/test/user-pools';
import { routeContext } from './route-context';

/**
 * The route modules, loaded as React Router loads them; imported by URL so this package's type check does not
 * take in the web app's generated route types.
 */
type Handler = (args: unknown) => Promise<unknown>;
const load = async (path: string) =>
  (await import(new URL(`../../apps/storefront/app/${path}`, import.meta.url).href)) as { action: Handler };

/** What a route answered, as React Router sends it: a Response, data() with its status, or plain data (200). */
function statusOf(answer: unknown): number {
  if (answer instanceof Response) return answer.status;
  if (answer && typeof answer === 'object' && 'init' in answer && 'data' in answer) {
    return (answer as { init: ResponseInit | null }).init?.status ?? 200;
  }
  return 200;
}

/** The words a page shows of an answer. */
function textOf(answer: unknown): string {
  if (answer instanceof Response) return `${answer.status} ${answer.headers.get('location') ?? ''}`;
  return JSON.stringify(answer && typeof answer === 'object' && 'data' in answer ? answer.data : answer);
}

const BUYER = { username: 'buyer@halvorsen.example', contactId: '003ANA000000000AAA' };
const MANAGER = 'manager@halvorsen.example';

const ADDRESS = {
  firstName: 'Ana',
  lastName: 'Lima',
  email: 'ana.lima@halvorsen.example',
  phone: '+1 617 555 0100',
  address: '77 Massachusetts Avenue',
  address2: '',
  city: 'Cambridge',
  state: 'MA',
  zip: '02139',
  country: 'US',
  locName: 'Cold Room 4',
  // Taken from the tax service's suggestion: not asked about again.
  checked: 'true',
};

/**
 * Every form that writes, as the composed server runs it: the route modules, the in-process gateway verifying
 * real user-pool tokens from the browser's cookies, and the seeded CRM. Past its budget each form shows how
 * long to wait, never a failure or another refusal's words.
 */
describe.each((await testEngines()).slice(0, 1))('forms past their write budgets on $name', (engine) => {
  let crm: SeededCrm;
  let identity: IdentityFetch;
  let storefront: DomainDetails;
  const cookies = new Map<string, string>();
  const records = { requestId: '', instrumentId: '', courseId: '' };
  let invited = 0;

  /** One form post as a signed-in user (their cookies) or a guest (none). */
  async function post(
    context: StorefrontLoadContext,
    as: string | null,
    route: { action: Handler },
    path: string,
    form: Record<string, string>,
    params: Record<string, string> = {},
  ): Promise<unknown> {
    const request = new Request(`http://localhost${path}`, {
      method: 'POST',
      headers: as ? { cookie: cookies.get(as) ?? '' } : {},
      body: new URLSearchParams(form),
    });
    try {
      return await route.action({
        request,
        url: new URL(request.url),
        params,
        context: storefrontLoadContext(context),
      });
    } catch (thrown) {
      return thrown;
    }
  }

  /** Each form that writes, named by what it does, and the kind of write it is. */
  const forms: Record<
    string,
    {
      kind: WriteKind;
      as: string | null;
      route: string;
      path: string;
      form: () => Record<string, string>;
      params?: () => Record<string, string>;
    }
  > = {
    serviceRequest: {
      kind: 'serviceRequest',
      as: BUYER.username,
      route: 'routes/billing/request-new.tsx',
      path: '/billing/requests/new',
      form: () => ({
        subject: 'Freezer alarm log',
        priority: 'Medium',
        'field.category': 'Returns',
        'field.description': 'The log is attached.',
      }),
    },
    comment: {
      kind: 'comment',
      as: BUYER.username,
      route: 'routes/billing/request-detail.tsx',
      path: '/billing/requests/request-x',
      form: () => ({ body: 'Any news?' }),
      params: () => ({ requestSlug: `request-${records.requestId}` }),
    },
    supportCase: {
      kind: 'supportCase',
      as: BUYER.username,
      route: 'routes/support/support.tsx',
      path: '/support',
      form: () => ({
        instrumentId: records.instrumentId,
        subject: '',
        symptoms: 'The stream wanders during sorts.',
        priority: 'High',
        contactPhone: '',
      }),
    },
    enrolment: {
      kind: 'enrolment',
      as: BUYER.username,
      route: 'routes/elearning/course.tsx',
      path: '/elearning/x',
      form: () => ({ attendees: '1', sessionId: '', message: 'For our new technician.' }),
      params: () => ({ courseId: records.courseId }),
    },
    'location in the address book': {
      kind: 'location',
      as: BUYER.username,
      route: 'routes/billing/shipping-address.tsx',
      path: '/billing/shippingaddress',
      form: () => ({ intent: 'save', ...ADDRESS }),
    },
    // The quote is no cart of the buyer's: the CRM refuses each, after the gateway has counted it.
    'location added at checkout': {
      kind: 'location',
      as: BUYER.username,
      route: 'features/checkout/checkout-api.ts',
      path: '/api/checkout',
      form: () => ({
        intent: 'saveAddress',
        quoteId: 'a0Q0',
        addressObject: 'Location',
        useForBilling: 'true',
        ...ADDRESS,
      }),
    },
    cardStart: {
      kind: 'cardStart',
      as: BUYER.username,
      route: 'routes/billing/payment-methods.tsx',
      path: '/billing/paymentmethods',
      form: () => ({ intent: 'add' }),
    },
    userMail: {
      kind: 'userMail',
      as: MANAGER,
      route: 'routes/billing/manage-users.tsx',
      path: '/billing/manageusers',
      form: () => ({
        intent: 'createUser',
        email: `invitee-${++invited}@outside.example`,
        given_name: 'Nina',
        family_name: 'Holm',
        local: 'en-US',
        groupName: 'AWSPortalUser',
        enabled: 'on',
      }),
    },
    // No quote is ready to order here: the CRM refuses each, after the gateway has counted it.
    order: {
      kind: 'order',
      as: BUYER.username,
      route: 'features/checkout/submit.ts',
      path: '/api/checkout/submit',
      form: () => ({ quoteId: 'a0Q0', templateId: 't' }),
    },
    guestCheckout: {
      kind: 'guestCheckout',
      as: null,
      route: 'features/checkout/checkout-api.ts',
      path: '/api/checkout',
      form: () => ({
        intent: 'saveBuyer',
        quoteId: 'a0Q0',
        companyName: 'Lumen Cell Labs',
        firstName: 'Ana',
        lastName: 'Lima',
        email: 'ana.lima@lumen.example',
        phone: '+1 617 555 0100',
      }),
    },
  };

  const freshContext = () =>
    routeContext(crm, {
      verifyToken: createCognitoTokenVerifier({ issuerBase: ISSUER_BASE, fetch: identity }),
      userPools: { endpoint: ISSUER_BASE, ...ADMIN, fetch: identity },
    });

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    const database = crm.database.database;
    await migrateIdentity(database);
    identity = identityService(database, () => new Date());
    const found = await freshContext().resolveDomain('localhost');
    if (!found) throw new Error('The demo has no storefront at localhost.');
    storefront = found;
    const attributes = {
      'custom:salesforceAccountId': crm.ids.halvorsen,
      'custom:salesforceContactId': BUYER.contactId,
    };
    await ensurePortalUser(database, storefront, BUYER.username, attributes);
    await ensureUser(database, {
      poolId: storefront.awsUserPoolId,
      username: MANAGER,
      password: PASSWORD,
      email: MANAGER,
      givenName: 'Test',
      familyName: 'Manager',
      groups: ['AWSManager'],
      attributes,
      status: 'CONFIRMED',
    });
    for (const username of [BUYER.username, MANAGER]) {
      const tokens = await signIn(identity, storefront.clientId, username);
      // The cookies the identity library keeps in the browser, names and values percent-encoded.
      const prefix = `CognitoIdentityServiceProvider.${storefront.clientId}`;
      const user = encodeURIComponent(username);
      cookies.set(
        username,
        [
          `${prefix}.LastAuthUser=${user}`,
          `${prefix}.${user}.accessToken=${tokens.AccessToken}`,
          `${prefix}.${user}.idToken=${tokens.IdToken}`,
        ].join('; '),
      );
    }
    const scope = {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.halvorsen,
      contactId: BUYER.contactId,
    };
    const request = await crm.post('createServiceRequest', {
      ...scope,
      subject: 'Freezer alarm log',
      priority: 'Medium',
      authorName: BUYER.username,
      fields: { category: 'Returns', description: 'The log is attached.' },
    });
    const base = await crm.post('getInstallBase', scope);
    const courses = await crm.post('getCourses', scope);
    Object.assign(records, {
      requestId: request.body.id,
      instrumentId: base.body.instruments[0]?.id,
      courseId: courses.body.courses[0]?.id,
    });
    for (const [name, id] of Object.entries(records)) expect(id, name).toBeTruthy();
  });
  afterAll(() => crm.close());

  it.each(Object.entries(forms))('%s: shows how long to wait past the budget', async (_name, write) => {
    const context = freshContext();
    const { kind, as, form, params } = write;
    const route = await load(write.route);
    const scope = as === null ? 'perAddress' : 'perUser';
    const budget = WRITE_BUDGETS[kind][scope][0]?.limit ?? 0;
    for (let count = 0; count < budget; count++) {
      const answer = await post(context, as, route, write.path, form(), params?.());
      expect(statusOf(answer), textOf(answer)).not.toBe(429);
      expect(statusOf(answer), textOf(answer)).toBeLessThan(500);
    }
    const refused = await post(context, as, route, write.path, form(), params?.());
    const network = as === null ? ' from your network' : '';
    const message = `Too many ${WRITE_BUDGETS[kind].what}${network}; try again in`;
    expect(textOf(refused)).toContain(message);
    expect(statusOf(refused)).toBeLessThan(500);
  });
});
