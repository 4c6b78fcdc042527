import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('loadConfig', () => {
  it('runs on the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.crmServiceToken.length).toBeGreaterThanOrEqual(32);
  });

  it('takes PostgreSQL from DATABASE_URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://root@127.0.0.1:5432/test' });
    expect(config.databaseUrl).toBe('postgres://root@127.0.0.1:5432/test');
  });

  it('keeps shared state in the Redis REDIS_URL names', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/2' }).redisUrl).toBe('redis://127.0.0.1:6379/2');
    expect(loadConfig({ REDIS_URL: 'rediss://cache.internal:6380' }).redisUrl).toBe(
      'rediss://cache.internal:6380',
    );
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ REDIS_URL: 'http://127.0.0.1:6379' }, 'REDIS_URL'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ GATEWAY_API_KEY: 'short' }, 'GATEWAY_API_KEY'],
    [{ CRM_URL: 'https://crm.example.com' }, 'CRM_SERVICE_TOKEN'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ DATABASE_CONNECT_TIMEOUT_MS: 'soon' }, 'DATABASE_CONNECT_TIMEOUT_MS'],
    [{ DATABASE_CONNECT_TIMEOUT_MS: '0' }, 'DATABASE_CONNECT_TIMEOUT_MS'],
    [{ PAYMENTS_URL: 'https://pay.example.com/hosted' }, 'PAYMENTS_SECRET'],
    [{ PAYMENTS_SECRET: 'too-short' }, 'PAYMENTS_SECRET'],
    [{ OPERATIONS_TOKEN: 'too-short' }, 'OPERATIONS_TOKEN'],
    [{ PAYMENTS_URL: 'not a url', PAYMENTS_SECRET: 'x'.repeat(32) }, 'PAYMENTS_URL'],
    [{ MAIL_FROM: 'BioNova Storefront' }, 'MAIL_FROM'],
    [{ MAIL_FROM: 'BioNova <no-reply at bionova.example>' }, 'MAIL_FROM'],
    [{ MAIL_FROM: 'BioNova\r\nBcc: all@bionova.example <no-reply@bionova.example>' }, 'MAIL_FROM'],
  ])('stops on %o with a message naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n {2}${variable}: `));
  });

  it("sends mail from the demo's sender unless MAIL_FROM names an address or 'Name <address>'", () => {
    expect(loadConfig({}).mailFrom).toBe('BioNova Storefront <no-reply@bionova.example>');
    expect(loadConfig({ MAIL_FROM: 'orders@shop.bionova-ls.com' }).mailFrom).toBe(
      'orders@shop.bionova-ls.com',
    );
    expect(loadConfig({ MAIL_FROM: '"BioNova, Inc." <orders@bionova-ls.com>' }).mailFrom).toBe(
      '"BioNova, Inc." <orders@bionova-ls.com>',
    );
    expect(() => loadConfig({ MAIL_FROM: 'BioNova' })).toThrow(
      "MAIL_FROM: must be an address or 'Name <address>'",
    );
  });

  it('serves the payment page on the storefront host by default, or names an external provider', () => {
    const embedded = loadConfig({}).payments;
    expect(embedded).toMatchObject({
      pageUrl: '/payments/pay',
      chargeUrl: 'http://payments.embedded/payments/charges',
      refundUrl: 'http://payments.embedded/payments/refunds',
      embedded: true,
    });
    expect(embedded.secret.length).toBeGreaterThanOrEqual(32);
    const secret = 'a-payment-secret-shared-with-the-provider';
    expect(
      loadConfig({ PAYMENTS_URL: 'https://pay.example.com/hosted/pay', PAYMENTS_SECRET: secret }).payments,
    ).toEqual({
      secret,
      pageUrl: 'https://pay.example.com/hosted/pay',
      chargeUrl: 'https://pay.example.com/hosted/charges',
      refundUrl: 'https://pay.example.com/hosted/refunds',
      embedded: false,
    });
    expect(
      loadConfig({
        PAYMENTS_URL: 'https://pay.example.com/hosted/pay',
        PAYMENTS_CHARGE_URL: 'https://api.pay.example.com/v1/charges',
        PAYMENTS_SECRET: secret,
      }).payments.chargeUrl,
    ).toBe('https://api.pay.example.com/v1/charges');
  });

  it('gives PostgreSQL 10 s to answer unless DATABASE_CONNECT_TIMEOUT_MS says otherwise', () => {
    expect(loadConfig({}).databaseConnectTimeoutMs).toBe(10_000);
    expect(loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: '2500' }).databaseConnectTimeoutMs).toBe(2500);
  });

  it('keeps a configured service token so separate CRM and gateway processes agree', () => {
    const token = 'a-service-token-of-enough-length';
    expect(loadConfig({ CRM_SERVICE_TOKEN: token }).crmServiceToken).toBe(token);
  });

  it('keeps a configured operations token, and makes up a new one per start otherwise', () => {
    const token = 'an-operations-token-of-enough-length';
    expect(loadConfig({ OPERATIONS_TOKEN: token }).operationsToken).toEqual({
      value: token,
      configured: true,
    });
    const [first, second] = [loadConfig({}).operationsToken, loadConfig({}).operationsToken];
    expect(first.configured).toBe(false);
    expect(first.value).toHaveLength(43);
    expect(first.value).not.toBe(second.value);
  });
});

describe('loadConfig for the user pools', () => {
  it('serves the user pools from this server by default, on its port', () => {
    expect(loadConfig({ PORT: '3100' }).identityUrl).toBe('http://localhost:3100/identity');
  });

  it('names the load balancer’s port in its issuer behind one, so every instance issues the same tokens', () => {
    const instances = ['3001', '3002'].map((PORT) => loadConfig({ PORT, PUBLIC_PORT: '3000' }));
    expect(instances.map((config) => config.identityUrl)).toEqual([
      'http://localhost:3000/identity',
      'http://localhost:3000/identity',
    ]);
    expect(instances.map((config) => config.port)).toEqual([3001, 3002]);
    expect(() => loadConfig({ PUBLIC_PORT: '70000' })).toThrow(/PUBLIC_PORT: /);
  });

  it('takes an external issuer base without its trailing slash', () => {
    const config = loadConfig({ IDENTITY_URL: 'https://cognito-idp.us-east-1.amazonaws.com/' });
    expect(config.identityUrl).toBe('https://cognito-idp.us-east-1.amazonaws.com');
  });

  it('stops on a bad SMTP URL, naming it', () => {
    expect(() => loadConfig({ SMTP_URL: 'not a url' })).toThrow(/SMTP_URL: /);
  });
});

describe('loadConfig for the tax service', () => {
  it('points the CRM at the embedded tax service on this server by default, with an account of its own', () => {
    const { tax } = loadConfig({ PORT: '3100' });
    expect(tax).toMatchObject({
      url: 'http://localhost:3100/tax',
      embedded: true,
      companyCode: 'BIONOVA',
      timeoutMs: 5000,
    });
    expect(tax.licenseKey.length).toBeGreaterThanOrEqual(16);
  });

  it('takes an AvaTax account by configuration only', () => {
    const { tax } = loadConfig({
      AVATAX_URL: 'https://sandbox-rest.avatax.com/',
      AVATAX_ACCOUNT_ID: '2000123456',
      AVATAX_LICENSE_KEY: 'A1B2C3D4E5F6A7B8',
      AVATAX_COMPANY_CODE: 'BIONOVA-US',
    });
    expect(tax).toEqual({
      url: 'https://sandbox-rest.avatax.com',
      embedded: false,
      accountId: '2000123456',
      licenseKey: 'A1B2C3D4E5F6A7B8',
      companyCode: 'BIONOVA-US',
      timeoutMs: 5000,
    });
  });

  it.each([
    [{ AVATAX_URL: 'https://sandbox-rest.avatax.com' }, 'AVATAX_URL'],
    [{ AVATAX_TIMEOUT_MS: '10' }, 'AVATAX_TIMEOUT_MS'],
    [{ AVATAX_LICENSE_KEY: 'short' }, 'AVATAX_LICENSE_KEY'],
  ])('stops on %o with a message naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n {2}${variable}: `));
  });
});
