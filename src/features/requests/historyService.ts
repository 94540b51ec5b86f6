import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExchangeRecord, HttpMethod } from '../../api/client';
import { COMMANDS } from '../../constants';
import type { CommandEntry } from '../../platform/commandTable';
import { displayLocale } from '../../platform/displayLanguage';
import { Disposable } from '../../platform/disposable';
import type { Output } from '../../platform/output';
import { toCurl } from '../../text/curl';
import type { EnvironmentId, Session, SessionExchange, SessionSource } from '../auth/session';
import { requireSession } from '../auth/sessionGuards';
import { type HistoryEntry, HistoryStore } from './history';
import { agoText } from './historyTimes';
import { HistoryEntryNode } from './historyView';
import type { SendOutcome, sendRequest } from './send';

/** What a history quick pick row carries. */
interface EntryPick extends vscode.QuickPickItem {
  entry: HistoryEntry;
}

/** The buttons of a history quick pick row (made when the pick opens, in the display language). */
function entryButtons() {
  return {
    replay: { iconPath: new vscode.ThemeIcon('debug-rerun'), tooltip: vscode.l10n.t('Replay (send it again)') },
    curl: { iconPath: new vscode.ThemeIcon('terminal'), tooltip: vscode.l10n.t('Copy as curl') },
    delete: { iconPath: new vscode.ThemeIcon('trash'), tooltip: vscode.l10n.t('Delete from history') },
  } satisfies Record<string, vscode.QuickInputButton>;
}

/** The exchange record of a stored entry, for the response view. */
export function entryRecord(entry: HistoryEntry): ExchangeRecord {
  return {
    method: entry.method,
    path: entry.path,
    baseUrl: entry.baseUrl,
    requestBody: entry.requestBody,
    status: entry.status,
    durationMs: entry.durationMs,
    responseHeaders: entry.responseHeaders,
    responseBody: entry.responseBody,
    sizeBytes: entry.sizeBytes,
  };
}

/** What a replay and an entry shown need of the features bundle. */
export interface Sending {
  /** Refreshes what a successful replay changed in the explorer and drops it from the authoring cache. */
  payloads: { afterChange(method: string, path: string, answer: unknown): Promise<void> };
  sendRequest: typeof sendRequest;
  responses: typeof import('../responses');
}

/**
 * The request history of each environment (`globalStorage/history/<environment>.json`): every request that changes
 * something (POST, PUT, DELETE: sends, actions, validations, bulk runs, replays) is recorded from the session
 * clients' exchanges, scrubbed of secrets. Reading the tree is not recorded. Commands list, open, replay, copy as
 * curl, delete and clear.
 */
export class RequestHistory extends Disposable {
  private readonly stores = new Map<EnvironmentId, HistoryStore>();
  private pending: Promise<unknown> = Promise.resolve();
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** Fires after an entry was written, deleted or the history cleared. */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly context: Pick<vscode.ExtensionContext, 'extensionUri' | 'globalStorageUri'>,
    private readonly sessions: SessionSource & { onDidExchange: vscode.Event<SessionExchange> },
    private readonly output: Output,
    /** The features bundle, loaded on the first replay or entry shown: sending, its rules and the response view. */
    private readonly features: { load(): Promise<Sending> },
  ) {
    super();
    this.register(sessions.onDidExchange((exchange) => this.record(exchange)));
  }

  /** The history file of an environment. */
  store(environment: EnvironmentId): HistoryStore {
    let store = this.stores.get(environment);
    if (!store) {
      store = new HistoryStore(path.join(this.context.globalStorageUri.fsPath, 'history', `${environment}.json`));
      this.stores.set(environment, store);
    }
    return store;
  }

  /** Resolves once every exchange seen so far is written (tests). */
  async flushed(): Promise<void> {
    await this.pending;
  }

  /** The current environment's entries, newest first. */
  async entries(): Promise<HistoryEntry[]> {
    await this.flushed();
    return this.store(this.requireSession().environment).list();
  }

  commands(): CommandEntry[] {
    return [
      {
        id: COMMANDS.showHistory,
        run: () => this.showHistory(),
        failure: vscode.l10n.t('Could not show the request history'),
      },
      {
        id: COMMANDS.openHistoryEntry,
        run: (id?: unknown) => this.open(id),
        failure: vscode.l10n.t('Could not open the request'),
      },
      {
        id: COMMANDS.replayHistoryEntry,
        run: (id?: unknown, options?: { confirm?: boolean }) => this.replay(id, options),
        failure: vscode.l10n.t('Could not replay the request'),
      },
      {
        id: COMMANDS.copyHistoryAsCurl,
        run: (id?: unknown) => this.copyAsCurl(id),
        failure: vscode.l10n.t('Could not copy as curl'),
      },
      {
        id: COMMANDS.deleteHistoryEntry,
        run: (id?: unknown) => this.delete(id),
        failure: vscode.l10n.t('Could not delete the entry'),
      },
      {
        id: COMMANDS.clearHistory,
        run: (options?: { confirm?: boolean }) => this.clear(options),
        failure: vscode.l10n.t('Could not clear the history'),
      },
    ];
  }

  // ---------------------------------------------------------------------------------------------------------------

  private record(exchange: SessionExchange): void {
    // Browsing (the explorer's GETs) would flood the history: reads are kept only when a person asked for them.
    if (exchange.record.method === 'GET') return;
    this.remember(exchange);
  }

  /**
   * Keeps an exchange a person made on purpose, a read included (a shipping quote, a campaign's metrics). Reads are
   * bounded apart from the changes (READS_LIMIT), so they never push a change out, and the view lists them only when
   * asked (Show Panel Reads).
   */
  remember({ environment, record }: SessionExchange): void {
    const write = this.store(environment)
      .append(record)
      .then(() => this.changed.fire())
      .catch((error: unknown) => {
        this.output.warn(`Could not record ${record.method} ${record.path} in the history: ${error}`);
      });
    this.pending = Promise.all([this.pending, write]);
  }

  private requireSession(): Session {
    return requireSession({ sessions: this.sessions });
  }

  /** A quick pick of the history, newest first: select to open; buttons replay, copy as curl, delete. */
  async showHistory(): Promise<void> {
    const session = this.requireSession();
    const entries = await this.entries();
    const sandbox = session.environment === 'sandbox';
    if (!entries.length) {
      void vscode.window.showInformationMessage(
        sandbox
          ? vscode.l10n.t(
              'No requests sent to the local sandbox yet. Send a payload file (its CodeLens "Send") or run an action from the Marketplace explorer.',
            )
          : vscode.l10n.t(
              'No requests sent to the Marketplace API yet. Send a payload file (its CodeLens "Send") or run an action from the Marketplace explorer.',
            ),
      );
      return;
    }
    const locale = displayLocale();
    const count = new Intl.NumberFormat(locale).format(entries.length);
    const buttons = entryButtons();
    const picker = vscode.window.createQuickPick<EntryPick>();
    picker.title = sandbox
      ? vscode.l10n.t('Request history · local sandbox ({0})', count)
      : vscode.l10n.t('Request history · Marketplace API ({0})', count);
    picker.placeholder = vscode.l10n.t('Select to open the response; the buttons replay, copy as curl or delete');
    picker.matchOnDescription = true;
    picker.matchOnDetail = true;
    const now = Date.now();
    const toPicks = (list: HistoryEntry[]): EntryPick[] =>
      list.map((entry) => ({
        entry,
        label: `${entry.status >= 200 && entry.status < 300 ? '$(pass)' : '$(error)'} ${entry.method} ${entry.path}`,
        description: vscode.l10n.t('{0} · {1} ms', entry.status, entry.durationMs),
        detail: agoText(entry.time, now, locale),
        buttons: [buttons.replay, buttons.curl, buttons.delete],
      }));
    picker.items = toPicks(entries);
    picker.onDidTriggerItemButton(async ({ item, button }) => {
      if (button === buttons.replay) {
        picker.hide();
        await this.replay(item.entry.id);
      } else if (button === buttons.curl) {
        await this.copyAsCurl(item.entry.id);
      } else if (button === buttons.delete) {
        await this.delete(item.entry.id);
        picker.items = picker.items.filter((pick) => pick.entry.id !== item.entry.id);
      }
    });
    picker.onDidAccept(async () => {
      const picked = picker.selectedItems[0];
      picker.hide();
      if (picked) await this.open(picked.entry.id);
    });
    picker.onDidHide(() => picker.dispose());
    picker.show();
  }

  /** The row selected in the Request History view (set once the view exists): what a key binding acts on. */
  selectedRow: () => HistoryEntryNode | undefined = () => undefined;

  /**
   * The entry a command names: its id (CodeLens, quick pick, tests), its row of the Request History view (menus), or
   * with no argument (a key binding) the selected row.
   */
  private async entry(target: unknown): Promise<HistoryEntry> {
    const row = target === undefined ? this.selectedRow() : target;
    const id = row instanceof HistoryEntryNode ? row.entry.id : row;
    if (typeof id !== 'string')
      throw new Error(vscode.l10n.t('Pick a request in the Request History view of the Marketplace.'));
    const session = this.requireSession();
    await this.flushed();
    const entry = await this.store(session.environment).get(id);
    if (!entry) throw new Error(vscode.l10n.t('That request is no longer in the history.'));
    return entry;
  }

  /** Shows a stored exchange in the response view. */
  async open(id: unknown): Promise<HistoryEntry> {
    const entry = await this.entry(id);
    const { ResponsePanel, toResponseModel } = (await this.features.load()).responses;
    ResponsePanel.createOrShow(this.context, toResponseModel(entryRecord(entry), { when: new Date(entry.time) }));
    return entry;
  }

  /**
   * Sends a stored request again with the current session. A POST replay asks first, every time: it may create a
   * second listing, note or chart.
   */
  async replay(id: unknown, options: { confirm?: boolean } = {}): Promise<SendOutcome | undefined> {
    const entry = await this.entry(id);
    const session = this.requireSession();
    if (!options.confirm) {
      const creation = entry.method === 'POST';
      const detail = creation
        ? vscode.l10n.t(
            'A POST is not idempotent: replaying it may create a second listing, note, chart or blacklist entry.',
          )
        : vscode.l10n.t('It is sent as {0} to {1}.', session.account.nickname, session.baseUrl);
      const sendAgain = vscode.l10n.t('Send Again');
      const answer = await vscode.window.showWarningMessage(
        vscode.l10n.t('Send {0} {1} again?', entry.method, entry.path),
        { modal: true, detail },
        sendAgain,
      );
      if (answer !== sendAgain) return undefined;
    }
    const method = entry.method as HttpMethod;
    const outcome = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: `${method} ${entry.path}` },
      async () =>
        (await this.features.load()).sendRequest(session.client, method, entry.path, entry.requestBody ?? undefined),
    );
    const { payloads, responses } = await this.features.load();
    const { ResponsePanel, toResponseModel } = responses;
    const model = outcome.ok
      ? toResponseModel(outcome.record ?? entryRecord(entry))
      : toResponseModel(outcome.error, { baseUrl: session.baseUrl, record: outcome.record });
    ResponsePanel.createOrShow(this.context, model);
    if (outcome.ok) await payloads.afterChange(method, entry.path, outcome.record?.responseBody);
    return outcome;
  }

  /** Copies a stored request as curl, the token as `$MARKETPLACE_TOKEN`. */
  async copyAsCurl(id: unknown): Promise<string> {
    const entry = await this.entry(id);
    const command = toCurl({
      method: entry.method,
      baseUrl: entry.baseUrl,
      path: entry.path,
      body: entry.requestBody ?? undefined,
    });
    await vscode.env.clipboard.writeText(command);
    void vscode.window.showInformationMessage(vscode.l10n.t('Copied {0} {1} as curl.', entry.method, entry.path));
    return command;
  }

  async delete(id: unknown): Promise<boolean> {
    const entry = await this.entry(id);
    const deleted = await this.store(this.requireSession().environment).delete(entry.id);
    this.changed.fire();
    return deleted;
  }

  async clear(options: { confirm?: boolean } = {}): Promise<boolean> {
    const session = this.requireSession();
    const count = (await this.entries()).length;
    if (!options.confirm) {
      const clearHistory = vscode.l10n.t('Clear History');
      const shown = new Intl.NumberFormat(displayLocale()).format(count);
      const answer = await vscode.window.showWarningMessage(
        session.environment === 'sandbox'
          ? vscode.l10n.t('Clear the request history of the local sandbox?')
          : vscode.l10n.t('Clear the request history of the Marketplace API?'),
        {
          modal: true,
          detail:
            count === 1
              ? vscode.l10n.t('1 request will be forgotten. This cannot be undone.')
              : vscode.l10n.t('{0} requests will be forgotten. This cannot be undone.', shown),
        },
        clearHistory,
      );
      if (answer !== clearHistory) return false;
    }
    await this.store(session.environment).clear();
    this.changed.fire();
    return true;
  }
}
