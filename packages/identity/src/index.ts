/** The user-pool service speaking Amazon Cognito's protocol, on the shared database. */
export { createIdentityApp, type IdentityAppOptions } from './app';
export { migrateIdentity } from './db/database';
export { type DemoFederation, ensureDemoFederation } from './demo-provider/provisioning';
export { ensureIdentityProvider, type ProviderDefinition } from './federation/providers';
export { type Logger, redactSecrets } from './logger';
export { type OutboxEntry, outboxFor } from './mail/outbox';
export { ensureUser, ensureUserPool, type PoolDefinition, type UserDefinition } from './provisioning';
export type { IdentityEnv } from './security/rate-limit';
export { rotateSigningKey } from './tokens/keys';
