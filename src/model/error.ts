import * as z from 'zod';
import { answer } from './common';

/** One entry of `cause[]` in an error body (item validation and OAuth errors use it). */
export const ErrorCause = answer({
  code: z.union([z.string(), z.number()]).optional(),
  message: z.string().optional(),
  type: z.string().optional(),
  department: z.string().optional(),
  cause_id: z.number().optional(),
  references: z.array(z.string()).optional(),
});
export type ErrorCause = z.infer<typeof ErrorCause>;

/** One entry of `errors[]` (size chart validation duplicates). */
export const ErrorEntry = answer({ code: z.string(), message: z.string() });
export type ErrorEntry = z.infer<typeof ErrorEntry>;

/**
 * The generic error body. Real bodies vary: `{message, error, status, cause[]}`, `{code, error, message, cause: null}`
 * for a missing token, `{status, error, message, code: "FORBIDDEN"}`, OAuth's `error_description`, and `errors[]`.
 */
export const ErrorBody = answer({
  error: z.string().optional(),
  message: z.string().optional(),
  status: z.number().int().optional(),
  code: z.union([z.string(), z.number()]).optional(),
  cause: z.array(ErrorCause).nullable().optional(),
  errors: z.array(ErrorEntry).optional(),
  error_description: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
