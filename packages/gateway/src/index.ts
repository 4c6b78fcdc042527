export type { CrmFetch, CrmOptions } from './crm-client';
export { GatewayRefusal } from './envelope';
export { createGateway, type Gateway, type GatewayConnection, type GatewayOptions } from './gateway';
export type { Logger } from './logger';
export type { CacheUse, GatewayObserver } from './observer';
export type { Principal, TokenVerifier, VerifiedUser } from './principal';
export { createCognitoTokenVerifier, type TokenVerifierOptions } from './token-verifier';
export { createUserPoolAdmin, type UserPoolAdmin, type UserPoolAdminOptions } from './user-pool-admin';
export type { PoolSnapshot } from './users/directory';
