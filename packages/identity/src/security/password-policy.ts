import { CognitoError } from '../protocol/errors';

/** Cognito's symbols for the "special character" rule. */
const SYMBOLS = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+-]/;

/** The default pool policy: at least 8 characters with an upper- and lower-case letter, a number and a symbol. */
const RULES: { test: (password: string) => boolean; message: string }[] = [
  { test: (p) => p.length >= 8, message: 'Password not long enough' },
  { test: (p) => /[a-z]/.test(p), message: 'Password must have lowercase characters' },
  { test: (p) => /[A-Z]/.test(p), message: 'Password must have uppercase characters' },
  { test: (p) => /[0-9]/.test(p), message: 'Password must have numeric characters' },
  { test: (p) => SYMBOLS.test(p), message: 'Password must have symbol characters' },
];

export function assertPasswordPolicy(password: string): void {
  if (password.length > 256 || /^\s|\s$/.test(password)) {
    throw new CognitoError(
      'InvalidPasswordException',
      'Password does not conform to policy: Invalid password',
    );
  }
  const failed = RULES.find((rule) => !rule.test(password));
  if (failed) {
    throw new CognitoError(
      'InvalidPasswordException',
      `Password did not conform with policy: ${failed.message}`,
    );
  }
}
