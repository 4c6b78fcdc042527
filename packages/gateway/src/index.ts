export type { Cache } from './cache';
export type { CrmFetch, CrmOptions } from './crm-client';
export { GatewayRefusal } from './envelope';
export { createGateway, type Gateway, type GatewayConnection, type GatewayOptions } from './gateway';
export type { Logger } from './logger';
export type { Principal, TokenVerifier, VerifiedUser } from './principal';
export { memoryRateLimiter, type RateDecision, type RateLimiter, type RateRule } from './rate-limiter';
export { createCognitoTokenVerifier, type TokenVerifierOptions } from './token-verifier';
