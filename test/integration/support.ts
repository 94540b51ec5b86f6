import * as vscode from 'vscode';
import { COMMANDS, EXTENSION_ID } from '../../src/constants';
import type { TestApi } from '../../src/extension';

/** Activates the extension under test and returns its test API. */
export async function extensionApi(): Promise<TestApi> {
  const extension = vscode.extensions.getExtension<TestApi | undefined>(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not installed in this VS Code`);
  const api = await extension.activate();
  if (!api) throw new Error('The extension did not expose its test API (is it running in test mode?)');
  return api;
}

/** Polls until a condition holds (VS Code updates arrive through events). */
export async function until<T>(
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 15_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

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

/** Runs `task` while collecting what the extension writes as errors to its output channel (refusals say why there). */
export async function withLoggedErrors<T>(api: TestApi, task: (logged: string[]) => Promise<T>): Promise<T> {
  const logged: string[] = [];
  const error = api.output.error;
  api.output.error = (message: string) => {
    logged.push(message);
    error.call(api.output, message);
  };
  try {
    return await task(logged);
  } finally {
    api.output.error = error;
  }
}

/** The extension signed in to the local sandbox, its data back to the seed: where most suites start. */
export async function onFreshSandbox(): Promise<TestApi> {
  const api = await extensionApi();
  await vscode.commands.executeCommand(COMMANDS.useSandbox);
  await until('a sandbox session', () => api.sessions.current);
  await admin(api, 'POST', '/_sandbox/reset');
  return api;
}
