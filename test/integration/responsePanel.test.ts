import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/constants';
import type { ResponseModelInput } from '../../src/model/protocols/response';
import { extensionApi } from './support/extensionApi';
import { until } from './support/until';

const TITLE = 'Marketplace Response';

function responseTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter((tab) => tab.input instanceof vscode.TabInputWebview && tab.label === TITLE);
}

const failure: ResponseModelInput = {
  method: 'POST',
  path: '/items',
  baseUrl: 'http://127.0.0.1:1',
  status: 400,
  statusText: 'Bad Request',
  durationMs: 12,
  sizeBytes: 160,
  headers: { 'content-type': 'application/json' },
  body: { message: 'Validation error', error: 'validation_error', status: 400 },
  error: {
    error: 'validation_error',
    message: 'Validation error',
    causes: [{ code: 'item.title.invalid_characters', message: 'Invalid title', references: ['item.title'] }],
  },
  when: new Date().toISOString(),
};

describe('response view', () => {
  before(async () => {
    await extensionApi();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('opens one "Marketplace Response" panel, and reuses it for the next response', async () => {
    await vscode.commands.executeCommand(COMMANDS.showResponse, failure);
    await until('the response panel', () => responseTabs().length === 1);
    const tab = responseTabs()[0]!;
    assert.match((tab.input as vscode.TabInputWebview).viewType, /marketplace\.response/);

    await vscode.commands.executeCommand(COMMANDS.showResponse, { ...failure, status: 200, statusText: 'OK' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(responseTabs().length, 1, 'a second response reuses the panel');
  });

  it('closes cleanly and opens again', async () => {
    await vscode.window.tabGroups.close(responseTabs());
    await until('the panel to close', () => responseTabs().length === 0);
    await vscode.commands.executeCommand(COMMANDS.showResponse, failure);
    await until('the response panel again', () => responseTabs().length === 1);
  });

  it('refuses a malformed response model without opening a panel', async () => {
    await vscode.window.tabGroups.close(responseTabs());
    await until('the panel to close', () => responseTabs().length === 0);
    // The command table reports the failure with an error message, which stays open (and the command pending).
    void vscode.commands.executeCommand(COMMANDS.showResponse, { status: 'not a number' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(responseTabs().length, 0);
  });
});
