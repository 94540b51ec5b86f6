// One request to a running sandbox as its seller (its start token), with the answer's status and parsed body: how the
// full-disk suites drive the sandbox, whose answers include the 507s of refused writes.
import type { RunningSandbox } from '../../../src/sandbox';

export interface SandboxAnswer {
  status: number;
  /** The JSON body, `{}` when the answer has none. */
  body: Record<string, unknown>;
}

/** `method path` with `body` as JSON, as the seller. */
export async function callSandbox(
  sandbox: RunningSandbox,
  method: string,
  path: string,
  body?: unknown,
): Promise<SandboxAnswer> {
  const response = await fetch(sandbox.url + path, {
    method,
    headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}
