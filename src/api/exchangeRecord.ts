// What an observer of the client (history, the output channel, the response view) learns of an exchange, and the
// scrubbing every record goes through before anyone sees it.
import { type ScrubOptions, scrubBody, scrubForm, scrubHeaders, scrubUrl, scrubValue } from '../model/scrub';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One exchange: never the token, never a secret (the client scrubs it with `scrubExchange`). */
export interface ExchangeRecord {
  method: HttpMethod;
  /** Path and query, without secret parameters. */
  path: string;
  baseUrl: string;
  requestBody: unknown;
  status: number;
  durationMs: number;
  responseHeaders: Record<string, string>;
  responseBody: unknown;
  sizeBytes: number;
}

/**
 * A record with its secrets scrubbed (model/scrub): URL parts, request and response bodies, headers, and the values
 * the options name (the request's token). `form` says the request body is a form's fields (OAuth), whose `code` is a
 * secret as a JSON body's is not.
 */
export function scrubExchange(record: ExchangeRecord, options: ScrubOptions = {}, form = false): ExchangeRecord {
  const body = record.requestBody;
  return {
    ...record,
    path: scrubUrl(record.path, options),
    baseUrl: scrubUrl(record.baseUrl, options),
    requestBody:
      form && typeof body === 'object' && body !== null
        ? scrubForm(body as Record<string, string | undefined>, options)
        : scrubBody(body, options),
    responseHeaders: scrubHeaders(record.responseHeaders, options),
    responseBody: scrubValue(record.responseBody, options),
  };
}
