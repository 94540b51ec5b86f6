import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { COMMANDS, CONTEXT } from '../../src/constants';
import type { TestApi } from '../../src/extension';
import type { FeedEntry } from '../../src/features/notifications/feed';
import type { NotificationNode, TopicNode } from '../../src/features/notifications/notificationsView';
import type { ScenarioOutcome } from '../../src/features/sandbox/sandboxControls';
import { onFreshSandbox } from './support/extensionApi';
import { admin } from './support/sandboxRequests';
import { until } from './support/until';

// The suite is bundled apart from the extension, so its classes are not the extension's: rows are told apart by shape.

/** A stand-in for the user's own application: records every body POSTed to it, exactly as received. */
async function startApplication(): Promise<{ url: string; bodies: string[]; close(): Promise<void> }> {
  const bodies: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/marketplace`;
  return { url, bodies, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('notifications: receiver, feed, forwarding, triggers and missed feeds', () => {
  let api: TestApi;

  before(async () => {
    api = await onFreshSandbox();
    await api.notifications.feed.clear();
  });

  after(async () => {
    await api.notifications.setForwardUrl(undefined);
    await api.notifications.stop();
  });

  const feedEntry = (topic: string, resource: string) => async (): Promise<FeedEntry | undefined> =>
    (await api.notifications.feed.list()).find((entry) => entry.topic === topic && entry.resource === resource);

  /** The view's rows as a person reads them: in list mode, newest first. */
  async function listedRows(): Promise<FeedEntry[]> {
    await vscode.commands.executeCommand(COMMANDS.listNotificationsByTime);
    const rows = await api.notificationsView.getChildren();
    return rows.filter((row): row is NotificationNode => 'entry' in row).map((row) => row.entry);
  }

  it('a reservation triggered from the command is paid; created_orders then orders_v2 appear in the view in that order', async () => {
    assert.equal(api.notifications.running, false, 'the receiver starts stopped');
    // With the receiver stopped, Trigger Event asks; the answer here is "Start Receiver and Trigger".
    const reserved = (await vscode.commands.executeCommand(
      COMMANDS.triggerSandboxEvent,
      'reserve_vehicle',
      'start',
    )) as ScenarioOutcome;
    assert.ok(reserved?.resource?.startsWith('/orders/'), JSON.stringify(reserved));
    // The command started the receiver and pointed the sandbox at it.
    assert.ok(api.notifications.running, 'the receiver listens');
    const settings = (await admin(api, 'GET', '/_sandbox/notifications')) as { callback_url: string };
    assert.equal(settings.callback_url, api.notifications.url);
    await until('created_orders in the feed', feedEntry('created_orders', reserved.resource!));

    const paid = (await vscode.commands.executeCommand(
      COMMANDS.triggerSandboxEvent,
      'pay_reservation',
    )) as ScenarioOutcome;
    assert.equal(paid.resource, reserved.resource, 'the reservation just made is the one paid');
    await until('orders_v2 in the feed', feedEntry('orders_v2', reserved.resource!));

    const rows = (await listedRows()).filter((entry) => entry.resource === reserved.resource);
    const created = rows.findIndex((entry) => entry.topic === 'created_orders');
    const v2 = rows.findIndex((entry) => entry.topic === 'orders_v2');
    assert.ok(created >= 0 && v2 >= 0, rows.map((entry) => entry.topic).join(', '));
    assert.ok(v2 < created, `newest first: orders_v2 (${v2}) above created_orders (${created})`);

    // Grouped by topic, each topic is a group holding its rows.
    await vscode.commands.executeCommand(COMMANDS.groupNotificationsByTopic);
    const groups = (await api.notificationsView.getChildren()).filter((row): row is TopicNode => 'entries' in row);
    const topics = groups.map((group) => group.topic);
    assert.ok(topics.indexOf('created_orders') < topics.indexOf('orders_v2'), topics.join(', '));
    const orderV2 = groups.find((group) => group.topic === 'orders_v2');
    assert.ok(orderV2?.entries.some((entry) => entry.resource === reserved.resource));

    // The order the notifications name can be opened as the API returns it.
    await vscode.commands.executeCommand(COMMANDS.openNotificationResource, rows[v2]!.key);
    const editor = await until('the order as JSON', () =>
      vscode.window.activeTextEditor?.document.uri.path.endsWith(`${reserved.resource}.json`)
        ? vscode.window.activeTextEditor
        : undefined,
    );
    assert.equal(JSON.parse(editor.document.getText()).status, 'paid');
  });

  it('forwarding POSTs each received notification to the application unchanged, and Replay sends it again', async () => {
    const application = await startApplication();
    try {
      await vscode.commands.executeCommand(COMMANDS.forwardNotifications, application.url);
      const outcome = (await vscode.commands.executeCommand(
        COMMANDS.triggerSandboxEvent,
        'change_price',
      )) as ScenarioOutcome;
      const entry = await until('a forwarded items_prices notification', async () => {
        const found = await feedEntry('items_prices', outcome.resource!)();
        return found?.forward ? found : undefined;
      });
      assert.equal(entry.forward?.status, 200);
      assert.equal(entry.forward?.url, application.url);
      assert.ok(application.bodies.includes(entry.raw), 'the application got the body exactly as the receiver did');

      const before = application.bodies.length;
      await vscode.commands.executeCommand(COMMANDS.replayNotification, entry.key);
      await until('the replay', () => application.bodies.length > before);
      assert.equal(application.bodies.at(-1), entry.raw);
    } finally {
      await api.notifications.setForwardUrl(undefined);
      await application.close();
    }
  });

  it('missed feeds pulled after the receiver stopped during a delivery show the missed one, once', async () => {
    const url = api.notifications.url;
    assert.ok(url);
    await vscode.commands.executeCommand(COMMANDS.stopReceiver);
    assert.equal(api.notifications.running, false);
    // The marketplace still posts to the callback it knows, which no longer answers.
    await admin(api, 'PUT', '/_sandbox/notifications', { callback_url: url });
    const outcome = (await admin(api, 'POST', '/_sandbox/scenarios/pause_item', {})) as ScenarioOutcome;
    const resource = outcome.resource!;
    type Records = { records: { topic: string; resource: string; attempts: number; acknowledged: boolean }[] };
    await until('the failed delivery', async () => {
      const { records } = (await admin(api, 'GET', '/_sandbox/notifications')) as Records;
      return records.some((record) => record.resource === resource && record.attempts >= 1 && !record.acknowledged);
    });
    assert.equal(await feedEntry('items', resource)(), undefined, 'nothing was received');

    await vscode.commands.executeCommand(COMMANDS.pullMissedNotifications);
    const pulled = await until('the pulled notification', feedEntry('items', resource));
    assert.equal(pulled.source, 'pulled');
    assert.ok((await listedRows()).some((entry) => entry.key === pulled.key && entry.source === 'pulled'));

    // Pulling again adds no duplicate.
    await vscode.commands.executeCommand(COMMANDS.pullMissedNotifications);
    const copies = (await api.notifications.feed.list()).filter((entry) => entry.key === pulled.key);
    assert.equal(copies.length, 1);
    await admin(api, 'PUT', '/_sandbox/notifications', { callback_url: null });
  });

  it('Trigger Event with the receiver stopped, left stopped: nothing restarts it, and the event is pulled as missed', async () => {
    assert.equal(api.notifications.running, false, 'stopped by the test before');
    // The answer "Trigger Anyway": the receiver stays stopped and the sandbox keeps the notification.
    const outcome = (await vscode.commands.executeCommand(
      COMMANDS.triggerSandboxEvent,
      'pause_item',
      'leave',
    )) as ScenarioOutcome;
    assert.ok(outcome?.resource, JSON.stringify(outcome));
    assert.equal(api.notifications.running, false, 'the trigger restarted the stopped receiver');
    assert.equal(api.contextKeys.get(CONTEXT.receiverRunning), false);
    type Records = { records: { topic: string; resource: string; attempts: number; acknowledged: boolean }[] };
    const { records } = (await admin(api, 'GET', '/_sandbox/notifications')) as Records;
    const record = records.find((candidate) => candidate.topic === 'items' && candidate.resource === outcome.resource);
    assert.ok(record && !record.acknowledged, 'the sandbox kept it for the missed feeds');
    assert.equal(await feedEntry('items', outcome.resource!)(), undefined, 'nothing was received');

    await vscode.commands.executeCommand(COMMANDS.pullMissedNotifications);
    const pulled = await until('the pulled notification', feedEntry('items', outcome.resource!));
    assert.equal(pulled.source, 'pulled');
    assert.equal(pulled.attempts, record.attempts, 'the attempts the sandbox recorded');
    assert.equal(api.notifications.running, false, 'still stopped after the pull');
  });

  it('a notification opens as a read-only document titled by what it is, not by its id', async () => {
    const [entry] = (await listedRows()).filter(
      (row) => row.topic === 'orders_v2' && row.resource.startsWith('/orders/'),
    );
    assert.ok(entry, 'an orders_v2 notification from the first test');
    await vscode.commands.executeCommand(COMMANDS.openNotification, entry.key);
    const order = entry.resource.split('/').pop();
    const title = `orders_v2 · ${order} (notification)`;
    const tab = await until('the notification’s tab', () => {
      const active = vscode.window.tabGroups.activeTabGroup.activeTab;
      return active?.label === title ? active : undefined;
    }).catch(() => {
      throw new Error(`the tab is titled "${vscode.window.tabGroups.activeTabGroup.activeTab?.label}", not "${title}"`);
    });
    assert.ok(tab.input instanceof vscode.TabInputText);
    const document = await vscode.workspace.openTextDocument(tab.input.uri);
    assert.notEqual(document.uri.scheme, 'untitled', 'a named document, never an untitled one to save');
    assert.equal(document.isDirty, false);
    assert.equal(document.languageId, 'json');
    assert.deepEqual(JSON.parse(document.getText()), entry.body);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});
