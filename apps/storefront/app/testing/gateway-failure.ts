import { GatewayCallError } from '../lib/gateway';

/** Awaits a call that must fail with a GatewayCallError, and answers that error. */
export async function gatewayFailure(promise: Promise<unknown>): Promise<GatewayCallError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof GatewayCallError))
    throw new Error(`expected a GatewayCallError, got ${String(error)}`);
  return error;
}
