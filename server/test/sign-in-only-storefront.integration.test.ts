import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DomainDetails } from '@storefront/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReceivedMail, type SmtpReceiver, startSmtpReceiver } from '../../e2e/support/mail-catcher';
import { partOfType } from '../../e2e/support/mime';
import { type Storefront, startStorefront } from '../src/compose';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/logger';
import { runOperatorCommand } from './operator-command';

/**
 * `npm run storefront -- create --access sign-in` in production mode: a storefront only signed-in users see. It has
 * no guest account, a visitor's page goes to the sign-in page, and `list` says it is sign-in only; its currency is
 * the one the command names. `--mail-from` and `--reply-to` give it a sender of its own (its user pool's and its
 * order mail's) in place of MAIL_FROM.
 */
describe('a sign-in only storefront made by command', () => {
  let dataDir: string;
  let smtp: SmtpReceiver;
  let storefront: Storefront;
  const mail: ReceivedMail[] = [];
  let created = { stdout: '', stderr: '', code: null as number | null };
  let listed = { stdout: '', stderr: '', code: null as number | null };
  let refused = { stdout: '', stderr: '', code: null as number | null };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'storefront-sign-in-only-'));
    smtp = await startSmtpReceiver(0, (received) => mail.push(received));
    const env = {
      DEMO_DATA: 'false',
      NODE_ENV: 'production',
      CRM_SERVICE_TOKEN: 'crm-service-token-of-a-members-shop-01',
      IDENTITY_ADMIN_ACCESS_KEY_ID: 'AKIAMEMBERSSHOPKEY1',
      IDENTITY_ADMIN_SECRET_ACCESS_KEY: 'identity-admin-secret-of-a-members-shop',
      PAYMENTS_SECRET: 'payments-secret-shared-with-provider-02',
      OPERATIONS_TOKEN: 'operations-token-of-a-members-shop-0001',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Kestrel Reagents <orders@kestrel.example>',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    };
    created = await runOperatorCommand(
      'storefront',
      [
        'create',
        '--name',
        'Kestrel Reagents',
        '--host',
        'localhost',
        '--currency',
        'EUR',
        '--access',
        'sign-in',
        '--account',
        'Lindqvist Laboratory',
        '--manager-email',
        'eva@lindqvist.example',
        '--manager-name',
        'Eva Lindqvist',
        '--mail-from',
        'Kestrel Orders <orders@shop.kestrel.example>',
        '--reply-to',
        'service@kestrel.example',
      ],
      env,
    );
    refused = await runOperatorCommand(
      'storefront',
      [
        'create',
        '--name',
        'Kestrel Two',
        '--host',
        'two.kestrel.example',
        '--account',
        'Lindqvist Laboratory',
        '--manager-email',
        'eva@lindqvist.example',
        '--manager-name',
        'Eva Lindqvist',
        '--mail-from',
        'Kestrel <not an address>',
      ],
      env,
    );
    listed = await runOperatorCommand('storefront', ['list'], env);
    storefront = await startStorefront(loadConfig(env), createLogger('silent'));
  }, 120_000);

  afterAll(async () => {
    await storefront?.close();
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (path: string, init?: RequestInit) => storefront.app.request(`http://localhost${path}`, init);

  it('says it made a sign-in only storefront in its currency, and lists it so', () => {
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain('Storefront Kestrel Reagents made:');
    expect(created.stdout).toContain('(sign-in only, EUR).');
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(
      'localhost\tKestrel Reagents\tsign-in only\tmail from Kestrel Orders <orders@shop.kestrel.example>, replies to service@kestrel.example',
    );
    expect(created.stdout).toContain(
      'Its mail goes out from Kestrel Orders <orders@shop.kestrel.example>, replies to service@kestrel.example.',
    );
  });

  it('refuses a sender that is not an address, saying so, and makes nothing', () => {
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(
      '--mail-from must be an address or "Name <address>" of your own domain.',
    );
    expect(listed.stdout).not.toContain('two.kestrel.example');
  });

  it('has no guest account, so a visitor is sent to sign in rather than shown the catalogue', async () => {
    expect(storefront.storefronts).toEqual([{ domain: 'localhost', name: 'Kestrel Reagents', guest: false }]);
    const domain = (await (
      await call('/api/domain', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ hostname: 'localhost' }),
      })
    ).json()) as DomainDetails;
    expect(domain.guestAccountId).toBeNull();
    const home = await call('/', { redirect: 'manual' });
    expect([302, 303]).toContain(home.status);
    expect(new URL(home.headers.get('location') ?? '', 'http://localhost').pathname).toBe('/login');
  });

  it("mails its first manager a temporary password from the storefront's own sender, replies going to its address", () => {
    const invitation = mail.find((received) => received.to.includes('eva@lindqvist.example'));
    expect(invitation?.data).toMatch(/^From: .*Kestrel Orders.*<orders@shop\.kestrel\.example>/m);
    expect(invitation?.data).toMatch(/^Reply-To: .*service@kestrel\.example/m);
    expect(invitation?.data).not.toMatch(/^From: .*orders@kestrel\.example/m);
    expect(partOfType(invitation?.data ?? '', 'text/plain') ?? '').toMatch(/temporary password is \S+\./);
  });
});
