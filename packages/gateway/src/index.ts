export type { Cache } from './cache';
export type { CrmFetch, CrmOptions } from './crm-client';
export { GatewayRefusal } from './envelope';
export { createGateway, type Gateway, type GatewayOptions } from './gateway';
export type { Logger } from './logger';
export type { Principal, TokenVerifier, VerifiedUser } from './principal';
export { createCognitoTokenVerifier, type TokenVerifierOptions } from './token-verifier';
