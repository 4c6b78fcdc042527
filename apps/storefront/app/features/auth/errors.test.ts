import { describe, expect, it } from 'vitest';
import { authErrorMessage, endsSession } from './errors';

const serviceError = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('authErrorMessage', () => {
  it("shows the service's message", () => {
    expect(
      authErrorMessage(serviceError('CodeMismatchException', 'Invalid verification code provided.')),
    ).toBe('Invalid verification code provided.');
  });

  it("uses the spec's wording for network failures and missing sign-in", () => {
    expect(authErrorMessage(serviceError('NetworkError', 'A network error has occurred.'))).toBe(
      'Network Error',
    );
    expect(authErrorMessage(new TypeError('Failed to fetch'))).toBe('Network Error');
    expect(
      authErrorMessage(serviceError('UserUnAuthenticatedException', 'User needs to be authenticated')),
    ).toBe('User is not authenticated');
  });

  it('falls back when there is no message', () => {
    expect(authErrorMessage(new Error(''), 'Error creating account')).toBe('Error creating account');
    expect(authErrorMessage(undefined)).toBe('Network Error');
  });
});

describe('endsSession (spec P§8)', () => {
  it('is true for a refusal as not authorised and for each sign-out message', () => {
    expect(endsSession(serviceError('NotAuthorizedException', 'Invalid Refresh Token'))).toBe(true);
    for (const message of [
      'User is disabled.',
      'User does not exist.',
      'Access Token has been revoked',
      'Refresh Token has been revoked',
      'Refresh Token has expired',
      'Password reset required for the user',
    ]) {
      expect(endsSession(serviceError('SomeException', message))).toBe(true);
    }
  });

  it('is false for other failures', () => {
    expect(endsSession(serviceError('NetworkError', 'Network error'))).toBe(false);
    expect(endsSession(serviceError('TooManyRequestsException', 'Rate exceeded'))).toBe(false);
  });
});
