// The notifications the extension shows while a task runs, as their text. The suites are bundled inside the extension
// under test, so `vscode` here is the extension's own API object: its `window.show…Message` is replaced for the task
// (each shown message answered at once with no choice, as a dismissed notification is) and put back afterwards.
import * as vscode from 'vscode';

type Show = (message: string, ...rest: unknown[]) => Thenable<unknown>;
const KINDS = ['showInformationMessage', 'showWarningMessage', 'showErrorMessage'] as const;

export async function shownMessages(task: () => Thenable<unknown>): Promise<string[]> {
  const shown: string[] = [];
  const window = vscode.window as unknown as Record<(typeof KINDS)[number], Show>;
  const originals = KINDS.map((kind) => [kind, window[kind]] as const);
  for (const kind of KINDS) {
    window[kind] = (message: string) => {
      shown.push(message);
      return Promise.resolve(undefined);
    };
  }
  try {
    await task();
  } finally {
    for (const [kind, original] of originals) window[kind] = original;
  }
  return shown;
}
