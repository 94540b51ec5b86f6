import * as vscode from 'vscode';
import { COMMANDS, EXTENSION_ID } from '../../../src/constants';
import type { TestApi } from '../../../src/extension';
import { admin } from './sandboxRequests';
import { until } from './until';

/** Activates the extension under test and returns its test API. */
export async function extensionApi(): Promise<TestApi> {
  const extension = vscode.extensions.getExtension<TestApi | undefined>(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not installed in this VS Code`);
  const api = await extension.activate();
  if (!api) throw new Error('The extension did not expose its test API (is it running in test mode?)');
  return api;
}

/** The extension signed in to the local sandbox, its data back to the seed: where most suites start. */
export async function onFreshSandbox(): Promise<TestApi> {
  const api = await extensionApi();
  await vscode.commands.executeCommand(COMMANDS.useSandbox);
  await until('a sandbox session', () => api.sessions.current);
  await admin(api, 'POST', '/_sandbox/reset');
  return api;
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
