import { createHmac, hkdfSync } from 'node:crypto';
import { g, hashHex, hexToBigInt, k, modPow, N, padHex, randomBigInt } from './math';

export interface ServerHalf {
  /** The server's secret exponent, kept with the challenge (hex). */
  b: string;
  /** B = k·v + g^b mod N (hex), sent as SRP_B. */
  B: string;
}

/** The server's half of the exchange for a verifier (hex). */
export function serverHalf(verifierHex: string): ServerHalf {
  const v = hexToBigInt(verifierHex);
  for (;;) {
    const b = randomBigInt(32);
    const B = (k * v + modPow(g, b, N)) % N;
    if (B !== 0n) return { b: padHex(b), B: padHex(B) };
  }
}

/** The client's A is usable only when A mod N is not 0 (else the shared secret would be known). */
export function isValidA(aHex: string): boolean {
  return /^[0-9a-fA-F]{1,1600}$/.test(aHex) && hexToBigInt(aHex) % N !== 0n;
}

export interface ClaimInput {
  /** The pool's name (the part of its id after the underscore), or a device's group key. */
  poolName: string;
  /** USER_ID_FOR_SRP, or a device's key: the name the verifier was computed with. */
  userId: string;
  A: string;
  B: string;
  b: string;
  verifier: string;
  /** SECRET_BLOCK as sent (base64). */
  secretBlock: string;
  /** TIMESTAMP as the client sent it, 'ddd MMM D HH:mm:ss UTC YYYY'. */
  timestamp: string;
}

/**
 * The PASSWORD_CLAIM_SIGNATURE a client knowing the password computes: S = (A·v^u)^b mod N with
 * u = H(PAD(A) | PAD(B)); key = HKDF(S, salt u, 'Caldera Derived Key', 16 bytes); then
 * HMAC-SHA256(key, poolName | userId | secretBlock | timestamp), base64.
 */
export function expectedSignature(input: ClaimInput): Buffer {
  const A = hexToBigInt(input.A);
  const u = hexToBigInt(hashHex(padHex(A) + input.B));
  const S = modPow((A * modPow(hexToBigInt(input.verifier), u, N)) % N, hexToBigInt(input.b), N);
  const key = Buffer.from(
    hkdfSync(
      'sha256',
      Buffer.from(padHex(S), 'hex'),
      Buffer.from(padHex(u), 'hex'),
      'Caldera Derived Key',
      16,
    ),
  );
  return createHmac('sha256', key)
    .update(input.poolName, 'utf8')
    .update(input.userId, 'utf8')
    .update(Buffer.from(input.secretBlock, 'base64'))
    .update(input.timestamp, 'utf8')
    .digest();
}
