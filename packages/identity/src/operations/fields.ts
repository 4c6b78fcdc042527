import { z } from 'zod';

/** The request fields most operations share, with Cognito's constraints. */
export const ClientId = z
  .string()
  .regex(/^[\w+]+$/)
  .min(1)
  .max(128);
export const UserPoolId = z
  .string()
  .regex(/^[\w-]+_[0-9a-zA-Z]+$/)
  .min(1)
  .max(55);
export const Username = z
  .string()
  .regex(/^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u)
  .min(1)
  .max(128);
export const Password = z.string().min(1).max(256);
export const Code = z.string().regex(/^\S+$/).min(1).max(2048);
export const AccessToken = z.string().min(1).max(20_000);
export const Session = z.string().min(20).max(2048);
export const ClientMetadata = z.record(z.string(), z.string()).optional();
