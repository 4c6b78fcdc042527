import { AUTH_MESSAGES, SIGN_OUT_MESSAGES } from './messages';

/** What the identity library's errors look like: a name (the service's exception) and a message. */
function parts(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: '', message: typeof error === 'string' ? error : '' };
}

/** The message to show for a failed call: the service's own, with the spec's wording where it has one. */
export function authErrorMessage(error: unknown, fallback: string = AUTH_MESSAGES.networkError): string {
  const { name, message } = parts(error);
  if (name === 'NetworkError' || message === 'Failed to fetch') return AUTH_MESSAGES.networkError;
  if (name === 'UserUnAuthenticatedException') return AUTH_MESSAGES.notAuthenticated;
  return message || fallback;
}

/** A refusal as not authorised, or one of the messages that force sign-out (spec P§8). */
export function endsSession(error: unknown): boolean {
  const { name, message } = parts(error);
  return name === 'NotAuthorizedException' || SIGN_OUT_MESSAGES.some((text) => message.includes(text));
}
