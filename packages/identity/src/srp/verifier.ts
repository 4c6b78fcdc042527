import { randomBytes } from 'node:crypto';
import { g, hexToBigInt, modPow, N, padHex, poolName, privateKey } from './math';

export interface SrpVerifier {
  salt: string;
  verifier: string;
}

/** A new salt and v = g^x mod N for a password, computed whenever the password is set. */
export function createVerifier(poolId: string, username: string, password: string): SrpVerifier {
  const salt = padHex(hexToBigInt(randomBytes(16).toString('hex')));
  const x = privateKey(poolName(poolId), username, password, salt);
  return { salt, verifier: padHex(modPow(g, x, N)) };
}
