import { hash, type Options, verify } from '@node-rs/argon2';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the time of a verification when there is no user, so timing does not tell users apart. */
  verifyNobody(password: string): Promise<false>;
}

/** argon2id (2; the package's enum is a const enum, unusable with isolated modules). */
const ARGON2ID = 2;

/** OWASP's argon2id baseline: 19 MiB, 2 passes. */
const PRODUCTION: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
/** The smallest the tests need, so suites that set many passwords stay fast; never outside mode 'test'. */
const TEST: Options = { algorithm: ARGON2ID, memoryCost: 1024, timeCost: 1, parallelism: 1 };

export function passwordHasher(mode: 'development' | 'production' | 'test'): PasswordHasher {
  const options = mode === 'test' ? TEST : PRODUCTION;
  let nobody: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, options),
    verify: (passwordHash, password) => verify(passwordHash, password),
    verifyNobody: async (password) => {
      nobody ??= hash('no user has this password', options);
      await verify(await nobody, password);
      return false;
    },
  };
}
