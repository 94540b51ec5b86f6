import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { MarketplaceClient } from '../../src/api/client';
import { getItem, searchSellerItems, updateItem } from '../../src/api/items';
import { getAllChartItems, listSizeCharts } from '../../src/api/sizeCharts';
import { COMMANDS, EXTENSION_ID } from '../../src/constants';
import type { TestApi } from '../../src/extension';
import type { BulkResult } from '../../src/features/requests/bulkCommands';
import type { HistoryEntry } from '../../src/features/requests/history';
import type { SendResult } from '../../src/features/requests/payloadRequests';
import type { SendOutcome } from '../../src/features/requests/send';
import { ITEM } from '../../src/sandbox/items/ids';
import { SEEDED_CHART_IDS } from '../../src/sandbox/sizeCharts/seed';
import { SELLER_ID } from '../../src/sandbox/users/ids';
import { newPhone } from '../fixtures/newPhone';
import officialStore from '../fixtures/real/requests/item-create-mla5529-official-store.json';
import { childrenOfKind, itemNode, rootNode } from './support/explorerTree';
import { onFreshSandbox } from './support/extensionApi';
import { admin } from './support/sandboxRequests';
import { until } from './support/until';
import { useSuiteFolder } from './support/workspaceFolder';

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The lens names the README's Sending section gives in bold, in its first paragraph ("**Send** `PUT …`, …"). */
function readmeLensNames(): string[] {
  const root = vscode.extensions.getExtension(EXTENSION_ID)?.extensionPath;
  assert.ok(root, 'the extension is installed');
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const start = readme.indexOf('Above the first line of every payload file');
  assert.ok(start >= 0, "the README's Sending section");
  const paragraph = readme.slice(start, readme.indexOf('\n\n', start));
  return [...paragraph.matchAll(/\*\*([^*]+)\*\*/g)].map((match) => match[1] as string);
}

describe('sending payload files, history and bulk against the sandbox', () => {
  let api: TestApi;
  const folder = useSuiteFolder('requests-test');
  /** The item the send test updated (the history test looks for it). */
  let sentUpdate = '';

  before(async () => {
    api = await onFreshSandbox();
    await vscode.commands.executeCommand(COMMANDS.clearHistory, { confirm: true });
  });

  const client = () => {
    const session = api.sessions.current;
    assert.ok(session, 'signed in');
    return session.client;
  };
  const run = <T>(command: string, ...args: unknown[]) =>
    vscode.commands.executeCommand<T>(command, ...args) as Promise<T>;

  async function write(name: string, content: string, open = true): Promise<vscode.Uri> {
    const uri = vscode.Uri.joinPath(folder.uri, name);
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(content));
    if (open) await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    return uri;
  }

  async function lensTitles(uri: vscode.Uri): Promise<string[]> {
    const lenses = await run<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    return (lenses ?? []).map((lens) => lens.command?.title ?? '');
  }

  it('shows the CodeLens of an update: method, path and the number of changed fields', async () => {
    const live = await getItem(client(), ITEM.PHONE_NO_SALES);
    const uri = await write(
      `${live.id}.item.json`,
      json({ title: live.title, price: live.price + 100, available_quantity: (live.available_quantity ?? 0) + 1 }),
    );
    const titles = await until('the CodeLens with the live diff', async () => {
      const found = await lensTitles(uri);
      return found.some((title) => title.includes('fields changed')) ? found : undefined;
    });
    assert.deepEqual(titles, [
      `$(cloud-upload) Send PUT /items/${live.id} · 2 fields changed`,
      '$(diff) Diff with live',
      '$(terminal) Copy as curl',
    ]);
    // An item that does not exist: the lens says so in the API's words, instead of counting fields.
    const missing = await write('MLA1999999999.item.json', json({ price: 1 }));
    const missingTitle = await until('the CodeLens of a missing item', async () => {
      const [first] = await lensTitles(missing);
      return first?.includes('item MLA1999999999:') ? first : undefined;
    });
    assert.match(missingTitle, /^\$\(cloud-upload\) Send PUT \/items\/MLA1999999999 · item MLA1999999999: .+/);
    const creation = await write('new-phone.item.json', json(newPhone('Celular Motorola Moto G85 Lente')));
    const creationTitles = await lensTitles(creation);
    assert.deepEqual(creationTitles, [
      '$(cloud-upload) Send POST /items · create',
      '$(pass) Validate with the API',
      '$(terminal) Copy as curl',
    ]);
    // Each lens starts with the name the README's Sending section gives it (**Send**, **Validate with the API**…).
    const names = readmeLensNames();
    assert.deepEqual(names, ['Send', 'Validate with the API', 'Diff with live', 'Copy as curl']);
    for (const title of [...titles, missingTitle, ...creationTitles]) {
      const words = title.replace(/^\$\([\w-]+\) /, '');
      assert.ok(
        names.some((name) => words.startsWith(`${name} `) || words === name),
        `"${title}" starts with none of the README's names`,
      );
    }
  });

  it('sends an update: only the changed fields, the response view, the sandbox and the tree updated', async () => {
    // An item the tree shows on its first page, active and without sales: any field may change.
    const items = await childrenOfKind(api, await rootNode(api, 'itemsRoot'), 'item');
    const shown = items.find((node) => {
      const data = node.data as { status?: string; sold_quantity?: number; variations?: unknown[] };
      return data.status === 'active' && !data.sold_quantity && !data.variations?.length;
    });
    assert.ok(shown, 'the first page shows an active item without sales');
    const live = await getItem(client(), (shown.data as { id: string }).id);
    const uri = await write(
      `${live.id}.item.json`,
      json({ title: live.title, price: live.price + 100, available_quantity: (live.available_quantity ?? 0) + 1 }),
    );
    const result = await run<SendResult>(COMMANDS.sendPayload, uri);
    assert.ok(result.sent && result.outcome?.ok, JSON.stringify(result.plan?.findings));
    assert.deepEqual(result.plan?.body, {
      price: live.price + 100,
      available_quantity: (live.available_quantity ?? 0) + 1,
    });
    const after = await getItem(client(), live.id);
    assert.deepEqual([after.price, after.available_quantity], [live.price + 100, (live.available_quantity ?? 0) + 1]);
    const response = await until('the response view', () => api.shownResponse());
    assert.deepEqual([response.method, response.path, response.status], ['PUT', `/items/${live.id}`, 200]);
    await until('the refreshed tree node', async () => {
      const found = await itemNode(api, live.id);
      return (found?.data as { price?: number } | undefined)?.price === live.price + 100 ? found : undefined;
    });
    // Sent again: nothing changes now, so nothing is sent.
    const again = await run<SendResult>(COMMANDS.sendPayload, uri);
    assert.equal(again.sent, false);
    assert.match(again.reason ?? '', /Nothing to send/);
    await vscode.commands.executeCommand('notifications.clearAll');
    sentUpdate = live.id;
  });

  it('sends from the explorer: an item node finds the payload file named after it', async () => {
    const node = await itemNode(api, sentUpdate);
    assert.ok(node, 'the item sent before is on the first page');
    const live = await getItem(client(), sentUpdate);
    const uri = await write(`${live.id}.item.json`, json({ price: live.price + 1 }), false);
    // When the file is open (the previous test), VS Code reloads it from disk on its own time.
    await until('the open editor to show the new file', () => {
      const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
      return open ? open.getText().includes(String(live.price + 1)) : true;
    });
    const result = await run<SendResult>(COMMANDS.sendPayload, node);
    assert.ok(result.sent && result.outcome?.ok, JSON.stringify(result));
    assert.deepEqual(result.plan?.body, { price: live.price + 1 });
    assert.equal((await getItem(client(), live.id)).price, live.price + 1);
  });

  it('refuses a title change after sales with the spec reason; "send anyway" shows the API refusal', async () => {
    const uri = await write(`${ITEM.PHONE_WITH_SALES}.item.json`, json({ title: 'Celular Nuevo Titulo Distinto' }));
    const titles = await until('the refused CodeLens', async () => {
      const found = await lensTitles(uri);
      return found[0]?.includes('refused') ? found : undefined;
    });
    assert.match(titles[0] ?? '', /PUT \/items\/MLA1400000706 · 1 field changed · refused: 1 problem/);
    const result = await run<SendResult>(COMMANDS.sendPayload, uri, { confirm: true });
    assert.ok(result.plan?.refused);
    assert.ok(result.sent, 'sent anyway when the user says so');
    assert.equal(result.outcome?.ok, false);
    const shown = await until('the refusal in the response view', () =>
      api.shownResponse()?.status === 400 ? api.shownResponse() : undefined,
    );
    assert.ok(shown.error?.message);
    const after = await getItem(client(), ITEM.PHONE_WITH_SALES);
    assert.notEqual(after.title, 'Celular Nuevo Titulo Distinto');
  });

  it('validates a creation with the API without creating it, and shows each cause of a refusal', async () => {
    const before = (await searchSellerItems(client(), SELLER_ID, { limit: 1 })).paging.total;
    const valid = await write('valid.item.json', json(newPhone('Celular Motorola Moto G85 Valido')));
    const ok = await run<SendOutcome>(COMMANDS.validatePayload, valid);
    assert.ok(ok.ok);
    assert.equal(ok.record?.status, 204);
    const invalid = await write('invalid.item.json', json({ ...newPhone('x'), price: -1, title: '' }));
    const refused = await run<SendOutcome>(COMMANDS.validatePayload, invalid);
    assert.equal(refused.ok, false);
    const shown = await until('the causes in the response view', () =>
      api.shownResponse()?.status === 400 ? api.shownResponse() : undefined,
    );
    assert.ok((shown.error?.causes.length ?? 0) > 0);
    assert.equal((await searchSellerItems(client(), SELLER_ID, { limit: 1 })).paging.total, before);
  });

  it('a real creation body (official store, gold_pro) gets no Error or Warning and Send creates it without asking', async () => {
    // The official-store example of the marketplace's public pages (test/fixtures/real/SOURCES.md), with the
    // premium listing type its sites use today in place of the example's bronze.
    const body = { ...officialStore, listing_type_id: 'gold_pro' };
    const uri = await write('official-store.item.json', json(body));
    // Our analysis runs with the live sandbox (the site's listing types, the category); the JSON schema runs too.
    await until('the live analysis of the file', () =>
      vscode.languages.getDiagnostics(uri).some((entry) => entry.source === 'Marketplace') ? true : undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const serious = vscode.languages
      .getDiagnostics(uri)
      .filter((entry) => entry.severity <= vscode.DiagnosticSeverity.Warning)
      .map((entry) => `${entry.source}: ${entry.message}`);
    assert.deepEqual(serious, []);
    const hints = vscode.languages.getDiagnostics(uri).map((entry) => String(entry.code));
    assert.ok(hints.includes('item.title.invalid_characters'), 'the title advice is a hint');
    // Without `confirm`: a question (Send Anyway) would never be answered and the race would be lost.
    const asked = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('Send asked a question on a body with no Error')), 20_000),
    );
    const result = await Promise.race([run<SendResult>(COMMANDS.sendPayload, uri), asked]);
    assert.ok(result.sent && result.outcome?.ok, JSON.stringify(result.outcome));
    const created = result.outcome.body as { id: string; listing_type_id: string; official_store_id: number };
    assert.equal(created.listing_type_id, 'gold_pro');
    assert.equal(created.official_store_id, 1);
    const live = await getItem(client(), created.id);
    assert.equal(live.official_store_id, 1);
  });

  it('remembers what a creation file created: a second send creates another only when confirmed, bulk too', async () => {
    const session = api.sessions.current;
    assert.ok(session);
    const uri = await write('ledger-phone.item.json', json(newPhone('Celular Motorola Moto G85 Registro')));
    const key = uri.toString();
    assert.equal(api.creations.find(key, session.environment, session.account.userId), undefined);
    const first = await run<SendResult>(COMMANDS.sendPayload, uri, { confirm: true });
    assert.ok(first.outcome?.ok, JSON.stringify(first.outcome));
    const firstId = (first.outcome.body as { id: string }).id;
    const remembered = api.creations.find(key, session.environment, session.account.userId);
    assert.equal(remembered?.resourceId, firstId);
    assert.equal(remembered?.request, 'POST /items');
    const [lens] = await lensTitles(uri);
    assert.match(
      lens ?? '',
      new RegExp(`^\\$\\(cloud-upload\\) Send POST /items · create.* · already created ${firstId}$`),
    );
    await vscode.commands.executeCommand('notifications.clearAll');
    // Confirmed again (the question's "Create Another Listing"): a second listing, and the record follows it.
    const second = await run<SendResult>(COMMANDS.sendPayload, uri, { confirm: true });
    assert.ok(second.outcome?.ok);
    const secondId = (second.outcome.body as { id: string }).id;
    assert.notEqual(secondId, firstId);
    assert.equal(api.creations.find(key, session.environment, session.account.userId)?.resourceId, secondId);
    await vscode.commands.executeCommand('notifications.clearAll');
    // A bulk send of the file records its creation the same way.
    const report = await run<BulkResult>(COMMANDS.sendPayloadFiles, uri, undefined, {
      confirm: true,
      openReport: false,
    });
    const [sentInBulk] = report.succeeded;
    assert.ok(sentInBulk && report.succeeded.length === 1, report.markdown);
    const bulkId = (sentInBulk.result as { id: string }).id;
    assert.equal(api.creations.find(key, session.environment, session.account.userId)?.resourceId, bulkId);
    await vscode.commands.executeCommand('notifications.clearAll');
  });

  it('diffs a payload with the live item through the file’s own shape', async () => {
    const live = await getItem(client(), ITEM.PHONE_MANUFACTURING_TIME);
    const uri = await write(
      `${live.id}.sale-terms.json`,
      json({ sale_terms: [{ id: 'MANUFACTURING_TIME', value_name: '30 días' }] }),
    );
    const liveUri = await run<vscode.Uri>(COMMANDS.diffPayload, uri);
    const text = api.payloads.liveText(liveUri);
    const current = live.sale_terms?.find((term) => term.id === 'MANUFACTURING_TIME');
    assert.deepEqual(JSON.parse(text ?? ''), {
      sale_terms: [{ id: 'MANUFACTURING_TIME', value_name: current?.value_name }],
    });
    const tab = await until('the diff editor', () =>
      vscode.window.tabGroups.all
        .flatMap((group) => group.tabs)
        .find((candidate) => candidate.input instanceof vscode.TabInputTextDiff),
    );
    assert.match(tab.label, /item MLA1400000703 \(live\)/);
  });

  it('copies the request as curl with $MARKETPLACE_TOKEN and never the token', async () => {
    const uri = vscode.Uri.joinPath(folder.uri, 'valid.item.json');
    const command = await run<string>(COMMANDS.copyPayloadAsCurl, uri);
    const clipboard = await vscode.env.clipboard.readText();
    assert.equal(clipboard, command);
    assert.match(command, /^curl -X POST '.*\/items' -H "Authorization: Bearer \$MARKETPLACE_TOKEN"/);
    const sandbox = await api.sandbox.ensureStarted();
    assert.ok(!command.includes(sandbox.token));
  });

  it('records requests in the history without the token: open, replay, copy as curl, delete, clear', async () => {
    await api.history.flushed();
    const entries = await api.history.entries();
    const update = entries.find((entry) => entry.method === 'PUT' && entry.path === `/items/${sentUpdate}`);
    assert.ok(update, 'the send is in the history');
    assert.ok(entries.some((entry) => entry.path === '/items/validate' && entry.status === 400));
    assert.ok(!entries.some((entry) => entry.method === 'GET'), 'reading is not recorded');
    const file = join(api.globalStorage.fsPath, 'history', 'sandbox.json');
    const sandbox = await api.sandbox.ensureStarted();
    assert.ok(!readFileSync(file, 'utf8').includes(sandbox.token), 'the history file holds no token');

    // The Request History view lists the same entries, newest first, each opening its response when clicked.
    const rows = await api.historyView.getChildren();
    assert.deepEqual(
      rows.map((row) => row.label),
      entries.map((entry) => `${entry.method} ${entry.path}`),
    );
    const updateRow = rows.find((row) => row.entry.id === update.id);
    assert.ok(updateRow);
    assert.equal(updateRow.command?.command, COMMANDS.openHistoryEntry);
    assert.deepEqual(updateRow.command?.arguments, [update.id]);
    assert.match(String(updateRow.description), /^200 · \d+ ms · /);
    const refused = rows.find((row) => row.entry.status === 400);
    assert.equal((refused?.iconPath as vscode.ThemeIcon | undefined)?.id, 'error');
    assert.equal(refused?.contextValue, 'historyEntry.post');

    const opened = await run<HistoryEntry>(COMMANDS.openHistoryEntry, update.id);
    assert.equal(opened.id, update.id);
    await until('the entry in the response view', () => api.shownResponse()?.path === update.path);
    const curl = await run<string>(COMMANDS.copyHistoryAsCurl, update.id);
    assert.match(curl, /-X PUT .*\$MARKETPLACE_TOKEN/);

    const count = entries.length;
    // Changed elsewhere in between: the replay sets the recorded price again, and the explorer shows it.
    const recordedPrice = (update.requestBody as { price: number }).price;
    const elsewhere = new MarketplaceClient({ baseUrl: sandbox.url, token: () => sandbox.token });
    await updateItem(elsewhere, sentUpdate, { price: recordedPrice + 1 });
    await vscode.commands.executeCommand(COMMANDS.refresh);
    await until('the tree showing the price changed elsewhere', async () => {
      const found = await itemNode(api, sentUpdate);
      return (found?.data as { price?: number } | undefined)?.price === recordedPrice + 1 ? found : undefined;
    });
    const replay = await run<SendOutcome>(COMMANDS.replayHistoryEntry, update.id, { confirm: true });
    assert.ok(replay.ok);
    assert.equal((await getItem(client(), sentUpdate)).price, recordedPrice);
    await until('the replayed price in the tree', async () => {
      const found = await itemNode(api, sentUpdate);
      return (found?.data as { price?: number } | undefined)?.price === recordedPrice ? found : undefined;
    });
    await api.history.flushed();
    assert.equal((await api.history.entries()).length, count + 1, 'the replay is recorded too');
    // The context menu passes the row itself; the view follows the history without a refresh.
    const viewChanged = new Promise<void>((resolve) => {
      const subscription = api.historyView.onDidChangeTreeData(() => {
        subscription.dispose();
        resolve();
      });
    });
    assert.equal(await run<boolean>(COMMANDS.deleteHistoryEntry, updateRow), true);
    await viewChanged;
    // The Delete key runs the command with no argument: it deletes the selected row.
    const selectedRow = (await api.historyView.getChildren()).find((row) => row.entry.status === 400);
    assert.ok(selectedRow, 'the refused validation is listed');
    await api.historyView.reveal(selectedRow);
    assert.equal(await run<boolean>(COMMANDS.deleteHistoryEntry), true);
    assert.ok(!(await api.history.entries()).some((entry) => entry.id === selectedRow.entry.id));
    assert.ok(!(await api.history.entries()).some((entry) => entry.id === update.id));
    assert.ok(!(await api.historyView.getChildren()).some((row) => row.entry.id === update.id));
    assert.equal(await run<boolean>(COMMANDS.clearHistory, { confirm: true }), true);
    assert.deepEqual(await api.history.entries(), []);
    assert.deepEqual(await api.historyView.getChildren(), []);
  });

  it('a session of panel reads leaves the changes in the history; the view lists the changes until Show Panel Reads', async () => {
    // A change, then what a session of the panels records: every quote and metrics preset, many more than the cap.
    await run(COMMANDS.clearHistory, { confirm: true });
    const item = await getItem(client(), ITEM.PHONE_NO_SALES);
    await updateItem(client(), ITEM.PHONE_NO_SALES, { price: item.price + 1 });
    await api.history.flushed();
    const change = (await api.history.entries()).find((entry) => entry.method === 'PUT');
    assert.ok(change, 'the change is recorded');
    const sandbox = await api.sandbox.ensureStarted();
    for (let index = 0; index < 250; index++) {
      api.history.remember({
        environment: 'sandbox',
        record: {
          method: 'GET',
          path: `/sites/MLB/shipping_options?zip_code_from=01310100&zip_code_to=${20040000 + index}`,
          baseUrl: sandbox.url,
          requestBody: undefined,
          status: 200,
          durationMs: 3,
          responseHeaders: { 'content-type': 'application/json' },
          responseBody: { options: [] },
          sizeBytes: 14,
        },
      });
    }
    await api.history.flushed();
    const entries = await api.history.entries();
    assert.ok(
      entries.some((entry) => entry.id === change.id),
      'the panels’ reads pushed the change out of the history',
    );
    const rowsOf = async () => (await api.historyView.getChildren()).map((row) => row.entry);
    const listed = await rowsOf();
    assert.ok(!listed.some((entry) => entry.method === 'GET'), 'the view lists the panels’ reads by default');
    assert.equal(listed[0]?.id, change.id, 'the change is the first row');

    await run(COMMANDS.showHistoryReads);
    const withReads = await rowsOf();
    assert.ok(
      withReads.some((entry) => entry.method === 'GET'),
      'Show Panel Reads lists them',
    );
    assert.ok(withReads.some((entry) => entry.id === change.id));
    await run(COMMANDS.hideHistoryReads);
    assert.ok(!(await rowsOf()).some((entry) => entry.method === 'GET'), 'Hide Panel Reads leaves them out again');
    assert.equal(await run<boolean>(COMMANDS.clearHistory, { confirm: true }), true);
  });

  it('creates and replaces a size chart from payload files, and replaces its items from every page', async () => {
    const chart = {
      name: 'Buzos unisex',
      sizes: [
        { name: 'M', measurements: [{ id: 'CHEST_CIRCUMFERENCE', value: '100' }] },
        { name: 'L', measurements: [{ id: 'CHEST_CIRCUMFERENCE', value: '106' }] },
      ],
    };
    const created = await run<SendResult>(COMMANDS.sendPayload, await write('buzos.size-chart.json', json(chart)), {
      confirm: true,
    });
    assert.ok(created.outcome?.ok, JSON.stringify(created.outcome));
    const chartId = (created.outcome as { body: { id: number } }).body.id;
    assert.ok((await listSizeCharts(client())).some((entry) => entry.id === chartId));

    const renamed = await run<SendResult>(
      COMMANDS.sendPayload,
      await write(`${chartId}.size-chart.json`, json({ ...chart, name: 'Buzos unisex invierno' })),
      { confirm: true },
    );
    assert.ok(renamed.outcome?.ok, JSON.stringify(renamed.outcome));

    const copies = (await admin(api, 'POST', '/_sandbox/items/bulk', { count: 60, template: ITEM.TSHIRT_M })) as {
      first: string;
    };
    const first = Number(copies.first.slice(3));
    const added = Array.from({ length: 60 }, (_, i) => `MLA${first + i}`);
    const seeded = await getAllChartItems(client(), SEEDED_CHART_IDS.shirts);
    const associated = await run<boolean>(COMMANDS.associateChartItems, SEEDED_CHART_IDS.shirts, {
      confirm: true,
      items: [...seeded, ...added],
    });
    assert.equal(associated, true);
    const grown = await getAllChartItems(client(), SEEDED_CHART_IDS.shirts);
    assert.equal(grown.length, seeded.length + 60, 'the list pages past 50');
    const items = await run<SendResult>(
      COMMANDS.sendPayload,
      await write(`${SEEDED_CHART_IDS.shirts}.chart-items.json`, json({ items: grown.slice(1) })),
      { confirm: true },
    );
    assert.ok(items.outcome?.ok, JSON.stringify(items.outcome));
    assert.deepEqual(await getAllChartItems(client(), SEEDED_CHART_IDS.shirts), grown.slice(1));
  });

  it('sends 200 payload files through injected 429s and a 500: an exact report and no duplicate creation', async function () {
    this.timeout(180_000);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const seeded = (await admin(api, 'POST', '/_sandbox/items/bulk', { count: 80 })) as { first: string };
    const firstNumber = Number(seeded.first.slice(3));
    const bulk = vscode.Uri.joinPath(folder.uri, 'bulk');
    await vscode.workspace.fs.createDirectory(bulk);
    const titles: string[] = [];
    let updated = 0;
    for (let n = 0; n < 200; n++) {
      const name = String(n).padStart(3, '0');
      if (n % 5 < 3) {
        const title = `Celular Motorola Moto G85 Lote Integracion ${n}`;
        titles.push(title);
        await write(`bulk/${name}-phone.item.json`, json(newPhone(title)), false);
      } else {
        const id = `MLA${firstNumber + updated++}`;
        const body = n % 5 === 3 ? { available_quantity: 100 + n } : { price: 10_000 + n };
        await write(`bulk/${id}.item.json`, json(body), false);
      }
    }
    const before = (await searchSellerItems(client(), SELLER_ID, { limit: 1 })).paging.total;
    await admin(api, 'POST', '/_sandbox/faults', {
      method: 'POST',
      path: '/items',
      status: 429,
      retry_after: 1,
      times: 3,
    });
    await admin(api, 'POST', '/_sandbox/faults', {
      method: 'PUT',
      path: '/items/*',
      status: 429,
      retry_after: 1,
      times: 3,
    });
    await admin(api, 'POST', '/_sandbox/faults', { method: 'POST', path: '/items', status: 500, times: 1 });

    let historyRefreshes = 0;
    const counting = api.historyView.onDidChangeTreeData(() => {
      historyRefreshes += 1;
    });
    const report = await run<BulkResult>(COMMANDS.sendPayloadFiles, bulk, undefined, {
      confirm: true,
      openReport: false,
    });
    await api.history.flushed();
    counting.dispose();
    await vscode.commands.executeCommand('notifications.clearAll');
    assert.equal(report.total, 200);
    // The Request History view re-reads its file once per burst of changes, not once per request.
    assert.ok(historyRefreshes < report.requests / 2, `${historyRefreshes} refreshes for ${report.requests} requests`);
    assert.equal(report.succeeded.length, 199, report.markdown);
    assert.equal(report.failed.length, 1);
    assert.equal(report.unconfirmed.length, 0);
    assert.equal(report.notSent.length, 0);
    assert.equal(report.requests, 206, '200 requests and 6 sent again after a 429');
    const [failed] = report.failed;
    assert.ok(failed?.job.creation);
    assert.equal(failed.status, 500);
    assert.match(report.markdown, /200 requests: 199 succeeded, 1 failed, 0 not confirmed, 0 not sent/);
    assert.match(report.markdown, /## Failed \(1\)[\s\S]*internal_error/);
    const faults = (await admin(api, 'GET', '/_sandbox/faults')) as { hits: number }[];
    assert.deepEqual(
      faults.map((fault) => fault.hits),
      [3, 3, 1],
    );
    await admin(api, 'DELETE', '/_sandbox/faults');

    const after = (await searchSellerItems(client(), SELLER_ID, { limit: 1 })).paging.total;
    assert.equal(after, before + 119, 'one listing per successful creation, none for the failed one');
    const listed = (await admin(api, 'GET', `/_sandbox/items?seller_id=${SELLER_ID}`)) as { title: string }[];
    const failedTitle: string = (failed.job.body as { title: string }).title;
    for (const title of titles) {
      const count = listed.filter((item) => item.title === title).length;
      assert.equal(count, title === failedTitle ? 0 : 1, title);
    }
    const updates = report.succeeded.filter((entry) => !entry.job.creation);
    assert.equal(updates.length, 80);
    for (const entry of updates.slice(0, 10)) {
      const item = await getItem(client(), entry.job.path.slice('/items/'.length));
      const body = entry.job.body as { available_quantity?: number; price?: number };
      if (body.available_quantity !== undefined) assert.equal(item.available_quantity, body.available_quantity);
      if (body.price !== undefined) assert.equal(item.price, body.price);
    }
  });

  it('sends stock and price updates from a CSV, listing unreadable rows as not sent', async () => {
    const csv = await write(
      'stock.csv',
      `item_id,available_quantity,price\n${ITEM.PHONE_FLEX},7,\n${ITEM.GROCERY_RICE},,1999\nnot-an-id,x,y\n`,
      false,
    );
    const report = await run<BulkResult>(COMMANDS.sendStockPriceCsv, csv, { confirm: true, openReport: false });
    await vscode.commands.executeCommand('notifications.clearAll');
    assert.equal(report.succeeded.length, 2, report.markdown);
    assert.equal(report.notSent.length, 1);
    assert.match(report.notSent[0]?.job.id ?? '', /stock\.csv:4$/);
    assert.equal((await getItem(client(), ITEM.PHONE_FLEX)).available_quantity, 7);
    assert.equal((await getItem(client(), ITEM.GROCERY_RICE)).price, 1999);
  });
});
