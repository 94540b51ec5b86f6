// Runs last, after every other suite: the token appears nowhere it may not, and every panel the real VS Code showed
// was given the strict policy. What is scanned is what the whole integration run left behind.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { COMMANDS, SECRETS } from '../../src/constants';
import type { TestApi } from '../../src/extension';
import { sitesToday } from '../../src/features/metrics/metricsPanel';
import { addDays } from '../../src/rules/advertising';
import { onFreshSandbox } from './support/extensionApi';
import { admin } from './support/sandboxRequests';
import { until } from './support/until';

/** Every file below a folder (links not followed), with its text. */
function filesBelow(folder: string): { path: string; text: string }[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(folder, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) return [];
    if (stat.isDirectory()) return filesBelow(path);
    if (!stat.isFile() || stat.size > 20 * 1024 * 1024) return [];
    return [{ path, text: readFileSync(path, 'latin1') }];
  });
}

describe('safety: no token anywhere, every panel under a strict policy', () => {
  let api: TestApi;
  /** The tokens of the run: every sandbox user's start token (the seller's signed in every suite) and what is stored. */
  let tokens: string[];
  const exports: { what: string; text: string }[] = [];

  before(async () => {
    api = await onFreshSandbox();
    const users = (await admin(api, 'GET', '/_sandbox/users')) as { token?: string }[];
    tokens = users.flatMap((user) => (user.token ? [user.token] : []));
    for (const account of api.accounts.list()) {
      const stored = await api.secrets.get(SECRETS.token(account.environment, account.userId));
      if (!stored) continue;
      const token = JSON.parse(stored) as { accessToken: string; refreshToken?: string };
      tokens.push(token.accessToken, ...(token.refreshToken ? [token.refreshToken] : []));
    }
    tokens = [...new Set(tokens.filter((token) => token.length >= 8))];
    assert.ok(tokens.length >= 2, 'the run has tokens to look for');
    assert.ok(tokens.includes((await api.sandbox.ensureStarted()).token), "the seller's token is among them");

    // What a person exports: Copy as curl from the history, and a campaign's metrics as CSV (saved where the dialog
    // would have been answered).
    const entry = (await api.history.entries())[0];
    assert.ok(entry, 'the run left requests in the history');
    exports.push({
      what: 'curl',
      text: String(await vscode.commands.executeCommand(COMMANDS.copyHistoryAsCurl, entry.id)),
    });
    exports.push({ what: 'clipboard', text: await vscode.env.clipboard.readText() });
    await vscode.commands.executeCommand(COMMANDS.showCampaignMetrics, { advertiserId: 731001, campaignId: 9001001 });
    const panel = await until('a metrics panel', () => api.metricsPanel(9001001));
    await panel.load({ from: addDays(sitesToday(), -6), to: sitesToday() });
    const folder = vscode.workspace.workspaceFolders![0]!.uri;
    const target = vscode.Uri.joinPath(folder, 'safety-metrics.csv');
    const save = vscode.window.showSaveDialog;
    vscode.window.showSaveDialog = async () => target;
    try {
      // What the webview's Export CSV button asks the host to do.
      await (panel as unknown as { exportCsv(attribution: string): Promise<void> }).exportCsv('both');
    } finally {
      vscode.window.showSaveDialog = save;
    }
    exports.push({ what: 'CSV export', text: new TextDecoder().decode(await vscode.workspace.fs.readFile(target)) });
    assert.match(exports.at(-1)!.text, /^date,/m, 'the CSV was written');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  /** Where each token appears in the places named: none is the only answer. */
  function leaks(places: { what: string; text: string }[]): string[] {
    return places.flatMap((place) =>
      tokens.filter((token) => place.text.includes(token)).map((token) => `${place.what} holds ${token.slice(0, 6)}…`),
    );
  }

  it('settings, logs, the output channel, storage files, history and the notification feed hold no token', async () => {
    const userFolder = join(api.globalStorage.fsPath, '..', '..');
    const places = [
      ...filesBelow(userFolder)
        .filter((file) => /settings\.json$|keybindings\.json$/.test(file.path))
        .map((file) => ({ what: file.path, text: file.text })),
      ...filesBelow(api.globalStorage.fsPath).map((file) => ({ what: file.path, text: file.text })),
      ...(api.workspaceStorage ? filesBelow(api.workspaceStorage.fsPath) : []).map((f) => ({
        what: f.path,
        text: f.text,
      })),
      ...filesBelow(join(api.logUri.fsPath, '..')).map((file) => ({ what: file.path, text: file.text })),
      // The workspace: payload files, reports, exports. The hard-coded token test's own input (a token a person
      // pasted into deploy.env, which the extension must flag) is the only file allowed to hold one.
      ...filesBelow(vscode.workspace.workspaceFolders![0]!.uri.fsPath)
        .filter((file) => !file.path.endsWith(join('authoring-test', 'deploy.env')))
        .map((file) => ({ what: file.path, text: file.text })),
      { what: 'the output channel', text: api.outputLines().join('\n') },
      { what: 'the request history', text: JSON.stringify(await api.history.entries()) },
      { what: 'the notification feed', text: JSON.stringify(await api.notifications.feed.list()) },
      {
        what: 'the global state',
        text: JSON.stringify(api.accounts.list()),
      },
    ];
    assert.ok(
      places.some((place) => place.what.endsWith('feed.json')),
      'the feed file was scanned',
    );
    assert.ok(
      places.some((place) => /history/.test(place.what)),
      'the history files were scanned',
    );
    assert.ok(api.outputLines().length > 50, 'the output channel was written during the run');
    assert.deepEqual(leaks(places), []);
  });

  it('no webview was given a token, in its HTML or in any message; exports hold none', () => {
    const panels = api.webviews();
    assert.ok(panels.length >= 3, `panels seen: ${panels.map((panel) => panel.viewType).join(', ')}`);
    assert.ok(
      panels.some((panel) => panel.messages.length > 0),
      'messages were posted',
    );
    const places = panels.flatMap((panel, index) => [
      { what: `${panel.viewType} #${index} HTML`, text: panel.html },
      { what: `${panel.viewType} #${index} messages`, text: JSON.stringify(panel.messages) },
    ]);
    assert.deepEqual(leaks([...places, ...exports]), []);
    assert.match(exports[0]!.text, /\$MARKETPLACE_TOKEN/, 'curl names the variable instead');
  });

  it('every panel the real VS Code showed had the strict policy and loads only from the bundle folder', () => {
    const panels = api.webviews();
    const kinds = new Set(panels.map((panel) => panel.viewType.replace(/^.*\./, '')));
    for (const kind of ['shippingQuotes', 'campaignMetrics']) assert.ok(kinds.has(kind), [...kinds].join(', '));
    const bundleFolder = vscode.Uri.joinPath(
      vscode.extensions.all.find((extension) => extension.packageJSON.name === 'marketplace-integrator')!.extensionUri,
      'dist',
      'webview',
    ).toString();
    for (const panel of panels) {
      const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(panel.html)?.[1];
      assert.ok(policy, `${panel.viewType}: a policy`);
      const directives = new Map(
        policy.split(';').map((directive) => {
          const [name = '', ...values] = directive.trim().split(/\s+/);
          return [name, values] as const;
        }),
      );
      assert.deepEqual(directives.get('default-src'), ["'none'"], panel.viewType);
      const scripts = directives.get('script-src') ?? [];
      assert.equal(scripts.length, 1, `${panel.viewType}: one script source`);
      assert.match(scripts[0]!, /^'nonce-[A-Za-z0-9+/=]{16,}'$/, `${panel.viewType}: scripts by nonce only`);
      assert.doesNotMatch(policy, /unsafe-eval|unsafe-inline/, panel.viewType);
      const nonce = scripts[0]!.slice(7, -1);
      const tags = [...panel.html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
      assert.ok(tags.length > 0 && tags.every((tag) => tag.includes(`nonce="${nonce}"`)), panel.viewType);
      assert.doesNotMatch(panel.html, /\son[a-z]+=|style="/i, `${panel.viewType}: no inline handler or style`);
      assert.deepEqual(panel.localResourceRoots, [bundleFolder], `${panel.viewType}: resource roots`);
    }
  });
});
