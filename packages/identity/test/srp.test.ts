import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { g, hashHex, hexToBigInt, k, modPow, N, padHex, poolName, privateKey } from '../src/srp/math';
import { expectedSignature, isValidA, serverHalf } from '../src/srp/server';
import { createVerifier } from '../src/srp/verifier';

const POOL_ID = 'us-east-1_AbCdEf123';
const TIMESTAMP = 'Tue Mar 4 09:05:07 UTC 2025';

/** The client's side as Amplify computes it: S = (B - k·g^x)^(a + u·x) mod N. */
function clientSignature(username: string, password: string, salt: string, B: string, secretBlock: string) {
  const a = hexToBigInt(randomBytes(128).toString('hex'));
  const A = modPow(g, a, N);
  const u = hexToBigInt(hashHex(padHex(A) + padHex(hexToBigInt(B))));
  const x = privateKey(poolName(POOL_ID), username, password, salt);
  const base = (((hexToBigInt(B) - k * modPow(g, x, N)) % N) + N) % N;
  const S = modPow(base, a + u * x, N);
  const key = Buffer.from(
    hkdfSync(
      'sha256',
      Buffer.from(padHex(S), 'hex'),
      Buffer.from(padHex(u), 'hex'),
      'Caldera Derived Key',
      16,
    ),
  );
  const signature = createHmac('sha256', key)
    .update(poolName(POOL_ID))
    .update(username)
    .update(Buffer.from(secretBlock, 'base64'))
    .update(TIMESTAMP)
    .digest();
  return { A: A.toString(16), signature };
}

describe('SRP', () => {
  it('pads hex the way Amplify does', () => {
    expect(padHex(0x7fn)).toBe('7f');
    expect(padHex(0x80n)).toBe('0080');
    expect(padHex(0xabcn)).toBe('0abc');
    expect(poolName(POOL_ID)).toBe('AbCdEf123');
  });

  it('accepts the signature of a client that knows the password, and only that one', () => {
    const { salt, verifier } = createVerifier(POOL_ID, 'jane', 'Secr3t!pass');
    const { b, B } = serverHalf(verifier);
    const secretBlock = randomBytes(64).toString('base64');
    const right = clientSignature('jane', 'Secr3t!pass', salt, B, secretBlock);
    const server = (A: string) =>
      expectedSignature({
        poolName: poolName(POOL_ID),
        userId: 'jane',
        A,
        B,
        b,
        verifier,
        secretBlock,
        timestamp: TIMESTAMP,
      });
    expect(server(right.A).equals(right.signature)).toBe(true);

    const wrong = clientSignature('jane', 'Secr3t!pasS', salt, B, secretBlock);
    expect(server(wrong.A).equals(wrong.signature)).toBe(false);
  });

  it('refuses an A that is 0 mod N or not hex', () => {
    expect(isValidA(padHex(N))).toBe(false);
    expect(isValidA('0')).toBe(false);
    expect(isValidA('xyz')).toBe(false);
    expect(isValidA(padHex(modPow(g, 12345n, N)))).toBe(true);
  });
});
