import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/constants';
import type { TestApi } from '../../src/extension';
import { onFreshSandbox } from './support/extensionApi';
import { admin } from './support/sandboxRequests';

interface AdminOrder {
  id: number;
  status: string;
  status_detail?: { code?: string } | null;
}

describe('sandbox controls from the editor', () => {
  let api: TestApi;

  before(async () => {
    api = await onFreshSandbox();
  });

  after(async () => {
    await admin(api, 'DELETE', '/_sandbox/faults');
  });

  it('Advance Clock lets an unpaid reservation pass its deadline: the sandbox cancels it', async () => {
    const reserved = (await admin(api, 'POST', '/_sandbox/scenarios/reserve_vehicle', {})) as { order_id: number };
    const before = (await admin(api, 'GET', `/_sandbox/orders/${reserved.order_id}`)) as { data: AdminOrder };
    assert.equal(before.data.status, 'payment_required');
    const answer = (await vscode.commands.executeCommand(COMMANDS.advanceSandboxClock, '2 days 1 hour')) as {
      now: string;
    };
    assert.ok(answer?.now, 'the sandbox says what time it is now');
    const after = (await admin(api, 'GET', `/_sandbox/orders/${reserved.order_id}`)) as { data: AdminOrder };
    assert.equal(after.data.status, 'cancelled');
    assert.equal(after.data.status_detail?.code, 'not_paid');
  });

  it('an injected fault is listed in the status bar menu and answers; Clear Faults ends it', async () => {
    const fault = (await vscode.commands.executeCommand(COMMANDS.injectSandboxFault, {
      method: 'GET',
      path: '/sites/*',
      status: 503,
      retry_after: 1,
    })) as { id: number };
    assert.ok(fault?.id, 'the sandbox numbered the fault');
    assert.equal(api.sandboxControls.faults.length, 1);
    const menu = await api.accountMenu.items();
    const row = menu.find((item) => item.label.includes(`Fault #${fault.id}`));
    assert.ok(row, menu.map((item) => item.label).join(' | '));
    assert.match(row.description ?? '', /^503 \(Retry-After 1 s\) on GET \/sites\/\* · /);
    const sandbox = await api.sandbox.ensureStarted();
    assert.equal((await fetch(`${sandbox.url}/sites/MLA`)).status, 503);

    await vscode.commands.executeCommand(COMMANDS.clearSandboxFaults);
    assert.equal(api.sandboxControls.faults.length, 0);
    assert.deepEqual(await admin(api, 'GET', '/_sandbox/faults'), []);
    assert.equal((await fetch(`${sandbox.url}/sites/MLA`)).status, 200);
    assert.ok(!(await api.accountMenu.items()).some((item) => item.label.includes('Fault #')));
  });
});
