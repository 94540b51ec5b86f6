// `GET /openapi.json`: the API's OpenAPI document (schemas/openapi.json, generated from the zod models by
// `npm run openapi`), with this sandbox first among its servers. Read from disk on first use, never bundled: the
// build copies it beside dist/sandbox.js, the npm package holds it beside its bundle, and from the sources (tsx)
// it is the repository's schemas/openapi.json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiError, ok } from './http';
import type { Route } from './router';

/** Where the document may be, in order: beside the bundle, then the repository's copy (running from src/sandbox/). */
export const OPENAPI_CANDIDATES = [
  join(__dirname, 'openapi.json'),
  join(__dirname, '..', '..', 'schemas', 'openapi.json'),
];

let loaded: Record<string, unknown> | undefined;

function document(): Record<string, unknown> {
  if (loaded) return loaded;
  for (const path of OPENAPI_CANDIDATES) {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      continue;
    }
    loaded = JSON.parse(text) as Record<string, unknown>;
    return loaded;
  }
  throw apiError(
    500,
    'internal_error',
    'The OpenAPI document is not beside the sandbox (openapi.json): build it with npm run build.',
  );
}

export const openApiRoute: Route = {
  method: 'GET',
  path: '/openapi.json',
  auth: 'none',
  readOnly: true,
  handler: (request) => {
    const whole = document();
    // The loopback guard has checked Host: it names this sandbox.
    const host = typeof request.headers.host === 'string' ? request.headers.host : '127.0.0.1';
    const servers = Array.isArray(whole.servers) ? whole.servers : [];
    return ok({
      ...whole,
      servers: [{ url: `http://${host}`, description: 'This local sandbox.' }, ...servers],
    });
  },
};
