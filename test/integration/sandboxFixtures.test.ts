import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/constants';
import type { TestApi } from '../../src/extension';
import { onFreshSandbox } from './support/extensionApi';
import { admin } from './support/sandboxRequests';
import { useSuiteFolder } from './support/workspaceFolder';

interface Exported {
  uri: vscode.Uri;
  counts: Record<string, number>;
}

interface FixtureOrder {
  id?: number;
  notes?: { note: string }[];
}

const FOLDER = 'sandbox-fixtures-export';

describe('sandbox data to CI: Export Data as Fixtures and Copy Command Line', () => {
  let api: TestApi;
  const folder = useSuiteFolder(FOLDER);

  before(async () => {
    api = await onFreshSandbox();
  });

  it('exports what was made in the sandbox by hand to a workspace file, without a token; the line names it', async () => {
    // Made by hand: a buyer reserves a vehicle and pays (the seller sees an order once it is paid); the seller
    // writes a note on it.
    const { order_id: orderId } = (await admin(api, 'POST', '/_sandbox/scenarios/reserve_vehicle', {})) as {
      order_id: number;
    };
    const paid = (await admin(api, 'POST', '/_sandbox/scenarios/pay_reservation', {})) as { order_id: number };
    assert.equal(paid.order_id, orderId);
    const sandbox = await api.sandbox.ensureStarted();
    const note = 'Made by hand in the editor: call the buyer before noon.';
    const posted = await fetch(`${sandbox.url}/orders/${orderId}/notes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ note }),
    });
    assert.equal(posted.status, 201, await posted.text());

    const target = vscode.Uri.joinPath(folder.uri, 'shop.fixtures.json');
    const exported = (await vscode.commands.executeCommand(COMMANDS.exportSandboxFixtures, { target })) as
      | Exported
      | undefined;
    assert.ok(exported, 'the export wrote a file');
    assert.equal(exported.uri.toString(), target.toString());

    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(target));
    const document = JSON.parse(text) as { items?: unknown[]; orders?: FixtureOrder[]; $schema?: unknown };
    assert.equal(text, `${JSON.stringify(document, null, 2)}\n`, 'pretty-printed with two spaces and a final newline');
    assert.ok(!('$schema' in document), 'the contributed schema applies by the name; a $schema would override it');
    assert.equal(exported.counts.items, document.items?.length ?? 0);
    assert.equal(exported.counts.orders, document.orders?.length ?? 0);
    assert.ok((document.items?.length ?? 0) > 0, 'the seeded listings are in the file');
    const order = document.orders?.find((candidate) => candidate.id === orderId);
    assert.ok(order, `the order made by hand (${orderId}) is in the file`);
    assert.ok(
      order.notes?.some((entry) => entry.note === note),
      'with its note',
    );

    // Never a token: neither the seller's nor any test user's, nor anything of a sandbox token's form.
    const users = await api.sandbox.testUsers();
    const tokens = [sandbox.token, ...users.map((user) => user.token ?? '')].filter(Boolean);
    assert.ok(tokens.length > 1, 'the sandbox has tokens to look for');
    for (const token of tokens) assert.ok(!text.includes(token), 'a start token is in the file');
    assert.doesNotMatch(text, /SBX-[0-9a-f]{8,}/);

    // Without an argument: the file just exported, relative to the workspace folder.
    const line = await vscode.commands.executeCommand<string>(COMMANDS.copySandboxCommandLine);
    assert.equal(line, `npx --no marketplace-sandbox --port 0 --fixtures ${FOLDER}/shop.fixtures.json`);
    assert.equal(await vscode.env.clipboard.readText(), line);
  });

  it('copies the line of the fixtures file a menu gives, quoted for a POSIX shell', async () => {
    const file = vscode.Uri.joinPath(folder.uri, "o'brien shop.fixtures.json");
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode('{"default_data": "include"}\n'));
    const line = await vscode.commands.executeCommand<string>(COMMANDS.copySandboxCommandLine, file);
    assert.equal(line, `npx --no marketplace-sandbox --port 0 --fixtures '${FOLDER}/o'\\''brien shop.fixtures.json'`);
    assert.equal(await vscode.env.clipboard.readText(), line);
  });
});
