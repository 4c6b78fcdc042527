import type { z } from 'zod';
import type { IdentityContext } from '../context';
import { invalidParameter } from '../protocol/errors';
import { userSubject } from '../security/rate-limit';
import { poolOfClient } from '../users/pools';
import { unstorableTextPath } from './stored-text';

/** One protocol operation: how its body is parsed, who may call it, and what it does. */
export interface Operation {
  /** Admin operations need a SigV4 signature by the configured admin credentials. */
  admin: boolean;
  /** Parses the body with the operation's schema, counts the request against the user it names, runs it. */
  handle(ctx: IdentityContext, body: unknown, limitUser: (subject: string) => Promise<void>): Promise<object>;
}

/** The user a public request names, through the app client of their pool. */
export interface NamedUser {
  ClientId: string;
  username: string;
}

interface Definition<S extends z.ZodType> {
  input: S;
  /** The user a request names, for the per-user rate limit. */
  subject?: (input: z.infer<S>) => NamedUser | undefined;
  run(ctx: IdentityContext, input: z.infer<S>): Promise<object>;
}

export function publicOperation<S extends z.ZodType>(definition: Definition<S>): Operation {
  return build(definition, false);
}

export function adminOperation<S extends z.ZodType>(definition: Definition<S>): Operation {
  return build(definition, true);
}

function build<S extends z.ZodType>(definition: Definition<S>, admin: boolean): Operation {
  return {
    admin,
    async handle(ctx, body, limitUser) {
      const unstorable = unstorableTextPath(body);
      if (unstorable !== undefined)
        throw invalidParameter(
          validationMessage([
            `Value at '${unstorable}' failed to satisfy constraint: Member must not contain a NUL character or an unpaired surrogate`,
          ]),
        );
      const parsed = definition.input.safeParse(body);
      if (!parsed.success) throw invalidParameter(validationMessage(issueTexts(parsed.error)));
      const named = definition.subject?.(parsed.data);
      if (named) {
        // Keyed on the pool's user, not the client or the spelling: every way of naming them shares one budget.
        const { pool } = await poolOfClient(ctx.db, named.ClientId);
        await limitUser(userSubject(pool.id, named.username));
      }
      return definition.run(ctx, parsed.data);
    },
  };
}

function issueTexts(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const path = issue.path.join('.') || 'request';
    return `Value at '${path}' failed to satisfy constraint: ${issue.message}`;
  });
}

/** In the words AWS uses for a request that fails its model's constraints. */
function validationMessage(issues: string[]): string {
  const count = issues.length;
  return `${count} validation error${count === 1 ? '' : 's'} detected: ${issues.slice(0, 5).join('; ')}`;
}
