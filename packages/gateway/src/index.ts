export type { Cache } from './cache';
export type { CrmFetch, CrmOptions } from './crm-client';
export { GatewayError } from './envelope';
export { createGateway, type Gateway, type GatewayOptions } from './gateway';
export type { Logger } from './logger';
export type { Principal, TokenVerifier, VerifiedUser } from './principal';
export { createCognitoTokenVerifier, type IdentityOptions } from './token-verifier';
