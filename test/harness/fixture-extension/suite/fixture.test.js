// Runs inside the real extension host: the vscode module is the real API.
const assert = require('node:assert/strict');
const vscode = require('vscode');

const COMMAND = 'harnessFixture.sayHello';

describe('harness fixture extension', () => {
  it('registers its command', async () => {
    const extension = vscode.extensions.getExtension('harness.harness-fixture');
    assert.ok(extension, 'the fixture extension is loaded');
    await extension.activate();
    const commands = await vscode.commands.getCommands(true);
    assert.ok(commands.includes(COMMAND), `${COMMAND} is registered`);
  });

  it('runs its command', async () => {
    const answer = await vscode.commands.executeCommand(COMMAND);
    assert.equal(answer, 'Hello from the harness fixture');
  });

  it('sees the opened workspace folder', () => {
    const folders = vscode.workspace.workspaceFolders ?? [];
    assert.equal(folders.length, 1, 'one workspace folder is open');
  });

  // Lets the harness prove that a failing assertion fails the run: HARNESS_FIXTURE_FAIL=1 reaches the extension host
  // through code-server's environment.
  if (process.env.HARNESS_FIXTURE_FAIL) {
    it('fails on purpose (HARNESS_FIXTURE_FAIL is set)', () => {
      assert.equal(1 + 1, 3, 'deliberate failure');
    });
  }
});
