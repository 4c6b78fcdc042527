/** The operations capability: the keys machines authenticate with, and the idempotency of their calls. */
export {
  type Claim,
  claimIdempotencyKey,
  recordIdempotentAnswer,
  releaseIdempotencyKey,
} from './idempotency';
export { authenticateOperationsKey, createOperationsKey, type OperationsCaller } from './keys';
