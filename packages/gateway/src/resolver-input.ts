import type { z } from 'zod';
import { GatewayRefusal } from './envelope';

/** Parses client input at the boundary; a bad value is a 400 naming the field, never a 500. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, what: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw new GatewayRefusal(400, `Invalid ${what}: ${where}${issue?.message ?? 'malformed'}`);
}
