import { Hash } from '@smithy/hash-node';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import { safeEqual } from '../security/compare';
import { CognitoError } from './errors';

export interface AdminCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;
const AMZ_DATE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;
/** AWS refuses signatures more than 5 minutes from its own time. */
const MAX_SKEW_MS = 5 * 60_000;

/**
 * Checks an admin request's SigV4 signature by signing the same request again with the configured secret
 * and comparing in constant time; the answers are those AWS gives. The signature's age is checked against
 * the wall clock, since that is what the signer used (the service clock may be a test's).
 */
export async function verifySigV4(
  request: Request,
  body: string,
  credentials: AdminCredentials,
): Promise<void> {
  const match = AUTHORIZATION.exec(request.headers.get('authorization') ?? '');
  if (!match) {
    throw new CognitoError('MissingAuthenticationTokenException', 'Missing Authentication Token');
  }
  const [, accessKeyId, day, region, service, signedHeaderList, signature] = match as unknown as string[];
  if (!safeEqual(accessKeyId ?? '', credentials.accessKeyId)) {
    throw new CognitoError(
      'UnrecognizedClientException',
      'The security token included in the request is invalid.',
    );
  }
  const amzDate = request.headers.get('x-amz-date') ?? '';
  const signingDate = parseAmzDate(amzDate);
  if (
    !signingDate ||
    !amzDate.startsWith(day ?? '') ||
    service !== 'cognito-idp' ||
    region !== credentials.region
  ) {
    throw invalidSignature();
  }
  if (Math.abs(Date.now() - signingDate.getTime()) > MAX_SKEW_MS) {
    throw new CognitoError(
      'InvalidSignatureException',
      'Signature expired: the request time is too far from now.',
    );
  }
  const signedHeaders = (signedHeaderList ?? '').split(';');
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  for (const name of signedHeaders) headers[name] = request.headers.get(name) ?? '';
  const signer = new SignatureV4({
    credentials: { accessKeyId: credentials.accessKeyId, secretAccessKey: credentials.secretAccessKey },
    region: credentials.region,
    service: 'cognito-idp',
    sha256: Hash.bind(null, 'sha256'),
    applyChecksum: signedHeaders.includes('x-amz-content-sha256'),
  });
  const signed = await signer.sign(
    new HttpRequest({
      method: request.method,
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      body,
    }),
    { signingDate, signableHeaders: new Set(signedHeaders) },
  );
  const expected = /Signature=([0-9a-f]{64})$/.exec(String(signed.headers.authorization))?.[1] ?? '';
  if (!safeEqual(expected, signature ?? '')) throw invalidSignature();
}

function invalidSignature(): CognitoError {
  return new CognitoError(
    'InvalidSignatureException',
    'The request signature we calculated does not match the signature you provided.',
  );
}

function parseAmzDate(value: string): Date | undefined {
  const parts = AMZ_DATE.exec(value);
  if (!parts) return undefined;
  const [, y, mo, d, h, mi, s] = parts.map(Number) as number[];
  return new Date(Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0));
}
