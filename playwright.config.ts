import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS } from './e2e/support/chromium-flags';

const port = Number(process.env.E2E_PORT ?? 3100);
// Every run starts on an empty embedded database, so the server migrates and seeds as on a fresh clone.
const dataDir = mkdtempSync(join(tmpdir(), 'storefront-e2e-'));
/** The server's gateway key; tests that call the gateway directly read it from the environment. */
process.env.GATEWAY_API_KEY ??= 'e2e-gateway-api-key-0001';
/** The operator's token (POST /operations/keys mints a storefront's operations key with it). */
process.env.OPERATIONS_TOKEN ??= 'e2e-operations-token-00000000001';
// Workers inherit these from the main process, so all of them read the mail the one catcher receives.
process.env.E2E_SMTP_PORT ??= String(port + 1);
process.env.E2E_MAIL_DIR ??= mkdtempSync(join(tmpdir(), 'storefront-e2e-mail-'));

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.e2e.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // The longest journeys take 25 s on an idle 2-core machine and pass 30 s while the other worker is busy too.
  timeout: 60_000,
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        ...CHROMIUM_FLAGS,
        // A host no storefront is configured for, answered by this server.
        `--host-resolver-rules=MAP unknown-store.test 127.0.0.1`,
      ],
    },
  },
  webServer: {
    // The compiled server of `npm run build`, as production runs it.
    command: 'bash scripts/serve.sh',
    // Ready: start-up done (migrations, seed) and the database answering; /health answers earlier.
    url: `http://localhost:${port}/health/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      GATEWAY_API_KEY: process.env.GATEWAY_API_KEY,
      OPERATIONS_TOKEN: process.env.OPERATIONS_TOKEN,
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
    },
  },
});
