import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReceivedMail, type SmtpReceiver, startSmtpReceiver } from '../../e2e/support/mail-catcher';
import { partOfType } from '../../e2e/support/mime';
import { type Storefront, startStorefront } from '../src/compose';
import { ConfigError, loadConfig, PRODUCTION_SETTINGS } from '../src/config';
import { createLogger } from '../src/logger';
import { runOperatorCommand } from './operator-command';

const secrets = (smtpPort: number) => ({
  DEMO_DATA: 'false',
  NODE_ENV: 'production',
  CRM_SERVICE_TOKEN: 'crm-service-token-of-this-supplier-0001',
  IDENTITY_ADMIN_ACCESS_KEY_ID: 'AKIAPRODUCTIONKEY01',
  IDENTITY_ADMIN_SECRET_ACCESS_KEY: 'identity-admin-secret-of-this-supplier-01',
  PAYMENTS_SECRET: 'payments-secret-shared-with-the-provider-01',
  OPERATIONS_TOKEN: 'operations-token-of-this-supplier-0001',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_FROM: 'Acme Life Science <orders@acme.example>',
});

describe('production mode', () => {
  it('refuses to start without each secret, naming every missing one', () => {
    let problem = '';
    try {
      loadConfig({ DEMO_DATA: 'false', SMTP_URL: 'smtp://127.0.0.1:25' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      problem = (error as Error).message;
    }
    for (const name of Object.keys(PRODUCTION_SETTINGS).filter((name) => name !== 'SMTP_URL'))
      expect(problem).toContain(`${name}: must be set in production mode (DEMO_DATA=false)`);
    expect(problem).not.toContain('SMTP_URL:');
    // The demo keeps starting with none of them.
    expect(loadConfig({}).demoData).toBe(true);
  });

  describe('from an empty database', () => {
    let dataDir: string;
    let smtp: SmtpReceiver;
    let env: Record<string, string>;
    let storefront: Storefront;
    const mail: ReceivedMail[] = [];
    let created = { stdout: '', code: null as number | null };

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'storefront-production-'));
      smtp = await startSmtpReceiver(0, (received) => mail.push(received));
      env = { ...secrets(smtp.port), DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
      created = await runOperatorCommand(
        'storefront',
        [
          'create',
          '--name',
          'Acme Life Science',
          '--host',
          'localhost',
          '--currency',
          'USD',
          '--account',
          'Whitmore Institute',
          '--manager-email',
          'ada@whitmore.example',
          '--manager-name',
          'Ada Whitmore',
        ],
        env,
      );
      storefront = await startStorefront(loadConfig(env), createLogger('silent'));
    }, 120_000);

    afterAll(async () => {
      await storefront?.close();
      await smtp?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const call = (path: string, init?: RequestInit) =>
      storefront.app.request(`http://localhost${path}`, init);
    const signIn = async (username: string, password: string) => {
      const { clientId } = (await (
        await call('/api/domain', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ hostname: 'localhost' }),
        })
      ).json()) as { clientId: string };
      const answer = await call('/identity', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
        },
        body: JSON.stringify({
          ClientId: clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: username, PASSWORD: password },
        }),
      });
      return (await answer.json()) as { ChallengeName?: string; __type?: string };
    };

    it('serves only the storefront the command made, with no demo storefront or user', async () => {
      expect(created.code).toBe(0);
      expect(storefront.storefronts).toEqual([
        { domain: 'localhost', name: 'Acme Life Science', guest: true },
      ]);
      expect(storefront.demoUsers).toEqual([]);
      const home = await call('/');
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('Acme Life Science');
      const demo = await signIn('manager@halvorsen.example', 'Demo-Manager-2026!');
      expect(demo.__type).toBe('NotAuthorizedException');
    });

    it('mails the first manager a temporary password from the configured sender, which signs in to set their own', async () => {
      const invitation = mail.find((received) => received.to.includes('ada@whitmore.example'));
      expect(invitation?.data).toMatch(/^From: .*orders@acme\.example/m);
      const text = partOfType(invitation?.data ?? '', 'text/plain') ?? '';
      const password = /temporary password is (\S+)\.\s*$/.exec(text.trim())?.[1] ?? '';
      expect(password).not.toBe('');
      const first = await signIn('ada@whitmore.example', password);
      expect(first.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    });

    it("prints an operations key that the storefront's ERP calls the operations API with", async () => {
      const key = /^\s+(opk_\S+)$/m.exec(created.stdout)?.[1] ?? '';
      expect(key).not.toBe('');
      const orders = await call('/operations/v1/orders', { headers: { authorization: `Bearer ${key}` } });
      expect(orders.status).toBe(200);
      expect(await orders.json()).toEqual({ orders: [], next: null });
      const refused = await call('/operations/v1/orders', {
        headers: { authorization: 'Bearer opk_nothing' },
      });
      expect(refused.status).toBe(401);
    });

    it("mints an operations key for the operator's token only, from a small body of names without NUL", async () => {
      const mint = (body: string, token = secrets(smtp.port).OPERATIONS_TOKEN) =>
        call('/operations/keys', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body,
        });
      expect(
        (await mint(JSON.stringify({ storefront: 'localhost' }), 'not-the-operations-token')).status,
      ).toBe(401);
      expect((await mint(JSON.stringify({ storefront: 'localhost', name: 'ERP\u0000' }))).status).toBe(400);
      expect(
        (await mint(JSON.stringify({ storefront: 'localhost', name: 'x'.repeat(8 * 1024) }))).status,
      ).toBe(413);
      expect((await mint(JSON.stringify({ storefront: 'elsewhere.example' }))).status).toBe(404);
      const minted = await mint(JSON.stringify({ storefront: 'localhost', name: 'PIM' }));
      expect(minted.status).toBe(200);
      const { key } = (await minted.json()) as { key: string };
      const orders = await call('/operations/v1/orders', { headers: { authorization: `Bearer ${key}` } });
      expect(orders.status).toBe(200);
    });

    it('refuses to run while the storefront holds the embedded data dir, naming it', async () => {
      const again = await runOperatorCommand('storefront', ['list'], env);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain(`holds ${dataDir}`);
    });
  });
});
