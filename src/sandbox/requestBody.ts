import type { IncomingMessage } from 'node:http';
import { MAX_JSON_DEPTH } from '../model/jsonDepth';
import { apiError, badRequest } from './http';

// A request's body as the routes get it: read up to MAX_BODY_BYTES, parsed (JSON, or a form on the routes that take
// one), then checked once, here, before any route sees it. JSON.parse itself nests as deep as the text goes, but the
// rules, the request models and structuredClone recurse: a body 100,000 levels deep overflowed the stack (a 500).
// And a `__proto__` key is an own field after JSON.parse, yet copying it into the state with `record[key] = value`
// sets a prototype instead. Both are refused with a 400 that says so; the check is iterative and linear in the body.

export const MAX_BODY_BYTES = 5 * 1024 * 1024;

/**
 * Deepest nesting accepted: item bodies, the deepest the API takes, nest about six levels. The same limit as the
 * editor's and the client's (model/jsonDepth.ts), so a body the editor lets you send is never refused here for depth.
 */
export const MAX_BODY_DEPTH = MAX_JSON_DEPTH;

/** Reads and parses a request body: undefined when there is none; 400 or 413 in the API's shape when unusable. */
export async function readBody(incoming: IncomingMessage): Promise<unknown> {
  // Without a length or a chunked encoding an HTTP/1.1 request has no body: no stream to wait for (most GETs).
  if (incoming.headers['content-length'] === undefined && incoming.headers['transfer-encoding'] === undefined) {
    return undefined;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw apiError(413, 'payload_too_large', 'The request body exceeds 5 MB.');
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return undefined;
  const text = Buffer.concat(chunks).toString('utf8');
  const type = String(incoming.headers['content-type'] ?? '');
  if (type.includes('application/x-www-form-urlencoded'))
    return checkedBody(Object.fromEntries(new URLSearchParams(text)));
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (failure) {
    throw badRequest(`The body is not valid JSON: ${(failure as Error).message}`);
  }
  return checkedBody(parsed);
}

/**
 * The body when it nests at most MAX_BODY_DEPTH levels and has no `__proto__` key; otherwise a 400 saying which.
 * Visits each container once from an explicit stack (no recursion), so any depth or width costs the body's size.
 */
export function checkedBody<T>(body: T): T {
  const stack: unknown[] = [body];
  const depths: number[] = [0];
  while (stack.length > 0) {
    const value = stack.pop();
    const depth = depths.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_BODY_DEPTH) {
      throw badRequest(
        `The body nests more than ${MAX_BODY_DEPTH} levels of arrays and objects: no API resource goes past a few levels.`,
      );
    }
    if (Array.isArray(value)) {
      for (const member of value) {
        if (typeof member !== 'object' || member === null) continue;
        stack.push(member);
        depths.push(depth + 1);
      }
      continue;
    }
    if (Object.hasOwn(value, '__proto__')) {
      throw badRequest('The body has a field named __proto__: no API resource has one, so the body is refused.');
    }
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const member = record[key];
      if (typeof member !== 'object' || member === null) continue;
      stack.push(member);
      depths.push(depth + 1);
    }
  }
  return body;
}
