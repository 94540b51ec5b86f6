// Requests straight to the extension's sandbox, past the extension: its admin surface, and the seller's reads to
// compare what the extension shows with the sandbox's own answer.
import type { TestApi } from '../../../src/extension';

/** Calls the sandbox's admin surface. */
export async function admin(api: TestApi, method: string, path: string, body?: unknown): Promise<unknown> {
  const sandbox = await api.sandbox.ensureStarted();
  const answer = await fetch(sandbox.url + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** `GET path` as the sandbox's seller (its start token), parsed: the sandbox's own answer. */
export async function sellerGet<T = unknown>(api: TestApi, path: string): Promise<T> {
  const sandbox = await api.sandbox.ensureStarted();
  const answer = await fetch(sandbox.url + path, { headers: { authorization: `Bearer ${sandbox.token}` } });
  return (await answer.json()) as T;
}
