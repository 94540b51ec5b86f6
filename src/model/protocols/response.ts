import * as z from 'zod';

// Messages between the response view's host (src/features/responses/) and its webview (webview/response/). Both
// sides validate what they receive with these schemas, so a message's shape is defined once. The token never appears
// in any of them. The view keeps no state across its reloads: the host posts the whole response on every `ready`.

/** One `cause[]` entry as the response view shows it. */
export const ResponseCause = z.object({
  code: z.union([z.string(), z.number()]).optional(),
  message: z.string().optional(),
  type: z.string().optional(),
  references: z.array(z.string()).default([]),
});
export type ResponseCause = z.infer<typeof ResponseCause>;

/** What went wrong, in the API's words: its error code, its `code` field, message, `cause[]` and `errors[]`. */
export const ResponseError = z.object({
  error: z.string(),
  /** The body's `code` (`FORBIDDEN`) when it says more than `error` and the status. */
  code: z.string().optional(),
  message: z.string(),
  causes: z.array(ResponseCause).default([]),
  errors: z.array(z.object({ code: z.string().optional(), message: z.string() })).default([]),
  /** What the user can do next (sign in again, correct the fields, wait…); empty when nothing general applies. */
  next: z.string().default(''),
});
export type ResponseError = z.infer<typeof ResponseError>;

/** One exchange as the response view shows it. `status` is 0 when no answer arrived (network failure, timeout). */
export const ResponseModel = z.object({
  method: z.string(),
  path: z.string(),
  baseUrl: z.string(),
  status: z.number().int().min(0),
  statusText: z.string(),
  /** Unknown when the failure carries no timing (an error without its exchange record). */
  durationMs: z.number().nonnegative().optional(),
  sizeBytes: z.number().int().nonnegative().optional(),
  headers: z.record(z.string(), z.string()).default({}),
  /** The parsed JSON answer; absent when the answer had no body. */
  body: z.unknown().optional(),
  /** The JSON body that was sent (scrubbed of secrets), when the request had one. */
  requestBody: z.unknown().optional(),
  error: ResponseError.optional(),
  /** ISO 8601 time the answer arrived. */
  when: z.string(),
});
export type ResponseModel = z.infer<typeof ResponseModel>;
/** What a caller hands over: defaulted fields may be left out. */
export type ResponseModelInput = z.input<typeof ResponseModel>;

/** Host → response webview. */
export const ResponseHostMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('show'), response: ResponseModel }),
]);
export type ResponseHostMessage = z.infer<typeof ResponseHostMessage>;

/** Response webview → host: `ready` once its script runs (the host posts nothing before), then the buttons. */
export const ResponseViewMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('copyBody') }),
  z.object({ type: z.literal('openAsDocument') }),
  z.object({ type: z.literal('copyAsCurl') }),
]);
export type ResponseViewMessage = z.infer<typeof ResponseViewMessage>;
