import assert from 'node:assert/strict';
import * as vscode from 'vscode';

/** The workspace folder the integration run opens (the runners open a scratch one). */
export function workspaceFolder(): vscode.Uri {
  const workspace = vscode.workspace.workspaceFolders?.[0];
  assert.ok(workspace, 'the integration run opens a workspace folder');
  return workspace.uri;
}

/**
 * A folder of the suite's own in the workspace (`uri` is set before its tests): created before them; after them the
 * editors are closed and the folder deleted.
 */
export function useSuiteFolder(name: string): { uri: vscode.Uri } {
  const folder = { uri: vscode.Uri.file('/') };
  before(async () => {
    folder.uri = vscode.Uri.joinPath(workspaceFolder(), name);
    await vscode.workspace.fs.createDirectory(folder.uri);
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(folder.uri, { recursive: true, useTrash: false });
  });
  return folder;
}
