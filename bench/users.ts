/**
 * Managing users of a big account through the gateway (docs/decisions/0024-managing-users.md): BENCH_USERS
 * users (default 3,000) in one account of a pool that also holds BENCH_OTHER_USERS (default 1,000) of other
 * accounts. Prints the first listUsers (the directory read from the pool), then p50/p99 of listUsers pages,
 * a filtered search, and a write (deactivate then activate) with its directory patch. In process, on a fresh
 * PGlite database with the demo seed: `npm run bench:users`.
 */
import type { DomainDetails, Envelope, UserListAnswer } from '@storefront/contracts';
import { openSeededCrm, TEST_SERVICE_TOKEN, testEngines } from '@storefront/crm/testing';
import { createCognitoTokenVerifier, createGateway, createUserPoolAdmin } from '@storefront/gateway';
import { ensureUser, ensureUserPool, migrateIdentity } from '@storefront/identity';
import { ADMIN } from '@storefront/identity/testing';
import {
  askGateway,
  ISSUER_BASE,
  identityService,
  PASSWORD,
  signIn,
} from '../packages/gateway/test/user-pools';

const USERS = Number(process.env.BENCH_USERS ?? 3000);
const OTHER_USERS = Number(process.env.BENCH_OTHER_USERS ?? 1000);
const OPS = Number(process.env.BENCH_USERS_OPS ?? 200);
const ACCOUNT = 'acc-bench-big';
const LIST = 'query List($data: AWSJSON) { listUsers(data: $data) }';
const ACT =
  'query Act($action: String!, $data: AWSJSON, $username: String) { cognitoActions(action: $action, data: $data, username: $username) }';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const engine = (await testEngines()).find((candidate) => candidate.name === 'pglite');
if (!engine) throw new Error('PGlite is not available');
const crm = await openSeededCrm(engine);
const database = crm.database.database;
try {
  await migrateIdentity(database);
  const identity = identityService(database, () => new Date());
  const userPools = { endpoint: ISSUER_BASE, ...ADMIN, fetch: identity };
  const admin = createUserPoolAdmin(userPools);
  const gateway = createGateway({
    apiKey: 'test-api-key',
    crm: {
      baseUrl: 'http://crm.bench',
      token: TEST_SERVICE_TOKEN,
      fetch: (request) => crm.app.fetch(request),
    },
    verifyToken: createCognitoTokenVerifier({ issuerBase: ISSUER_BASE, fetch: identity }),
    userPools,
    cacheTtlMs: 0,
  });
  const storefront = (await gateway.resolveDomain('localhost')) as DomainDetails;
  const UserPoolId = storefront.awsUserPoolId;
  await ensureUserPool(database, {
    poolId: UserPoolId,
    name: storefront.storefrontName,
    clientId: storefront.clientId,
    clientName: storefront.clientName,
    callbackUrls: [],
    logoutUrls: [],
  });
  await ensureUser(database, {
    poolId: UserPoolId,
    username: 'boss@bench.example',
    password: PASSWORD,
    email: 'boss@bench.example',
    givenName: 'Bench',
    familyName: 'Boss',
    groups: ['AWSManager'],
    attributes: { 'custom:salesforceAccountId': ACCOUNT },
    status: 'CONFIRMED',
  });
  const setUpStarted = performance.now();
  for (let index = 0; index < USERS + OTHER_USERS; index += 1) {
    const Username = `u${index}@bench.example`;
    await admin('AdminCreateUser', {
      UserPoolId,
      Username,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: Username },
        { Name: 'given_name', Value: `Given${index}` },
        { Name: 'family_name', Value: 'Bench' },
        { Name: 'custom:salesforceAccountId', Value: index < USERS ? ACCOUNT : `acc-other-${index % 50}` },
      ],
    });
    await admin('AdminAddUserToGroup', {
      UserPoolId,
      Username,
      GroupName: index % 10 === 0 ? 'AWSManager' : 'AWSPortalUser',
    });
    if (index % 7 === 0) await admin('AdminDisableUser', { UserPoolId, Username });
    // Two in three have signed in (CONFIRMED); the rest are still invited.
    else if (index % 3 !== 0) {
      await admin('AdminSetUserPassword', { UserPoolId, Username, Password: PASSWORD, Permanent: true });
    }
  }
  console.log(
    `set-up: ${USERS} users in one account, ${OTHER_USERS} in others, in ${((performance.now() - setUpStarted) / 1000).toFixed(1)} s`,
  );
  const { AccessToken: token } = await signIn(identity, storefront.clientId, 'boss@bench.example');
  const ask = (field: string, query: string, variables: Record<string, unknown>) =>
    askGateway<UserListAnswer>(gateway, field, query, { host: 'localhost', token, variables });
  const list = (data: Record<string, unknown>) => ask('listUsers', LIST, { data: JSON.stringify(data) });

  const coldStarted = performance.now();
  const first = await list({});
  console.log(
    `first listUsers (directory read from the pool): ${(performance.now() - coldStarted).toFixed(0)} ms, ${first.content.totalUsers} users, counts ${JSON.stringify(first.content.counts)}`,
  );
  const readStarted = performance.now();
  for (let page = 0; page < 10; page += 1) {
    await admin('ListUsers', { UserPoolId, Limit: 60 });
  }
  console.log(`  one ListUsers call of 60 users: ${((performance.now() - readStarted) / 10).toFixed(1)} ms`);

  async function measure(name: string, call: (run: number) => Promise<Envelope<unknown>>) {
    const samples: number[] = [];
    let failures = 0;
    let firstFailure = '';
    for (let run = 0; run < OPS; run += 1) {
      const started = performance.now();
      const answer = await call(run);
      samples.push(performance.now() - started);
      if (answer.statusCode !== 200) {
        failures += 1;
        firstFailure ||= `${answer.statusCode} ${JSON.stringify(answer.content)}`;
      }
    }
    samples.sort((a, b) => a - b);
    console.log(
      `  ${name.padEnd(34)} p50 ${percentile(samples, 50).toFixed(1)} ms  p99 ${percentile(samples, 99).toFixed(1)} ms  failed ${failures}${firstFailure ? ` (first: ${firstFailure})` : ''}`,
    );
  }
  await measure('listUsers, a page of all', (run) => list({ page: (run % 150) + 1 }));
  await measure('listUsers, a page of invited', (run) =>
    list({ user_status: 'invited', page: (run % 40) + 1 }),
  );
  await measure('listUsers, inactive managers', () => list({ user_status: 'inactive', role: 'AWSManager' }));
  await measure('listUsers, name search', (run) => list({ given_name: `given${run % 100}` }));
  await measure('deactivate or activate one user', (run) =>
    ask('cognitoActions', ACT, {
      action: run % 2 === 0 ? 'deactivate' : 'activate',
      // Each user once off and on: the pool limits how often one user is sent a reset code.
      username: `u${1 + Math.floor(run / 2) * 7}@bench.example`,
      data: '{}',
    }),
  );
} finally {
  await crm.close();
}
