import * as z from 'zod';
import { answer } from './common';
import { isRecord } from './records';

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

/** `error` of the size chart errors the spec's table lists, by condition (403 for the site, 400 for the others). */
export const SIZE_CHART_ERRORS: Readonly<Record<string, string>> = {
  VALIDATION_SITE:
    '403: the user does not belong to the site where the chart is created ("Feature not available for the site").',
  MEASUREMENT_NOT_FOUND: '400: a submitted measurement id does not exist ("Measurement <id> not found").',
  DUPLICATE_MEASUREMENT_VALIDATION:
    '400: a measurement attribute is repeated ("Duplicate measurement attributes"); errors[] names the attribute.',
  MEASUREMENT_NOT_ALLOWED:
    '400: the count of measurement attributes is outside 1 to 5 ("Count not allowed", with Max and Min).',
  DUPLICATE_SIZE_VALIDATION: '400: a size is repeated ("Size duplicated").',
};

/** The size chart error body: the generic body whose `error` names the condition; duplicates list `errors[]`. */
export const SizeChartErrorBody = ErrorBody.extend({
  error: z.string().meta({
    description: "The condition, as the spec's size chart errors name it.",
    examples: Object.keys(SIZE_CHART_ERRORS),
  }),
  message: z.string(),
  status: z.number().int(),
});

/** `error` of the advertising errors the spec's table lists. */
export const ADVERTISING_ERRORS: Readonly<Record<string, string>> = {
  bad_request: '400: a required parameter is missing; the message says the parameter named in {paramKey} is required.',
  not_found: '404: no campaigns exist for the advertiser id, or the campaign id sent does not exist.',
};

/** The advertising error body: the generic body with `error` bad_request (400) or not_found (404). */
export const AdvertisingErrorBody = ErrorBody.extend({
  error: z
    .string()
    .meta({ description: 'bad_request (400) or not_found (404).', examples: Object.keys(ADVERTISING_ERRORS) }),
  message: z.string(),
  status: z.number().int(),
});

/**
 * One `cause[]` entry as read from any error body: the documented fields where they hold a usable value, a
 * `cause_id` sent as text converted (kept as text when it is no number), and every other field as it came.
 */
export interface ReadCause {
  code?: string | number;
  message?: string;
  type?: string;
  department?: string;
  cause_id?: number | string;
  references?: string[];
  [field: string]: unknown;
}

/** One `errors[]` entry as read: an entry without `code` keeps its message (and one without a message, its code). */
export interface ReadErrorEntry {
  code?: string;
  message: string;
}

/** An error body read field by field: each field that has a usable value, whatever the others look like. */
export interface ReadErrorBody {
  error?: string;
  message?: string;
  status?: number;
  /** `code` as text (`FORBIDDEN`; the `401` of a missing-token body). */
  code?: string;
  error_description?: string;
  causes: ReadCause[];
  errors: ReadErrorEntry[];
  /** Fields the documented shape does not name, as they came. */
  extra: Record<string, unknown>;
}

const KNOWN_FIELDS = new Set([
  'error',
  'message',
  'status',
  'code',
  'cause',
  'errors',
  'error_description',
  'description',
  'display_message',
  'error_code',
]);

/** A code for programs (`body.invalid_fields`, `not_found`): one word, no spaces. */
const CODE_LIKE = /^[\w.-]+$/;

/** A scalar as text; objects, arrays, empty strings and null have no usable text. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return undefined;
}

/** A number, or a number written as text (`"147"`); anything else has no usable number. */
function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return undefined;
}

/** A list as the API meant it: a single value is a one-element list, null and absence are none. */
function listOf(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * The words of a cause that names them in a field of its own (`{"cause": "User unauthorized"}`, `{"error 1": "…"}`):
 * its only text field, kept in place too.
 */
function onlyText(fields: Record<string, unknown>): string | undefined {
  const texts = Object.values(fields).filter(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  return texts.length === 1 ? texts[0] : undefined;
}

/**
 * The body a proxy wrapped in an empty-`error` envelope: `{"message": "{\"message\": …}", "error": ""}` holds the
 * real body as JSON text in `message`. Any other body is itself.
 */
function unwrapped(data: Record<string, unknown>): Record<string, unknown> {
  if (textOf(data.error) !== undefined || typeof data.message !== 'string') return data;
  const text = data.message.trim();
  if (!text.startsWith('{')) return data;
  try {
    const inner = JSON.parse(text) as unknown;
    return isRecord(inner) ? { ...inner, status: inner.status ?? data.status } : data;
  } catch {
    return data;
  }
}

function readCause(value: unknown): ReadCause | undefined {
  if (!isRecord(value)) {
    const message = textOf(value);
    return message === undefined ? undefined : { message };
  }
  const cause: ReadCause = { ...value };
  for (const field of ['code', 'message', 'type', 'department', 'cause_id', 'references']) delete cause[field];
  const code = typeof value.code === 'number' && Number.isFinite(value.code) ? value.code : textOf(value.code);
  if (code !== undefined) cause.code = code;
  const message = textOf(value.message) ?? textOf(value.description) ?? onlyText(cause);
  if (message !== undefined) cause.message = message;
  const type = textOf(value.type);
  if (type !== undefined) cause.type = type;
  const department = textOf(value.department);
  if (department !== undefined) cause.department = department;
  const causeId = numberOf(value.cause_id) ?? textOf(value.cause_id);
  if (causeId !== undefined) cause.cause_id = causeId;
  const references = listOf(value.references)
    .map(textOf)
    .filter((reference): reference is string => reference !== undefined);
  if (references.length) cause.references = references;
  return Object.keys(cause).length ? cause : undefined;
}

function readEntry(value: unknown): ReadErrorEntry | undefined {
  if (!isRecord(value)) {
    const message = textOf(value);
    return message === undefined ? undefined : { message };
  }
  const code = textOf(value.code) ?? textOf(value.error);
  const message = textOf(value.message) ?? textOf(value.description);
  if (code === undefined && message === undefined) return undefined;
  return code === undefined ? { message: message ?? '' } : { code, message: message ?? '' };
}

/**
 * Reads an error body field by field, never all or nothing (`ErrorBody` above is the documented shape; real bodies
 * stray from it): numbers sent as text are converted, a single cause is a one-element list, a cause that is text is
 * its message, an `errors[]` entry without `code` keeps its message, and unknown fields stay in `extra`. A body that
 * is no JSON object reads as empty. The words may be in `message`, `description` or `display_message` (the
 * advertising services), the code in `code` or `error_code`; `message` and `error` swapped are put back, and an
 * empty-`error` envelope whose `message` is a whole body as JSON text is read as that body.
 */
export function readErrorBody(received: unknown): ReadErrorBody {
  const read: ReadErrorBody = { causes: [], errors: [], extra: {} };
  if (!isRecord(received)) return read;
  const data = unwrapped(received);
  let error = textOf(data.error);
  let message = textOf(data.message) ?? textOf(data.description) ?? textOf(data.display_message);
  // Some services swap the two: the code in `message`, the sentence in `error`.
  if (error !== undefined && message !== undefined && CODE_LIKE.test(message) && !CODE_LIKE.test(error))
    [error, message] = [message, error];
  if (error !== undefined) read.error = error;
  if (message !== undefined) read.message = message;
  const status = numberOf(data.status);
  if (status !== undefined && Number.isInteger(status)) read.status = status;
  const code = textOf(data.code) ?? textOf(data.error_code);
  if (code !== undefined) read.code = code;
  const description = textOf(data.error_description);
  if (description !== undefined) read.error_description = description;
  read.causes = listOf(data.cause)
    .map(readCause)
    .filter((cause): cause is ReadCause => cause !== undefined);
  read.errors = listOf(data.errors)
    .map(readEntry)
    .filter((entry): entry is ReadErrorEntry => entry !== undefined);
  for (const [field, value] of Object.entries(data)) if (!KNOWN_FIELDS.has(field)) read.extra[field] = value;
  return read;
}

/**
 * The API's own words for a failure: its `message` (unless it only repeats `error`), else `error_description`, else
 * the `error` text (`"Invalid scopes"`), else `code`. Undefined when the body says nothing.
 */
export function errorWords(body: ReadErrorBody): string | undefined {
  if (body.message && body.message !== body.error) return body.message;
  return body.error_description ?? body.message ?? body.error ?? body.code;
}

/** The failure's code for programs: the body's `error`, else a textual `code` (`FORBIDDEN`), else `http_<status>`. */
export function errorCodeOf(body: ReadErrorBody, status: number): string {
  if (body.error !== undefined) return body.error;
  if (body.code !== undefined && !/^\d+$/.test(body.code)) return body.code;
  return `http_${status}`;
}
