import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/constants';
import type { TestApi } from '../../src/extension';
import { ITEM } from '../../src/sandbox/items/ids';
import { itemNode } from './support/explorerTree';
import { onFreshSandbox, withLoggedErrors } from './support/extensionApi';
import { sellerGet } from './support/sandboxRequests';
import { until } from './support/until';
import { workspaceFolder } from './support/workspaceFolder';

describe('payload file commands against the sandbox', () => {
  let api: TestApi;
  let folder: vscode.Uri;
  const written: string[] = [];

  before(async () => {
    api = await onFreshSandbox();
    folder = workspaceFolder();
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const path of written) rmSync(path, { force: true });
  });

  /** The file a command wrote, parsed, and remembered for clean-up. */
  function readJson(uri: vscode.Uri | undefined): Record<string, unknown> {
    assert.ok(uri, 'the command answered the URI it wrote');
    written.push(uri.fsPath);
    return JSON.parse(readFileSync(uri.fsPath, 'utf8')) as Record<string, unknown>;
  }

  async function liveItem(id: string): Promise<Record<string, unknown>> {
    return sellerGet<Record<string, unknown>>(api, `/items/${id}`);
  }

  const selectedText = () => {
    const editor = vscode.window.activeTextEditor;
    assert.ok(editor, 'the file is open in an editor');
    return editor.document.getText(editor.selection);
  };

  it('Pull Item into Payload File writes <ITEMID>.item.json with exactly the fields its state lets change', async () => {
    const uri = await vscode.commands.executeCommand<vscode.Uri | undefined>(COMMANDS.pullItemPayload, {
      itemId: ITEM.PHONE_WITH_SALES,
      folder,
    });
    assert.equal(uri?.fsPath, join(folder.fsPath, `${ITEM.PHONE_WITH_SALES}.item.json`));
    const body = readJson(uri);
    // The item has sales: title, condition, buying_mode and listing_type_id can no longer change.
    assert.deepEqual(Object.keys(body), [
      'price',
      'available_quantity',
      'seller_custom_field',
      'pictures',
      'attributes',
      'sale_terms',
      'shipping',
    ]);
    const live = await liveItem(ITEM.PHONE_WITH_SALES);
    assert.equal(body.price, live.price);
    assert.equal(body.available_quantity, live.available_quantity);
    assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, uri?.fsPath);
    assert.equal(selectedText(), String(live.price), 'the cursor is on the first field to edit');
  });

  it('pulls the item of an explorer node (the context menu passes the node)', async () => {
    await api.explorer.filterItems('all');
    const node = await itemNode(api, ITEM.TSHIRT_VARIATIONS);
    assert.ok(node, 'the item with variations is listed');
    // The menu's argument is the node; the folder is the only workspace folder, so nothing is asked.
    const uri = await vscode.commands.executeCommand<vscode.Uri | undefined>(COMMANDS.pullItemPayload, node);
    const body = readJson(uri);
    assert.ok(!('available_quantity' in body), 'the stock of an item with variations is set through them');
    assert.ok(Array.isArray(body.variations) && body.variations.length === 3);
    assert.equal(body.title, (node.data as { title: string }).title, 'no sales yet: the title can change');
  });

  it('a closed item has nothing to edit: no file is written', async () => {
    const uri = await vscode.commands.executeCommand<vscode.Uri | undefined>(COMMANDS.pullItemPayload, {
      itemId: ITEM.CLOSED_EXPIRED,
      folder,
    });
    assert.equal(uri, undefined);
    assert.ok(!existsSync(join(folder.fsPath, `${ITEM.CLOSED_EXPIRED}.item.json`)));
  });

  it('pulling again with overwrite replaces local edits, through the editor when the file is open', async () => {
    const path = join(folder.fsPath, `${ITEM.PHONE_NO_SALES}.item.json`);
    writeFileSync(path, '{\n  "price": 1\n}\n');
    written.push(path);
    // The user has the file open with an unsaved edit.
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(path));
    await editor.edit((edit) => edit.insert(new vscode.Position(1, 2), '"title": "Mine",\n  '));
    assert.ok(editor.document.isDirty);
    const uri = await vscode.commands.executeCommand<vscode.Uri | undefined>(COMMANDS.pullItemPayload, {
      itemId: ITEM.PHONE_NO_SALES,
      folder,
      overwrite: true,
    });
    const body = readJson(uri);
    const live = await liveItem(ITEM.PHONE_NO_SALES);
    assert.equal(body.price, live.price);
    assert.equal(body.title, live.title);
    // Replaced through the editor and saved: the buffer and the file agree, nothing is left unsaved.
    assert.ok(!editor.document.isDirty);
    assert.deepEqual(JSON.parse(editor.document.getText()), body);
  });

  it('New Item Payload writes a skeleton for the seller’s site into the workspace folder, title selected', async () => {
    const uri = await vscode.commands.executeCommand<vscode.Uri | undefined>(COMMANDS.newItemPayload, {
      folder,
      name: 'summer-phone.item.json',
    });
    assert.equal(uri?.fsPath, join(folder.fsPath, 'summer-phone.item.json'));
    const body = readJson(uri);
    assert.equal(body.site_id, 'MLA');
    assert.equal(body.currency_id, 'ARS', 'the currency comes from the site');
    for (const field of [
      'title',
      'category_id',
      'price',
      'available_quantity',
      'buying_mode',
      'listing_type_id',
      'condition',
      'pictures',
      'sale_terms',
      'attributes',
    ])
      assert.ok(field in body, field);
    assert.equal(selectedText(), body.title);
  });

  it('New Sale-Terms Payload names the file after the item and starts from its current terms', async () => {
    const uri = await vscode.commands.executeCommand<vscode.Uri | undefined>(COMMANDS.newSaleTermsPayload, {
      folder,
      itemId: ITEM.PHONE_MANUFACTURING_TIME,
    });
    assert.equal(uri?.fsPath, join(folder.fsPath, `${ITEM.PHONE_MANUFACTURING_TIME}.sale-terms.json`));
    const body = readJson(uri) as { sale_terms: { id: string; value_name: string }[] };
    assert.equal(body.sale_terms.find((term) => term.id === 'MANUFACTURING_TIME')?.value_name, '15 días');
  });

  it('an unsaved document carries the proposed name, so its language and target are known before saving', async () => {
    const uri = await vscode.commands.executeCommand<vscode.Uri | undefined>(COMMANDS.newSizeChartPayload, {
      untitled: true,
    });
    assert.equal(uri?.scheme, 'untitled');
    assert.match(uri?.path ?? '', /\/new-size-chart(-\d+)?\.size-chart\.json$/);
    const document = vscode.workspace.textDocuments.find((entry) => entry.uri.toString() === uri?.toString());
    assert.ok(document?.isUntitled && document.isDirty, 'nothing is written until the user saves');
    assert.equal(document.languageId, 'json');
    const body = JSON.parse(document.getText()) as { name: string; sizes: unknown[] };
    assert.equal(body.sizes.length, 1);
    assert.equal(selectedText(), body.name);
    assert.ok(!existsSync(join(folder.fsPath, 'new-size-chart.size-chart.json')));
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('an unsaved item payload is checked like a saved one: the schema completes it and the live rules flag its blanks', async () => {
    const uri = await vscode.commands.executeCommand<vscode.Uri | undefined>(COMMANDS.newItemPayload, {
      untitled: true,
    });
    assert.equal(uri?.scheme, 'untitled');
    assert.match(uri?.path ?? '', /\/new-listing(-\d+)?\.item\.json$/);
    // The live rules find the document by its path; they alone judge it (the schema never reports a problem).
    const diagnostics = await until(
      'live diagnostics on the blank category',
      () => {
        const found = vscode.languages.getDiagnostics(uri!);
        return found.some((entry) => entry.source === 'Marketplace' && /category_id/.test(entry.message))
          ? found
          : undefined;
      },
      30_000,
    );
    assert.ok(
      diagnostics.every((entry) => entry.source === 'Marketplace'),
      'one diagnostic per problem, ours',
    );
    // The JSON language service matches the creation schema by the file name: it completes the item's fields.
    const labels = await until('schema completion in the unsaved document', async () => {
      const list = await vscode.commands.executeCommand<vscode.CompletionList>(
        'vscode.executeCompletionItemProvider',
        uri,
        new vscode.Position(1, 2),
      );
      const found = list.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
      return found.includes('official_store_id') ? found : undefined;
    });
    assert.ok(!labels.includes('sold_quantity'), 'fields the marketplace sets are not suggested');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('a name that would update an item instead of creating one is refused, saying why, and nothing is written', async () => {
    const name = `${ITEM.PHONE_NO_SALES}.item.json`;
    rmSync(join(folder.fsPath, name), { force: true });
    await withLoggedErrors(api, async (logged) => {
      // The refusal is shown as an error message, whose promise stays pending until someone dismisses it.
      void vscode.commands.executeCommand(COMMANDS.newItemPayload, { folder, name });
      const line = await until('the refusal in the output', () =>
        logged.find((entry) => entry.includes('Could not create the item payload')),
      );
      assert.match(line, /Could not create the item payload: .*would update MLA1400000705/);
    });
    assert.ok(!existsSync(join(folder.fsPath, name)));
  });
});
