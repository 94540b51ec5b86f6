import * as vscode from 'vscode';

/** Runs `task` with `title` in the status bar's progress spot (a request or two: no notification). */
export function withWindowProgress<T>(title: string, task: () => Promise<T>): Promise<T> {
  return Promise.resolve(vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title }, () => task()));
}
