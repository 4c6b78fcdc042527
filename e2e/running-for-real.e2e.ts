import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import postgres from 'postgres';
import {
  type BusinessEvent,
  IDEMPOTENCY_KEY_HEADER,
  OPERATIONS_BASE_PATH,
  type OperationsOrder,
  WEBHOOK_SIGNATURE_HEADER,
} from '../packages/contracts/src/operations-api';
import { cart } from './support/cart';
import {
  expectConfirmation,
  interactive,
  pressPlaceOrder,
  step,
  throughCustomForm,
  throughGuestAddress,
  throughMethod,
} from './support/checkout';
import { checkLayouts } from './support/layout';
import { type ReceivedMail, type SmtpReceiver, startSmtpReceiver } from './support/mail-catcher';
import { partOfType } from './support/mime';
import { SIGN_IN_TIMEOUT, signIn } from './support/sign-in';

/**
 * The README's "Running it for real", step by step, as a supplier's operator follows it: production mode on
 * PostgreSQL and Redis, a storefront and its manager made by command, a CSV catalogue imported, an order placed in
 * the browser reaching the ERP's webhook, confirmed and shipped through the operations API, and the buyer seeing
 * the tracking number. Its own server, database and mail server: nothing of the demo is there.
 */

test.describe.configure({ mode: 'serial' });

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3100) + 20;
const origin = `http://localhost:${port}`;
const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
const database = `real_${randomBytes(5).toString('hex')}`;
const PRODUCT = 'Anti-human CD4 antibody, clone OKT4, PE';
const manager = { email: 'ada@whitmore.example', password: 'Whitmore-Chosen-2026!' };

const SETTINGS = {
  DEMO_DATA: 'false',
  NODE_ENV: 'production',
  CRM_SERVICE_TOKEN: randomBytes(24).toString('base64url'),
  PAYMENTS_SECRET: randomBytes(32).toString('base64url'),
  IDENTITY_ADMIN_ACCESS_KEY_ID: `AKIA${randomBytes(8).toString('hex').toUpperCase()}`,
  IDENTITY_ADMIN_SECRET_ACCESS_KEY: randomBytes(32).toString('base64url'),
  OPERATIONS_TOKEN: randomBytes(32).toString('base64url'),
  MAIL_FROM: 'Acme Life Science <shop@acme.example>',
  REDIS_URL: process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379',
  PORT: String(port),
  LOG_LEVEL: 'warn',
};

const CATALOGUE_CSV = `sku,name,category,create_category,unit,short_description,list_price,tiers,stock,weight_kg,size_cm,cold_chain
ACM-CD4-PE,"Anti-human CD4 antibody, clone OKT4, PE",Antibodies > CD markers,yes,100 tests,Flow cytometry antibody for human CD4,189.00,1-4:189.00;5+:170.10,BOS:40:2,0.4,20 x 15 x 10,cold packs
ACM-PLT-96,"96-well assay plate, flat bottom",Plates,yes,case of 50,Tissue-culture treated polystyrene,92.00,,BOS:300:1,3.2,40 x 30 x 25,ambient
`;

interface Delivery {
  signature: string;
  body: string;
}

let env: Record<string, string>;
let server: ChildProcess | undefined;
let smtp: SmtpReceiver;
let receiver: Server;
let receiverUrl: string;
let workDir: string;
const mail: ReceivedMail[] = [];
const deliveries: Delivery[] = [];

/** Runs `npm run <script> -- <args>` as the README says, and answers its output and exit code. */
async function npm(script: string, args: string[], extra: Record<string, string> = {}) {
  const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
    cwd: root,
    env: { ...process.env, ...env, ...extra },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

async function waitUntilReady(): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const ready = await fetch(`${origin}/health/ready`).catch(() => null);
    if (ready?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the production-mode server did not become ready');
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  workDir = mkdtempSync(join(tmpdir(), 'storefront-real-'));
  smtp = await startSmtpReceiver(0, (received) => mail.push(received));
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk;
    });
    request.on('end', () => {
      deliveries.push({
        signature: String(request.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] ?? ''),
        body,
      });
      response.writeHead(204).end();
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/storefront-events`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${database}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  env = { ...SETTINGS, DATABASE_URL: url.toString(), SMTP_URL: `smtp://127.0.0.1:${smtp.port}` };
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
  await smtp?.close();
  receiver?.close();
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${database} with (force)`);
  await admin.end();
  rmSync(workDir, { recursive: true, force: true });
});

test('a supplier puts its store into service and an order goes from the browser to the ERP and back', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);

  // Make the storefront and its first manager; the command prints the ERP's operations key once.
  const created = await npm('storefront', [
    'create',
    '--name',
    'Acme Life Science',
    '--host',
    'localhost',
    '--currency',
    'USD',
    '--access',
    'guest',
    '--account',
    'Whitmore Institute',
    '--manager-email',
    manager.email,
    '--manager-name',
    'Ada Whitmore',
  ]);
  expect(created.code, created.output).toBe(0);
  const key = /^\s+(opk_\S+)$/m.exec(created.output)?.[1] ?? '';
  expect(key).toMatch(/^opk_/);

  // Start it: no demo storefront, user or product.
  server = spawn('bash', ['scripts/serve.sh'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  await waitUntilReady();
  await page.goto(`${origin}/`);
  await expect(page).toHaveTitle(/Acme Life Science/);
  await expect(page.getByText('BioNova')).toHaveCount(0);

  // Load the catalogue from a CSV file.
  const file = join(workDir, 'products.csv');
  writeFileSync(file, CATALOGUE_CSV);
  const imported = await npm('catalogue', ['import', file], { OPERATIONS_KEY: key, STOREFRONT_URL: origin });
  expect(imported.code, imported.output).toBe(0);

  // The ERP's endpoint for business events; its secret is shown once.
  const api = (path: string) => `${origin}${OPERATIONS_BASE_PATH}${path}`;
  const auth = { authorization: `Bearer ${key}` };
  const endpoint = await request.post(api('/webhooks'), {
    headers: { ...auth, [IDEMPOTENCY_KEY_HEADER]: 'erp-endpoint-1' },
    data: { url: receiverUrl },
  });
  expect(endpoint.status(), await endpoint.text()).toBe(200);
  const { secret } = (await endpoint.json()) as { secret: string };

  // The imported product is on the pages at once.
  await page.goto(`${origin}/`);
  await page.getByRole('link', { name: 'Antibodies', exact: true }).first().click();
  const product = page.getByRole('link', { name: PRODUCT });
  await expect(product).toBeVisible();
  await product.click();
  await expect(page.getByRole('heading', { level: 1, name: /Anti-human CD4 antibody/ })).toBeVisible();
  await expect(page.getByText('$189.00').first()).toBeVisible();
  await expect(page.getByText('In stock: 40 (ships in 2 days)')).toBeVisible();
  await checkLayouts(page, 'imported-product', [1280, 390]);

  // The manager signs in with the mailed temporary password and chooses their own.
  const invitation = mail.find((received) => received.to.includes(manager.email));
  const temporary = /temporary password is (\S+)\.\s*$/.exec(
    (partOfType(invitation?.data ?? '', 'text/plain') ?? '').trim(),
  )?.[1];
  expect(temporary).toBeTruthy();
  await page.goto(`${origin}/login`);
  await signIn.withPassword(page, manager.email, temporary ?? '');
  await page.getByLabel('New password').fill(manager.password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: SIGN_IN_TIMEOUT });

  // The manager orders the antibody on account.
  await page.goto(`${origin}/`);
  await page.getByRole('link', { name: 'Antibodies', exact: true }).first().click();
  await page.getByRole('link', { name: PRODUCT }).click();
  // A click before the page has hydrated does nothing: pressed again until the cart says so.
  await expect(() => cart.addFromHere(page, PRODUCT)).toPass({ timeout: 20_000 });
  await page.goto(`${origin}/checkout`);
  await interactive(page);
  const address = step(page, 'Shipping address');
  await address.getByLabel('First name').fill('Ada');
  await address.getByLabel('Last name').fill('Whitmore');
  await address.getByLabel('Email').fill(manager.email);
  await throughGuestAddress(page);
  await throughMethod(page);
  await throughCustomForm(page);
  const terms = step(page, 'Terms and payment');
  await terms.getByLabel('PO number').fill('PO-WI-2026-118');
  await terms.getByLabel('PO number').blur();
  await expect(terms.getByText('PO number PO-WI-2026-118 is saved on the order.')).toBeVisible();
  await pressPlaceOrder(page);
  await expectConfirmation(page);
  const orderNumber = (
    await page
      .getByText(/SO-\d{4}-\d{6,}/)
      .first()
      .innerText()
  ).match(/SO-\d{4}-\d{6,}/)?.[0];
  expect(orderNumber).toBeTruthy();

  // The ERP hears of it: a signed order.placed delivery.
  await expect
    .poll(
      () =>
        deliveries.map((delivery) => JSON.parse(delivery.body) as BusinessEvent).map((event) => event.type),
      {
        timeout: 30_000,
      },
    )
    .toContain('order.placed');
  const placed = deliveries.find(
    (delivery) => (JSON.parse(delivery.body) as BusinessEvent).type === 'order.placed',
  );
  const [, t = '', v1 = ''] = /^t=(\d+),v1=([0-9a-f]+)$/.exec(placed?.signature ?? '') ?? [];
  const expected = createHmac('sha256', secret).update(`${t}.${placed?.body}`).digest();
  expect(timingSafeEqual(Buffer.from(v1, 'hex'), expected)).toBe(true);
  expect((JSON.parse(placed?.body ?? '{}') as BusinessEvent).data).toMatchObject({ orderNumber });

  // It confirms the order with its own number and ships it.
  const change = async (action: string, body: object) => {
    const current = (await (
      await request.get(api(`/orders/${orderNumber}`), { headers: auth })
    ).json()) as OperationsOrder;
    const answer = await request.post(api(`/orders/${orderNumber}/${action}`), {
      headers: { ...auth, [IDEMPOTENCY_KEY_HEADER]: `${action}-${current.version}` },
      data: { ...body, version: current.version },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    return (await answer.json()) as OperationsOrder;
  };
  const ordered = await change('confirm', { erpOrderNumber: 'ERP-4471' });
  expect(ordered.lines.map((line) => line.sku)).toEqual(['ACM-CD4-PE']);
  const shipped = await change('shipments', {
    carrier: 'UPS',
    service: 'Ground',
    trackingNumber: '1Z999AA10123456784',
    trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    lines: ordered.lines.map(({ sku, quantity }) => ({ sku, quantity, lotNumber: 'L2611-04' })),
  });
  expect(shipped.status).toBe('shipped');

  // The buyer sees where the order is.
  await page.goto(`${origin}/billing/orders/${orderNumber}`);
  await expect(page.getByText('Shipped').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /1Z999AA10123456784/ })).toHaveAttribute(
    'href',
    'https://www.ups.com/track?tracknum=1Z999AA10123456784',
  );
});
