import { describe, expect, it } from 'vitest';
import type { CognitoError } from '../src/protocol/errors';
import { assertPasswordPolicy } from '../src/security/password-policy';
import { attributeDeletes, attributeWrites, maskDestination } from '../src/users/attributes';

function failure(run: () => unknown): CognitoError | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return error as CognitoError;
  }
}

describe('password policy (Cognito default)', () => {
  it.each([
    ['Sh0rt!', 'Password not long enough'],
    ['NOLOWER1!', 'Password must have lowercase characters'],
    ['noupper1!', 'Password must have uppercase characters'],
    ['NoNumber!', 'Password must have numeric characters'],
    ['NoSymbol1', 'Password must have symbol characters'],
  ])('refuses %s', (password, message) => {
    const error = failure(() => assertPasswordPolicy(password));
    expect(error?.type).toBe('InvalidPasswordException');
    expect(error?.message).toBe(`Password did not conform with policy: ${message}`);
  });

  it('accepts a password with every class', () => {
    expect(failure(() => assertPasswordPolicy('Corr3ct-horse!'))).toBeUndefined();
  });
});

describe('attribute writes', () => {
  it('skips sub and a user’s *_verified flags', () => {
    const writes = attributeWrites(
      [
        { Name: 'sub', Value: 'x' },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'given_name', Value: 'Ada' },
      ],
      'user',
    );
    expect(writes).toEqual({ given_name: 'Ada' });
  });

  it('keeps the account attributes for administrators', () => {
    const list = [{ Name: 'custom:salesforceAccountId', Value: '001' }];
    expect(failure(() => attributeWrites(list, 'user'))?.type).toBe('NotAuthorizedException');
    expect(attributeWrites(list, 'admin')).toEqual({ 'custom:salesforceAccountId': '001' });
  });

  it('refuses unknown attributes and bad formats', () => {
    expect(failure(() => attributeWrites([{ Name: 'shoe_size', Value: '9' }], 'admin'))?.type).toBe(
      'InvalidParameterException',
    );
    expect(failure(() => attributeWrites([{ Name: 'email', Value: 'nope' }], 'user'))?.message).toBe(
      'Invalid email address format.',
    );
    expect(failure(() => attributeWrites([{ Name: 'phone_number', Value: '555' }], 'user'))?.message).toBe(
      'Invalid phone number format.',
    );
    expect(failure(() => attributeDeletes(['email'], 'user'))?.type).toBe('InvalidParameterException');
  });

  it('masks destinations', () => {
    expect(maskDestination('EMAIL', 'jane.doe@example.com')).toBe('j***@e***.com');
    expect(maskDestination('SMS', '+15555550123')).toBe('+*******0123');
  });
});
