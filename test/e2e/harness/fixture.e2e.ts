// Proves the e2e harness against the throwaway fixture extension (test/harness/fixture-extension).
import * as assert from 'node:assert/strict';
import { basename } from 'node:path';
import type { E2eSpec } from '../support/workbench';

const spec: E2eSpec = {
  'shows the workbench with the opened folder in the Explorer': async ({ workbench, page, folder }) => {
    await workbench.openViewContainer('Explorer');
    const header = page.locator('.sidebar .pane-header', { hasText: basename(folder) });
    await header.first().waitFor();
  },

  'runs the fixture command from the command palette': async ({ workbench, screenshot }) => {
    await workbench.runCommand('Harness Fixture: Say Hello');
    await workbench.waitForNotification('Hello from the harness fixture');
    const file = await screenshot('fixture-command');
    assert.match(file, /fixture-command\.png$/);
  },
};

export default spec;
