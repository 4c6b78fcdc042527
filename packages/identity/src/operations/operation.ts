import type { z } from 'zod';
import type { IdentityContext } from '../context';
import { invalidParameter } from '../protocol/errors';

/** One protocol operation: how its body is parsed, who may call it, and what it does. */
export interface Operation {
  /** Admin operations need a SigV4 signature by the configured admin credentials. */
  admin: boolean;
  /** Parses the body with the operation's schema, counts the request against the user it names, runs it. */
  handle(ctx: IdentityContext, body: unknown, limitUser: (subject: string) => void): Promise<object>;
}

interface Definition<S extends z.ZodType> {
  input: S;
  /** The user a request names (client or pool, and username), for the per-user rate limit. */
  subject?: (input: z.infer<S>) => string | undefined;
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
      const parsed = definition.input.safeParse(body);
      if (!parsed.success) throw invalidParameter(validationMessage(parsed.error));
      const subject = definition.subject?.(parsed.data);
      if (subject) limitUser(subject);
      return definition.run(ctx, parsed.data);
    },
  };
}

/** In the words AWS uses for a request that fails its model's constraints. */
function validationMessage(error: z.ZodError): string {
  const issues = error.issues.slice(0, 5).map((issue) => {
    const path = issue.path.join('.') || 'request';
    return `Value at '${path}' failed to satisfy constraint: ${issue.message}`;
  });
  const count = error.issues.length;
  return `${count} validation error${count === 1 ? '' : 's'} detected: ${issues.join('; ')}`;
}
