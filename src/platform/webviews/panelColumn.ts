import * as vscode from 'vscode';

/**
 * Whether a tab is one of VS Code's own pages (the walkthrough, the Welcome page, the settings editor): the tab API
 * knows no input for them, while every document, diff, notebook, terminal and webview has one.
 */
const isWorkbenchPage = (tab: vscode.Tab | undefined): boolean => tab !== undefined && tab.input === undefined;

/**
 * Where a panel asked to open in the active group goes: there, unless that group shows one of VS Code's pages (the
 * walkthrough whose button opened the panel): then in the next group, created when there is none, so the page stays
 * in view beside the panel. A column number, not `Beside`: when the walkthrough has already made its side group
 * active, both name the same group.
 */
export function openingColumn(requested: vscode.ViewColumn): vscode.ViewColumn {
  if (requested !== vscode.ViewColumn.Active) return requested;
  const group = vscode.window.tabGroups.activeTabGroup;
  return isWorkbenchPage(group.activeTab) ? group.viewColumn + 1 : vscode.ViewColumn.Active;
}

/**
 * Where an open panel is brought to the front: its own group, unless that group is the active one and shows one of
 * VS Code's pages (the panel waits behind the walkthrough): then it moves to the next group, as it would open.
 */
export function revealingColumn(current: vscode.ViewColumn | undefined): vscode.ViewColumn | undefined {
  const group = vscode.window.tabGroups.activeTabGroup;
  return current === group.viewColumn && isWorkbenchPage(group.activeTab) ? group.viewColumn + 1 : undefined;
}
