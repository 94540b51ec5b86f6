// The harness fixture: one command that shows a message and returns it, so a test can see it both ways.
const vscode = require('vscode');

const GREETING = 'Hello from the harness fixture';

function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand('harnessFixture.sayHello', () => {
      void vscode.window.showInformationMessage(GREETING);
      return GREETING;
    }),
  );
}

function deactivate() {}

module.exports = { activate, deactivate, GREETING };
