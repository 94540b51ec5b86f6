import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import * as vscode from 'vscode';
import { getAdvertisers, getCampaigns } from '../../src/api/advertising';
import { COMMANDS, CONTEXT, EXTENSION_ID, SECRETS, SETTINGS, VIEWS, WALKTHROUGH_ID } from '../../src/constants';
import type { TestApi } from '../../src/extension';
import type { SendResult } from '../../src/features/requests/payloadRequests';
import type { ScenarioOutcome } from '../../src/features/sandbox/sandboxControls';
import type { ContextKey } from '../../src/platform/contextKeys';
import { newPhone } from '../fixtures/newPhone';
import { children, isKind } from './support/explorerTree';
import { onFreshSandbox, withLoggedErrors } from './support/extensionApi';
import { until } from './support/until';
import { workspaceFolder } from './support/workspaceFolder';

// The walkthrough of package.json, step by step: each button's command runs as a click on it would (with the argument
// its prompt would get), and each completion event of the step is seen to fire: the command ran and did its work
// (onCommand), the view is visible (onView), the context keys make the expression true (onContext). Before the
// action, what the events watch is put back so that the action is what makes them fire.

interface Step {
  id: string;
  title: string;
  description: string;
  completionEvents: string[];
}

const manifest = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as
  | { contributes: { walkthroughs?: { id: string; steps: Step[] }[] } }
  | undefined;
const walkthrough = manifest?.contributes.walkthroughs?.find((entry) => entry.id === WALKTHROUGH_ID);

/** A button's command and the JSON arguments of its link (`command:toSide:id?%5B…%5D`). */
function links(step: Step): { command: string; args: unknown[] }[] {
  return [...step.description.matchAll(/\]\(command:(?:toSide:)?([\w.-]+)(?:\?([^)]*))?\)/g)].map(([, id, query]) => {
    const parsed: unknown = query ? JSON.parse(decodeURIComponent(query)) : [];
    return { command: id!, args: Array.isArray(parsed) ? parsed : [parsed] };
  });
}

/** A `when` expression of the forms the walkthrough uses (`a`, `!a`, `a == b`, `a != b`, joined by `&&`). */
function holds(expression: string, value: (key: string) => unknown): boolean {
  return expression.split('&&').every((term) => {
    const text = term.trim();
    const compared = /^([\w.]+)\s*(==|!=)\s*([\w.-]+)$/.exec(text);
    if (compared) return (String(value(compared[1]!)) === compared[3]) === (compared[2] === '==');
    const negated = /^!([\w.]+)$/.exec(text);
    if (negated) return !value(negated[1]!);
    if (/^[\w.]+$/.test(text)) return Boolean(value(text));
    throw new Error(`the test cannot read the when clause term "${text}"`);
  });
}

describe('the walkthrough: every button runs, every completion event fires', () => {
  let api: TestApi;
  let folder: vscode.Uri;
  /** Commands run to completion without an error, in this test. */
  const ran = new Set<string>();
  const written: string[] = [];

  before(async () => {
    assert.ok(walkthrough, `package.json has the walkthrough ${WALKTHROUGH_ID}`);
    api = await onFreshSandbox();
    folder = workspaceFolder();
  });

  beforeEach(() => ran.clear());

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const path of written) rmSync(path, { force: true });
    await api.notifications.stop();
    // Back to the sandbox for whatever runs next; the API account and its setting go.
    for (const account of api.accounts.list('api')) await vscode.commands.executeCommand(COMMANDS.signOut, account);
    const settings = vscode.workspace.getConfiguration(SETTINGS.section);
    await settings.update(SETTINGS.apiBaseUrl, undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand(COMMANDS.useSandbox);
  });

  /**
   * Runs a command as a button does. A failure is shown as an error message whose promise waits for the user, so the
   * error the extension logs fails the test at once instead.
   */
  async function run<T>(command: string, ...args: unknown[]): Promise<T> {
    return withLoggedErrors(api, async (logged) => {
      let settled = false;
      const failed = (async () => {
        while (!settled) {
          if (logged.length) throw new Error(`${command} failed: ${logged.join(' | ')}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return undefined as T;
      })();
      try {
        const result = await Promise.race([vscode.commands.executeCommand<T>(command, ...args), failed]);
        ran.add(command);
        return result;
      } finally {
        settled = true;
      }
    });
  }

  const context = (key: string) => api.contextKeys.get(key as ContextKey);
  const step = (id: string): Step => {
    const found = walkthrough?.steps.find((entry) => entry.id === id);
    assert.ok(found, `step ${id}`);
    return found;
  };
  /** The tree views a step may wait for (onView). */
  const treeViews: Record<string, () => vscode.TreeView<unknown> | undefined> = {
    [VIEWS.explorer]: () => api.explorer.treeView,
  };
  const buttons = (id: string) => links(step(id));
  const button = (id: string, command: string) => {
    const found = buttons(id).find((entry) => entry.command === command);
    assert.ok(found, `${id} has a ${command} button`);
    return found;
  };

  /** Signed in to the sandbox again, as its status bar item does. */
  async function onSandbox(): Promise<void> {
    await run(COMMANDS.useSandbox);
    await until('a sandbox session', () => api.sessions.current?.environment === 'sandbox');
  }

  /** With no argument, Show Campaign Metrics asks for an advertiser, then a campaign: the ids a person would pick. */
  async function pickedCampaign(): Promise<{ advertiserId: number; campaignId: number }> {
    const client = api.sessions.current!.client;
    const { advertisers } = await getAdvertisers(client, { productId: 'DISPLAY' });
    for (const { advertiser_id: advertiserId } of advertisers) {
      // An advertiser without campaigns answers 404: a person picks another.
      const campaigns = await getCampaigns(client, advertiserId).catch(() => undefined);
      const campaignId = campaigns?.results[0]?.id;
      if (campaignId) return { advertiserId, campaignId };
    }
    assert.fail('an advertiser with a campaign');
  }

  /** What each step's buttons do, done as a click on them would; `prepare` undoes what the events watch first. */
  const actions: Record<string, { prepare?(): Promise<void>; act(): Promise<void> }> = {
    sandbox: {
      async prepare() {
        for (let left = 10; api.sessions.current && left > 0; left -= 1) await run(COMMANDS.signOut);
        await until('signed out', () => context(CONTEXT.signedIn) === false);
      },
      async act() {
        await run(COMMANDS.useSandbox, ...button('sandbox', COMMANDS.useSandbox).args);
        const session = await until('a sandbox session', () => api.sessions.current);
        assert.equal(session.environment, 'sandbox');
        assert.equal(session.account.nickname, 'TEST_SELLER_AUTOS');
      },
    },
    explorer: {
      async prepare() {
        await vscode.commands.executeCommand('workbench.view.explorer');
        await until('the Marketplace explorer hidden', () => api.explorer.treeView?.visible === false);
      },
      async act() {
        const focus = button('explorer', `${VIEWS.explorer}.focus`);
        await run(focus.command, ...focus.args);
        assert.ok((await children(api)).some(isKind('itemsRoot')), 'the explorer shows the listings');
      },
    },
    payload: {
      async act() {
        // The button asks where; a person picks the workspace folder and keeps the proposed kind of name.
        const uri = await run<vscode.Uri | undefined>(COMMANDS.newItemPayload, {
          folder,
          name: 'walkthrough-listing.item.json',
          overwrite: true,
        });
        assert.ok(uri, 'the payload file was written');
        written.push(uri.fsPath);
        assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), uri.toString(), 'and opened');
        // A rule diagnostic: the blank category.
        await until(
          'the rule on the blank category',
          () =>
            vscode.languages
              .getDiagnostics(uri)
              .some((entry) => entry.source === 'Marketplace' && /category_id/.test(entry.message)),
          30_000,
        );
        // Completion: the listing types, in the value of listing_type_id.
        const document = vscode.window.activeTextEditor!.document;
        const line = document
          .getText()
          .split('\n')
          .findIndex((text) => text.includes('"listing_type_id"'));
        const column = document.lineAt(line).text.indexOf('"gold_special"') + 1;
        await until('listing types offered', async () => {
          const list = await vscode.commands.executeCommand<vscode.CompletionList>(
            'vscode.executeCompletionItemProvider',
            uri,
            new vscode.Position(line, column),
          );
          const labels = list.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
          return labels.some((label) => label.includes('gold_pro'));
        });
      },
    },
    send: {
      async act() {
        // The file of the previous step, filled in as a person would (an unsaved edit: Send reads the editor).
        const editor = vscode.window.activeTextEditor;
        assert.ok(editor && /walkthrough-listing\.item\.json$/.test(editor.document.uri.path), 'the payload file');
        const document = editor.document;
        const whole = new vscode.Range(0, 0, document.lineCount, 0);
        const body = `${JSON.stringify(newPhone('Celular Motorola Moto G85 Recorrido'), null, 2)}\n`;
        await editor.edit((edit) => edit.replace(whole, body));
        await document.save();
        // As a person does, the squiggles are seen gone before sending (else Send asks first).
        await until(
          'no error left on the filled listing',
          () =>
            !vscode.languages
              .getDiagnostics(document.uri)
              .some((entry) => entry.severity === vscode.DiagnosticSeverity.Error),
          30_000,
        );
        // The button is clicked in the walkthrough, which is the active editor then: the payload is in a tab.
        await run(COMMANDS.getStarted);
        await until('the walkthrough active', () => (vscode.window.activeTextEditor ? undefined : true));
        const result = await run<SendResult>(COMMANDS.sendPayload, ...button('send', COMMANDS.sendPayload).args);
        assert.ok(result.sent, result.reason);
        assert.ok(result.outcome?.ok, 'the sandbox accepted the listing');
        assert.equal(result.plan?.method, 'POST');
        const shown = await until('the response view', () => api.shownResponse());
        assert.equal(shown.status, 201);
      },
    },
    shipping: {
      async act() {
        await run(COMMANDS.quoteShipping, ...button('shipping', COMMANDS.quoteShipping).args);
        await until('the shipping panel', () => api.shippingPanel());
      },
    },
    metrics: {
      async act() {
        const { advertiserId, campaignId } = await pickedCampaign();
        await run(COMMANDS.showCampaignMetrics, { advertiserId, campaignId });
        await until('the metrics panel', () => api.metricsPanel(campaignId));
      },
    },
    notifications: {
      async prepare() {
        await api.notifications.stop();
        await until('the receiver stopped', () => context(CONTEXT.receiverRunning) === false);
      },
      async act() {
        await run(COMMANDS.startReceiver, ...button('notifications', COMMANDS.startReceiver).args);
        assert.ok(api.notifications.running, 'the receiver listens');
        // Trigger Event… lists the sandbox's scenarios: a buyer reserving a vehicle is the first.
        const outcome = await run<ScenarioOutcome>(COMMANDS.triggerSandboxEvent, 'reserve_vehicle');
        assert.ok(outcome?.resource?.startsWith('/orders/'), JSON.stringify(outcome));
        await until('the reservation’s notification in the feed', async () =>
          (await api.notifications.feed.list()).some(
            (entry) => entry.topic === 'created_orders' && entry.resource === outcome.resource,
          ),
        );
      },
    },
    connect: {
      async prepare() {
        // The "real API" is the sandbox again, at its loopback address (http is allowed there only).
        const sandbox = await api.sandbox.ensureStarted();
        const settings = vscode.workspace.getConfiguration(SETTINGS.section);
        await settings.update(SETTINGS.apiBaseUrl, sandbox.url, vscode.ConfigurationTarget.Global);
        assert.equal(context(CONTEXT.environment), 'sandbox');
      },
      async act() {
        const sandbox = await api.sandbox.ensureStarted();
        try {
          // Set the API Address: the settings editor, on that setting.
          const settings = button('connect', 'workbench.action.openSettings');
          await run(settings.command, ...settings.args);
          // Sign In with OAuth… names the API; the flow is the same on the sandbox, which approves without a browser.
          assert.deepEqual(button('connect', COMMANDS.signInWithOAuth).args, [{ environment: 'api' }]);
          const viaOAuth = await run<{ userId: number }>(COMMANDS.signInWithOAuth, {
            environment: 'sandbox',
            openBrowser: false,
          });
          const stored = JSON.parse((await api.secrets.get(SECRETS.token('sandbox', viaOAuth.userId))) ?? '{}');
          assert.ok(stored.refreshToken, 'OAuth kept a refresh token');
          // Sign In with Access Token…: the token a person pastes, checked with GET /users/me, then kept.
          const account = await run<{ environment: string; userId: number }>(COMMANDS.signInWithToken, {
            ...(button('connect', COMMANDS.signInWithToken).args[0] as object | undefined),
            accessToken: sandbox.token,
          });
          assert.equal(account.environment, 'api');
          const session = await until('an API session', () =>
            api.sessions.current?.environment === 'api' ? api.sessions.current : undefined,
          );
          assert.equal(session.baseUrl, sandbox.url);
          assert.ok(await api.secrets.get(SECRETS.token('api', account.userId)), 'the token is in secret storage');
        } finally {
          await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        }
      },
    },
  };

  it('every command a step links to exists in this VS Code', async () => {
    const registered = new Set(await vscode.commands.getCommands(true));
    const linked = walkthrough!.steps.flatMap((entry) => links(entry).map((link) => link.command));
    assert.ok(linked.length >= 10, linked.join(', '));
    assert.deepEqual(
      linked.filter((command) => !registered.has(command)),
      [],
    );
  });

  it('Marketplace: Get Started opens the walkthrough in an editor', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await run(COMMANDS.getStarted);
    const tab = await until('the walkthrough’s tab', () => vscode.window.tabGroups.activeTabGroup.activeTab);
    assert.equal(tab.input, undefined, `a page of VS Code's own, not a document (${tab.label})`);
    assert.equal(vscode.window.activeTextEditor, undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  for (const id of ['sandbox', 'explorer', 'payload', 'send', 'shipping', 'metrics', 'notifications', 'connect']) {
    it(`step ${id}: its buttons work against the sandbox and each completion event fires`, async function () {
      this.timeout(120_000);
      const { completionEvents, title } = step(id);
      const action = actions[id];
      assert.ok(action, `the test knows what "${title}" does`);
      const contexts = completionEvents
        .filter((event) => event.startsWith('onContext:'))
        .map((event) => event.slice(10));
      const views = completionEvents.filter((event) => event.startsWith('onView:')).map((event) => event.slice(7));
      await action.prepare?.();
      for (const expression of contexts) assert.ok(!holds(expression, context), `before: not yet ${expression}`);
      for (const view of views) assert.ok(!treeViews[view]?.()?.visible, `before: ${view} hidden`);

      await action.act();

      for (const event of completionEvents.filter((entry) => entry.startsWith('onCommand:'))) {
        assert.ok(ran.has(event.slice(10)), `${event}: the action ran ${event.slice(10)}`);
      }
      for (const view of views) {
        const tree = treeViews[view];
        assert.ok(tree, `the test can see ${view}`);
        await until(`${view} visible`, () => tree()?.visible);
      }
      for (const expression of contexts) {
        await until(`${expression} after the action`, () => (holds(expression, context) ? true : undefined));
      }
      for (const link of buttons(id)) assert.ok(ran.has(link.command), `the ${link.command} button was run`);
    });
  }

  // VS Code's rules for a completion event (its getting-started service): onView fires when the view becomes visible,
  // not while it stays so; onCommand fires as the command starts, whatever its outcome; onContext when the expression
  // becomes true.

  it('step explorer: its button ticks the step when the Marketplace explorer is already visible', async () => {
    const { completionEvents } = step('explorer');
    await vscode.commands.executeCommand(`${VIEWS.explorer}.focus`);
    const tree = await until('the Marketplace explorer visible', () =>
      api.explorer.treeView?.visible ? api.explorer.treeView : undefined,
    );
    const shown: string[] = [];
    const watching = tree.onDidChangeVisibility((event) => {
      if (event.visible) shown.push(`onView:${VIEWS.explorer}`);
    });
    try {
      const focus = button('explorer', `${VIEWS.explorer}.focus`);
      await run(focus.command, ...focus.args);
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      watching.dispose();
    }
    const fired = completionEvents.filter(
      (event) => shown.includes(event) || (event.startsWith('onCommand:') && ran.has(event.slice(10))),
    );
    assert.ok(
      fired.length > 0,
      `Open the Marketplace Explorer, the view already visible, fires none of ${completionEvents.join(', ')}`,
    );
  });

  it('step connect: a sign-in that fails for want of the API address ticks nothing; its error names that setting', async function () {
    this.timeout(60_000);
    // On the sandbox, with no API address (the step's own test above signed in to the API).
    await onSandbox();
    const settings = vscode.workspace.getConfiguration(SETTINGS.section);
    await settings.update(SETTINGS.apiBaseUrl, undefined, vscode.ConfigurationTarget.Global);
    const { completionEvents } = step('connect');
    const started: string[] = [];
    for (const command of [COMMANDS.signInWithToken, COMMANDS.signInWithOAuth]) {
      const { args } = button('connect', command);
      const logged = await withLoggedErrors(api, async (lines) => {
        // Its error notification waits for the person: the command is started, its failure read in the output.
        void vscode.commands.executeCommand(command, ...args);
        started.push(command);
        return until(`${command} failed`, () => (lines.length ? lines : undefined));
      });
      assert.match(logged.join(' '), /Set marketplace\.api\.baseUrl/, command);
    }
    assert.equal(context(CONTEXT.environment), 'sandbox', 'still on the sandbox');
    const fired = completionEvents.filter(
      (event) =>
        (event.startsWith('onCommand:') && started.includes(event.slice(10))) ||
        (event.startsWith('onContext:') && holds(event.slice(10), context)),
    );
    assert.deepEqual(fired, [], 'a failed sign-in ticks step 8');
    // The failure says which setting its notification opens (platform/errorActions.ts turns it into the button).
    const failure: unknown = await api.sessions.endpoint('api').then(
      () => undefined,
      (error: unknown) => error,
    );
    assert.equal((failure as { setting?: unknown } | undefined)?.setting, 'marketplace.api.baseUrl');
  });

  describe('steps shipping and metrics: the panel opens beside the walkthrough, which stays in view', () => {
    const webviewTab = (viewType: string) =>
      vscode.window.tabGroups.all
        .flatMap((group) => group.tabs)
        .find((tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith(viewType));

    /** Get Started, as the button is clicked in it: its group, and its tab (VS Code's page: no document). */
    async function openWalkthrough(): Promise<{ column: vscode.ViewColumn; label: string }> {
      await run(COMMANDS.getStarted);
      const tab = await until('the walkthrough active', () => {
        const active = vscode.window.tabGroups.activeTabGroup.activeTab;
        return active && active.input === undefined ? active : undefined;
      });
      return { column: tab.group.viewColumn, label: tab.label };
    }

    /** The walkthrough is still the tab shown in its group, and the panel is in another group. */
    function assertBeside(page: { column: vscode.ViewColumn; label: string }, panel: vscode.Tab, what: string) {
      assert.notEqual(panel.group.viewColumn, page.column, `${what} opened in the walkthrough's group, hiding it`);
      const shown = vscode.window.tabGroups.all.find((group) => group.viewColumn === page.column)?.activeTab;
      assert.equal(shown?.label, page.label, 'the walkthrough is still shown');
      assert.equal(shown?.input, undefined, 'the walkthrough is still shown');
    }

    before(onSandbox);
    beforeEach(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));
    after(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

    it('Quote Shipping… opens the shipping panel beside the walkthrough', async () => {
      const page = await openWalkthrough();
      await run(COMMANDS.quoteShipping, ...button('shipping', COMMANDS.quoteShipping).args);
      const panel = await until('the shipping panel’s tab', () => webviewTab('marketplace.shippingQuotes'));
      assertBeside(page, panel, 'the shipping panel');
    });

    it('Show Campaign Metrics opens the campaign’s panel beside the walkthrough', async () => {
      const { advertiserId, campaignId } = await pickedCampaign();
      const page = await openWalkthrough();
      await run(COMMANDS.showCampaignMetrics, { advertiserId, campaignId });
      const panel = await until('the metrics panel’s tab', () => webviewTab('marketplace.campaignMetrics'));
      assertBeside(page, panel, 'the metrics panel');
    });

    it('from the palette over a document, a panel opens in the active group; behind the walkthrough, it comes beside it', async () => {
      const document = await vscode.workspace.openTextDocument({ content: '{}', language: 'json' });
      const editor = await vscode.window.showTextDocument(document, vscode.ViewColumn.One);
      await run(COMMANDS.quoteShipping);
      const panel = await until('the shipping panel’s tab', () => webviewTab('marketplace.shippingQuotes'));
      assert.equal(panel.group.viewColumn, editor.viewColumn, 'in the group of the active document');
      // The walkthrough opens over it in the same group; its button brings the open panel back beside it.
      const page = await openWalkthrough();
      assert.equal(page.column, panel.group.viewColumn);
      await run(COMMANDS.quoteShipping, ...button('shipping', COMMANDS.quoteShipping).args);
      const moved = await until('the shipping panel in another group', () => {
        const tab = webviewTab('marketplace.shippingQuotes');
        return tab && tab.group.viewColumn !== page.column ? tab : undefined;
      });
      assertBeside(page, moved, 'the revealed shipping panel');
    });
  });
});
