import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import type { DomainDetails } from '@storefront/contracts';
import { seedDataDir } from '@storefront/crm/testing';
import { startStorefront } from '../src/compose';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/logger';

/** The composed server of `npm start` (it needs `npm run build`), listening on a port of its own. */
export interface ComposedServer {
  baseUrl: string;
  /** The guest storefront, answered for `localhost`. */
  storefront: DomainDetails;
  /** The cookies a browser keeps after this demo user signs in (Amplify's keys). */
  signIn(username: string, password: string): Promise<string>;
  /** The headers a page of this storefront sends a form with (the same-origin check reads them). */
  formHeaders(cookie: string): Record<string, string>;
  close(): Promise<void>;
}

/** Starts the server on a new embedded database (or on `env.DATABASE_URL`), seeded with the demo. */
export async function startComposedServer(env: Record<string, string> = {}): Promise<ComposedServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-composed-'));
  if (!env.DATABASE_URL) await seedDataDir(dataDir);
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', ...env });
  const storefront = await startStorefront(config, createLogger('silent'));
  const server = serve({ fetch: storefront.app.fetch, hostname: '127.0.0.1', port: 0 }) as Server;
  await once(server, 'listening');
  const baseUrl = `http://localhost:${(server.address() as AddressInfo).port}`;
  const domain = await fetch(`${baseUrl}/api/domain`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ hostname: 'localhost' }),
  });
  const details = (await domain.json()) as DomainDetails;

  async function signIn(username: string, password: string): Promise<string> {
    const answer = await fetch(`${baseUrl}/identity`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        ClientId: details.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: username, PASSWORD: password },
      }),
    });
    const { AuthenticationResult: tokens } = (await answer.json()) as {
      AuthenticationResult?: { AccessToken: string; IdToken: string };
    };
    if (!tokens) throw new Error(`${username} could not sign in (${answer.status})`);
    const prefix = `CognitoIdentityServiceProvider.${details.clientId}`;
    const user = encodeURIComponent(username);
    return [
      `${prefix}.LastAuthUser=${user}`,
      `${prefix}.${user}.accessToken=${tokens.AccessToken}`,
      `${prefix}.${user}.idToken=${tokens.IdToken}`,
    ].join('; ');
  }

  return {
    baseUrl,
    storefront: details,
    signIn,
    formHeaders: (cookie) => ({ cookie, origin: baseUrl, 'sec-fetch-site': 'same-origin' }),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await storefront.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
