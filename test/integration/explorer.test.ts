import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { listSizeCharts } from '../../src/api/sizeCharts';
import { COMMANDS, JSON_SCHEME } from '../../src/constants';
import type { TestApi } from '../../src/extension';
import type { ItemNode } from '../../src/features/explorer/nodes';
import { ITEM } from '../../src/sandbox/items/ids';
import { SELLER_ID } from '../../src/sandbox/users/ids';
import { childLabels, children, childrenOfKind, isKind, rootNode } from './support/explorerTree';
import { onFreshSandbox } from './support/extensionApi';
import { admin, sellerGet } from './support/sandboxRequests';
import { until } from './support/until';

interface SearchAnswer {
  paging: { total: number; offset: number; limit: number };
  results: string[];
}

describe('the Marketplace explorer against the sandbox', () => {
  let api: TestApi;

  before(async () => {
    api = await onFreshSandbox();
    await vscode.commands.executeCommand(`${'marketplace.explorer'}.focus`);
  });

  it('shows the five roots when signed in', async () => {
    const labels = await childLabels(api);
    assert.deepEqual(
      labels.map((label) => label.replace(/\s*\(.*\)$/, '')),
      ['Items', 'Orders', 'Size charts', 'Blacklist', 'Advertising'],
    );
  });

  it('Items: the first page equals the sandbox items search, and Load more pages on', async () => {
    await api.explorer.filterItems('all');
    const items = await rootNode(api, 'itemsRoot');
    const first = await children(api, items);
    const expected = (await sellerGet(
      api,
      `/users/${SELLER_ID}/items/search?limit=50&orders=start_time_desc`,
    )) as SearchAnswer;
    const shown = first.filter(isKind<ItemNode>('item')).map((node) => node.id);
    assert.deepEqual(shown, expected.results);
    const more = first.find(isKind('loadMore'));
    assert.ok(more, 'a Load more node follows a full page');
    await vscode.commands.executeCommand(COMMANDS.loadMore, more);
    const second = await children(api, await rootNode(api, 'itemsRoot'));
    const secondPage = (await sellerGet(
      api,
      `/users/${SELLER_ID}/items/search?limit=50&offset=50&orders=start_time_desc`,
    )) as SearchAnswer;
    const allShown = second.filter(isKind<ItemNode>('item')).map((node) => node.id);
    assert.deepEqual(allShown, [...expected.results, ...secondPage.results]);
    assert.equal(allShown.length, Math.min(100, expected.paging.total));
  });

  it('Items: the status filter shows exactly the sandbox items in that status', async () => {
    await api.explorer.filterItems('paused');
    const nodes = await childrenOfKind<ItemNode>(api, await rootNode(api, 'itemsRoot'), 'item');
    const expected = (await sellerGet(
      api,
      `/users/${SELLER_ID}/items/search?status=paused&limit=50&orders=start_time_desc`,
    )) as SearchAnswer;
    assert.deepEqual(
      nodes.map((node) => node.id),
      expected.results,
    );
    for (const node of nodes) assert.equal((node.data as { status: string }).status, 'paused');
    const item = api.explorer.getTreeItem(nodes[0]!) as vscode.TreeItem;
    assert.match(String(item.description), /paused/);
    await api.explorer.filterItems('all');
  });

  it('an item expands to sale terms, attributes, pictures and variations', async () => {
    const nodes = await childrenOfKind<ItemNode>(api, await rootNode(api, 'itemsRoot'), 'item');
    const shirt = nodes.find((node) => node.id === ITEM.TSHIRT_VARIATIONS);
    assert.ok(shirt, 'the seeded item with variations is on the first page (newest first)');
    const data = shirt.data as Record<string, unknown[] | undefined>;
    const groups = await childLabels(api, shirt);
    const expected = {
      sale_terms: 'Sale terms',
      attributes: 'Attributes',
      pictures: 'Pictures',
      variations: 'Variations',
    };
    assert.ok(data.variations?.length && data.pictures?.length && data.attributes?.length);
    for (const [field, group] of Object.entries(expected)) {
      const count = data[field]?.length ?? 0;
      if (count) assert.ok(groups.includes(`${group} (${count})`), `${group} (${count}) in ${groups.join(', ')}`);
    }
  });

  it('Orders: the first page equals the sandbox order search, newest first when sorted so', async () => {
    await api.explorer.sortOrders('date_desc');
    const nodes = await childrenOfKind(api, await rootNode(api, 'ordersRoot'), 'order');
    const expected = (await sellerGet(api, `/orders/search?seller=${SELLER_ID}&sort=date_desc&limit=50`)) as {
      results: { id: number }[];
    };
    assert.deepEqual(
      nodes.map((node) => (node.data as { id: number }).id),
      expected.results.map((order) => order.id),
    );
    const order = nodes.find((node) => (node.data as { payments?: unknown[] }).payments?.length === 2) ?? nodes[0]!;
    const parts = await childLabels(api, order);
    assert.ok(
      parts.some((label) => label.startsWith('Payments')),
      parts.join(', '),
    );
    await api.explorer.sortOrders('date_asc');
  });

  it('Size charts: the seller charts, expanding to sizes and associated items', async () => {
    const charts = await childrenOfKind(api, await rootNode(api, 'sizeChartsRoot'), 'sizeChart');
    const expected = await listSizeCharts(api.sessions.current!.client);
    assert.deepEqual(
      charts.map((node) => (node.data as { id: number }).id).sort(),
      expected.map((chart) => chart.id).sort(),
    );
    const parts = await childLabels(api, charts[0]!);
    assert.ok(
      parts.some((label) => /^Sizes/.test(label)) && parts.some((label) => /^Items/.test(label)),
      parts.join(', '),
    );
  });

  it('a failed load is a node with the API message and a retry that works', async () => {
    await admin(api, 'POST', '/_sandbox/faults', { method: 'GET', path: '/users/*/items/search', status: 500 });
    try {
      await api.explorer.refresh();
      const nodes = await children(api, await rootNode(api, 'itemsRoot'));
      const error = nodes.find(isKind('error'));
      assert.ok(error, 'an error node instead of an empty list');
      const item = api.explorer.getTreeItem(error) as vscode.TreeItem;
      assert.match(String(item.label), /Could not load items/i);
      assert.match(String(item.description), /Internal server error/);
      assert.ok(item.command, 'the error node offers a retry');
    } finally {
      await admin(api, 'DELETE', '/_sandbox/faults');
    }
    const retried = await children(api, await rootNode(api, 'itemsRoot'));
    const error = retried.find(isKind('error'));
    if (error) {
      const item = api.explorer.getTreeItem(error) as vscode.TreeItem;
      await vscode.commands.executeCommand(item.command!.command, ...(item.command!.arguments ?? []));
    }
    const after = await children(api, await rootNode(api, 'itemsRoot'));
    assert.ok(after.some(isKind('item')), 'items load after the retry');
  });

  it('opens an item as a read-only formatted JSON document', async () => {
    const node = (await children(api, await rootNode(api, 'itemsRoot'))).find(isKind<ItemNode>('item'))!;
    await vscode.commands.executeCommand(COMMANDS.openJson, node);
    const editor = await until('the JSON editor', () =>
      vscode.window.activeTextEditor?.document.uri.scheme === JSON_SCHEME ? vscode.window.activeTextEditor : undefined,
    );
    const parsed = JSON.parse(editor.document.getText()) as { id: string };
    assert.equal(parsed.id, node.id);
    assert.equal(editor.document.languageId, 'json');
    assert.match(editor.document.getText(), /\n {2}"id"/);
  });

  it('copies an id to the clipboard', async () => {
    const node = (await children(api, await rootNode(api, 'itemsRoot'))).find(isKind<ItemNode>('item'))!;
    await vscode.commands.executeCommand(COMMANDS.copyId, node);
    assert.equal(await vscode.env.clipboard.readText(), node.id);
  });

  it('signed out, the tree is empty so the welcome content shows', async () => {
    const session = api.sessions.current!;
    await vscode.commands.executeCommand(COMMANDS.signOut);
    await until('no session', () => (api.sessions.current === undefined ? true : undefined));
    assert.deepEqual(await children(api), []);
    await vscode.commands.executeCommand(COMMANDS.useSandbox);
    await until('the session again', () => api.sessions.current);
    void session;
  });
});
