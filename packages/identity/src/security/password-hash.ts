import { availableParallelism } from 'node:os';
import { hash, type Options, verify } from '@node-rs/argon2';
import { limitConcurrency } from './limit-concurrency';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the time of a verification when there is no user, so timing does not tell users apart. */
  verifyNobody(password: string): Promise<false>;
  /** Whether a stored hash was made with other parameters than new ones are, and so is to be made again. */
  isOutdated(passwordHash: string): boolean;
}

/** argon2id (2; the package's enum is a const enum, unusable with isolated modules). */
const ARGON2ID = 2;

/**
 * OWASP's argon2id option of 7 MiB and 5 passes, which it rates as strong as its 19 MiB, 2-pass baseline for
 * about the same CPU. A hash holds its memory outside the heap while it runs, so the smaller one keeps a
 * sign-in within a server's memory budget (decision 0047).
 */
const PRODUCTION: Options = { algorithm: ARGON2ID, memoryCost: 7_168, timeCost: 5, parallelism: 1 };
/** The smallest the tests need, so suites that set many passwords stay fast; never outside mode 'test'. */
const TEST: Options = { algorithm: ARGON2ID, memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** The PHC string's parameters part, as argon2 writes it: `m=7168,t=5,p=1`. */
const parametersOf = (options: Options) =>
  `m=${options.memoryCost},t=${options.timeCost},p=${options.parallelism}`;

export function passwordHasher(mode: 'development' | 'production' | 'test'): PasswordHasher {
  const options = mode === 'test' ? TEST : PRODUCTION;
  const current = `$argon2id$v=19$${parametersOf(options)}$`;
  // A hash is CPU-bound on one thread: more at once than there are cores only adds each one's memory.
  const oneCoreEach = limitConcurrency(availableParallelism());
  const verifyOne = (passwordHash: string, password: string) =>
    oneCoreEach(() => verify(passwordHash, password));
  let nobody: Promise<string> | undefined;
  return {
    hash: (password) => oneCoreEach(() => hash(password, options)),
    verify: verifyOne,
    verifyNobody: async (password) => {
      nobody ??= oneCoreEach(() => hash('no user has this password', options));
      await verifyOne(await nobody, password);
      return false;
    },
    isOutdated: (passwordHash) => !passwordHash.startsWith(current),
  };
}
