import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension';
import { ITEM } from '../../src/sandbox/items/ids';
import { onFreshSandbox } from './support/extensionApi';
import { sellerGet } from './support/sandboxRequests';
import { until } from './support/until';
import { useSuiteFolder } from './support/workspaceFolder';

const SOURCE = 'Marketplace';

describe('payload diagnostics, completion, hover and quick fixes in a real VS Code', () => {
  let api: TestApi;
  const folder = useSuiteFolder('authoring-test');

  before(async () => {
    api = await onFreshSandbox();
  });

  /** Writes a file into the workspace and opens it in an editor. */
  async function open(name: string, content: string): Promise<vscode.TextDocument> {
    const uri = vscode.Uri.joinPath(folder.uri, name);
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(content));
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document);
    return document;
  }

  const ours = (uri: vscode.Uri) =>
    vscode.languages.getDiagnostics(uri).filter((diagnostic) => diagnostic.source === SOURCE);
  const codeOf = (diagnostic: vscode.Diagnostic) => String(diagnostic.code);

  /** Polls the diagnostics of a file until one with `code` is there (diagnostics arrive as live data does). */
  function diagnosticWith(uri: vscode.Uri, code: string): Promise<vscode.Diagnostic> {
    return until(`a ${code} diagnostic on ${uri.path}`, () =>
      ours(uri).find((diagnostic) => codeOf(diagnostic) === code),
    );
  }

  /** The position just after `marker` in a document. */
  function positionAfter(document: vscode.TextDocument, marker: string): vscode.Position {
    const index = document.getText().indexOf(marker);
    assert.ok(index >= 0, `${marker} is in the document`);
    return document.positionAt(index + marker.length);
  }

  const item = (extra: Record<string, unknown>) =>
    JSON.stringify(
      { title: 'Microondas Atma 20 Litros', category_id: 'MLA1577', price: 120000, currency_id: 'ARS', ...extra },
      null,
      2,
    );

  it('MANUFACTURING_TIME "46 días" gets the 45-day error at sale_terms[0].value_name; its quick fix clamps it', async () => {
    const document = await open(
      'microondas.item.json',
      item({ sale_terms: [{ id: 'MANUFACTURING_TIME', value_name: '46 días' }] }),
    );
    const error = await diagnosticWith(document.uri, 'item.manufacturing_time.too_long');
    assert.equal(error.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(document.getText(error.range), '"46 días"');
    assert.match(error.message, /may not exceed 45 días/);

    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      document.uri,
      error.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    const clamp = actions.find((action) => action.title === 'Clamp MANUFACTURING_TIME to 45 días');
    assert.ok(clamp?.edit, `a clamp fix among ${actions.map((action) => action.title).join(', ')}`);
    assert.ok(await vscode.workspace.applyEdit(clamp.edit));
    assert.equal(JSON.parse(document.getText()).sale_terms[0].value_name, '45 días');
    await until(
      'the 45-day error to go',
      () =>
        ours(document.uri).every((diagnostic) => codeOf(diagnostic) !== 'item.manufacturing_time.too_long') ||
        undefined,
    );
  });

  it('a used item in MLA1322 with stock 2 gets the used-stock error on available_quantity', async () => {
    const document = await open(
      'horno-usado.item.json',
      item({ category_id: 'MLA1322', condition: 'used', available_quantity: 2 }),
    );
    const error = await diagnosticWith(document.uri, 'item.available_quantity.used_limit');
    assert.equal(document.getText(error.range), '2');
    assert.equal(document.lineAt(error.range.start.line).text.trim(), '"available_quantity": 2');
  });

  it('a title change in the update file of a sold item gets the editability error (from the live item)', async () => {
    const live = await sellerGet<{ sold_quantity: number; price: number }>(api, `/items/${ITEM.PHONE_WITH_SALES}`);
    assert.ok(live.sold_quantity > 0, 'the seeded item has sales');
    const document = await open(
      `${ITEM.PHONE_WITH_SALES}.item.json`,
      JSON.stringify({ title: 'Celular Samsung Galaxy A55 Negro', price: live.price }, null, 2),
    );
    const error = await diagnosticWith(document.uri, 'item.title.not_modifiable');
    assert.equal(document.getText(error.range), '"Celular Samsung Galaxy A55 Negro"');
    assert.match(error.message, /cannot be modified because the item has sales/);
    // Signed in, nothing says checks are waiting for the API.
    assert.ok(!ours(document.uri).some((diagnostic) => codeOf(diagnostic) === 'authoring.offline'));
  });

  it("completion inside sale_terms[].id lists exactly MLA1577's sale term ids", async () => {
    const document = await open('terms.item.json', item({ sale_terms: [{ id: '' }] }));
    const expected = (await sellerGet<{ id: string }[]>(api, '/categories/MLA1577/sale_terms')).map(
      (entry) => entry.id,
    );
    const labels = await until('the sale term completions', async () => {
      const list = await vscode.commands.executeCommand<vscode.CompletionList>(
        'vscode.executeCompletionItemProvider',
        document.uri,
        positionAfter(document, '"id": "'),
      );
      // Ours carry the definition's name as the label's description; a schema's enum values do not.
      const found = list.items
        .filter((entry) => typeof entry.label === 'object' && entry.label.description)
        .map((entry) => (entry.label as vscode.CompletionItemLabel).label);
      return found.length ? found : undefined;
    });
    assert.deepEqual([...labels].sort(), [...expected].sort());
  });

  it('completion inside value_name offers the allowed units after the number', async () => {
    const document = await open(
      'garantia.item.json',
      item({ sale_terms: [{ id: 'WARRANTY_TIME', value_name: '6 ' }] }),
    );
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      document.uri,
      positionAfter(document, '"value_name": "6 '),
    );
    const labels = list.items.map((entry) => (typeof entry.label === 'string' ? entry.label : entry.label.label));
    for (const unit of ['6 días', '6 meses', '6 años']) assert.ok(labels.includes(unit), `${unit} in ${labels}`);
  });

  it('hover on a sale term id shows its definition', async () => {
    const document = await open(
      'hover.item.json',
      item({ sale_terms: [{ id: 'MANUFACTURING_TIME', value_name: '30 días' }] }),
    );
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      document.uri,
      positionAfter(document, '"id": "MANUF'),
    );
    const text = hovers
      .flatMap((hover) => hover.contents)
      .map((content) => (typeof content === 'string' ? content : content.value))
      .join('\n');
    assert.match(text, /MANUFACTURING_TIME\*\* · Tiempo de elaboración/);
    assert.match(text, /at most 45 días/);
  });

  it('a hard-coded sandbox token in any workspace file is flagged without being repeated', async () => {
    const sandbox = await api.sandbox.ensureStarted();
    const document = await open('deploy.env', `MARKETPLACE_URL=${sandbox.url}\nTOKEN=${sandbox.token}\n`);
    const warning = await diagnosticWith(document.uri, 'authoring.hardcoded_token');
    assert.equal(warning.severity, vscode.DiagnosticSeverity.Warning);
    assert.equal(document.getText(warning.range), sandbox.token);
    assert.ok(!warning.message.includes(sandbox.token));
    assert.match(warning.message, /Use Local Sandbox/);
  });
});
