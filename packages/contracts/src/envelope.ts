/** The gateway answers every field with a JSON string of this shape (spec P§7, P§8). */
export interface Envelope<T = unknown> {
  statusCode: number;
  content: T;
}

export function envelope<T>(statusCode: number, content: T): Envelope<T> {
  return { statusCode, content };
}

const ERROR_MARKERS = ['ERROR:', 'Error:'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * A call fails when the outer or inner status is not 200, when string content carries 'ERROR:' or
 * 'Error:', or when the content's errorCode (or its first error's) is APEX_ERROR (spec P§8).
 */
export function isFailedCall(outerStatus: number, env: Envelope): boolean {
  if (outerStatus !== 200 || env.statusCode !== 200) return true;
  const { content } = env;
  if (typeof content === 'string') return ERROR_MARKERS.some((marker) => content.includes(marker));
  // Salesforce answers errors as a list of them.
  const [first] = Array.isArray(content) ? content : [content];
  return isRecord(first) && first.errorCode === 'APEX_ERROR';
}
