// The integration suite's entry, with the @vscode/test-electron contract: a module exporting `run()`.
// It runs inside a real VS Code extension host (code-server here, desktop VS Code through @vscode/test-electron).
import Mocha from 'mocha';

export async function run(): Promise<void> {
  // MI_INTEGRATION_GREP (inherited through code-server) runs only the tests whose full title matches: the dev loop's
  // way to run one suite, e.g. `MI_INTEGRATION_GREP='Shipping' npm run test:integration`.
  const grep = process.env.MI_INTEGRATION_GREP;
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 60_000, reporter: 'spec', ...(grep ? { grep } : {}) });
  // The suites are bundled into this file; they register their tests once mocha's globals exist.
  mocha.suite.emit('pre-require', globalThis, 'integration', mocha);
  await import('./extension.test');
  await import('./explorer.test');
  await import('./authoring.test');
  await import('./payloadCommands.test');
  await import('./responsePanel.test');
  await import('./shippingPanel.test');
  await import('./metricsPanel.test');
  await import('./notifications.test');
  await import('./sandboxControls.test');
  await import('./actions.test');
  await import('./requests.test');
  await import('./walkthrough.test');
  // Last: what the whole run left behind is scanned for tokens, and every panel's policy checked.
  await import('./safety.test');
  await new Promise<void>((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} integration test(s) failed.`)) : resolve()));
  });
}
