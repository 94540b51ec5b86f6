import * as z from 'zod';
import { ErrorBody } from '../error';

// The shape of one row of the endpoint table (apiOperations*.ts, adminOperations.ts): what the OpenAPI document says
// of an operation, with zod models for every schema (parameters, bodies, answers), so the document is generated from
// the same models the client parses with and the sandbox answers.

export type Method = 'get' | 'post' | 'put' | 'delete';

/** Who may call: a token is required, read when sent (an invalid one is refused), or not read at all. */
export type Security = 'token' | 'optionalToken' | 'none';

export interface ParameterSpec {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  description: string;
  schema: z.ZodType;
}

export interface AnswerSpec {
  description: string;
  /** The body's model; absent: the answer has no body. */
  model?: z.ZodType;
  /** `text/html` instead of JSON (a proxy's page). */
  html?: true;
  headers?: Record<string, { description: string; schema: z.ZodType }>;
}

export interface BodySpec {
  model: z.ZodType;
  description: string;
  /** Absent or true: the operation needs a body. */
  required?: boolean;
  /** Sent as `application/x-www-form-urlencoded` (the token endpoint); JSON otherwise. */
  form?: true;
}

export interface OperationSpec {
  method: Method;
  /** OpenAPI form, `{name}` segments: `/items/{item_id}`. */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  security: Security;
  parameters?: ParameterSpec[];
  body?: BodySpec;
  /** Answers by status (the builder adds 401 for token routes and the statuses every operation may answer). */
  answers: Record<number, AnswerSpec>;
  /** An admin route of the local sandbox (`/_sandbox/…`): the real API has no such operation. */
  sandboxOnly?: true;
}

// ---------------------------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------------------------

/** A path parameter (always required). */
export const pathParam = (name: string, description: string, schema: z.ZodType = z.string()): ParameterSpec => ({
  name,
  in: 'path',
  required: true,
  description,
  schema,
});

/** A query parameter, optional unless said. */
export const queryParam = (
  name: string,
  description: string,
  schema: z.ZodType = z.string(),
  required = false,
): ParameterSpec => ({ name, in: 'query', required, description, schema });

/** A JSON answer of a model. */
export const json = (description: string, model: z.ZodType): AnswerSpec => ({ description, model });

/** An answer without a body. */
export const empty = (description: string): AnswerSpec => ({ description });

/** The generic error body at a status, with the status's usual meaning: one object per status, shared by every
 * operation (the document writes it once, in `components/responses`, under its name). */
export const STANDARD_ERRORS: Readonly<Record<number, AnswerSpec & { name: string }>> = {
  400: {
    name: 'BadRequest',
    description:
      'Bad request: a parameter, an id in the path or the body is not what the operation takes (the generic error body says which).',
    model: ErrorBody,
  },
  401: {
    name: 'Unauthorized',
    description:
      'No access token, or one that is invalid or expired (`invalid_token`); a missing token is `unauthorized_request_error`.',
    model: ErrorBody,
  },
  403: {
    name: 'Forbidden',
    description: 'The caller may not act on this resource (`access_denied`, code `FORBIDDEN`).',
    model: ErrorBody,
  },
  404: { name: 'NotFound', description: 'Not found (`business_logic_error` or `not_found`).', model: ErrorBody },
  409: { name: 'Conflict', description: 'The resource’s current state does not allow it.', model: ErrorBody },
  429: {
    name: 'TooManyRequests',
    description: 'Too many requests (`too_many_requests`): retry later, after `Retry-After` when the server sends it.',
    model: ErrorBody,
    headers: { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: z.string() } },
  },
  500: { name: 'InternalError', description: 'Internal error.', model: ErrorBody },
  503: {
    name: 'ServiceUnavailable',
    description: 'Service unavailable: retry later, after `Retry-After` when the server sends it.',
    model: ErrorBody,
    headers: { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: z.string() } },
  },
  507: {
    name: 'InsufficientStorage',
    description: 'Local sandbox only, with a data folder: the change could not be written to disk, so nothing changed.',
    model: ErrorBody,
  },
};

/** The generic error body at each status: the shared answer, or one with its own description. */
export function errors(...statuses: (number | [number, string])[]): Record<number, AnswerSpec> {
  const out: Record<number, AnswerSpec> = {};
  for (const entry of statuses) {
    if (Array.isArray(entry)) out[entry[0]] = { description: entry[1], model: ErrorBody };
    else {
      const standard = STANDARD_ERRORS[entry];
      if (!standard) throw new Error(`No standard answer for the error status ${entry}.`);
      out[entry] = standard;
    }
  }
  return out;
}

/** An error answer with its own body model (size charts, advertising). */
export const errorOf = (status: number, description: string, model: z.ZodType): Record<number, AnswerSpec> => ({
  [status]: { description, model },
});

/** The statuses the builder adds: 401 to operations that read a token, and these to every operation. */
export const COMMON_API_ANSWERS: Record<number, AnswerSpec> = errors(429, 500, 503, 507);
export const COMMON_ADMIN_ANSWERS: Record<number, AnswerSpec> = errors(500, 507);
export const UNAUTHORIZED: AnswerSpec = STANDARD_ERRORS[401]!;
