import { generateSecret, verify } from 'otplib';

export function newTotpSecret(): string {
  return generateSecret();
}

/**
 * Checks a 6-digit TOTP code, allowing one 30-second step of clock drift either way, and never a step at
 * or before the last one accepted (a code is good once). Returns the accepted step, or null.
 */
export async function verifyTotp(
  secret: string,
  code: string,
  now: Date,
  lastStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: 30,
      ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}
