import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type * as z from 'zod';
import { displayLanguage } from '../displayLanguage';
import { Disposable } from '../disposable';
import { openingColumn, revealingColumn } from './panelColumn';
import { pageHtml } from './panelPage';

/** What a panel is: its view type, title, bundle and its protocol's two message unions (`src/model/protocols/`). */
export interface PanelKind<Host extends { type: string }, View extends { type: string }> {
  viewType: string;
  /**
   * The bundle's base name in `dist/webview/` (`shipping` → `shipping.js` and `shipping.css`, the panel's own styles,
   * linked after the shared `panel.css`).
   */
  bundle: string;
  /** Host → webview messages: every message posted is validated with it first. */
  hostMessages: z.ZodType<Host>;
  /** Webview → host messages: anything else the webview sends is dropped. */
  viewMessages: z.ZodType<View>;
  /**
   * Shown until the webview's script renders (for screen readers and the first paint); a function is asked when the
   * panel opens, so its words come from the display language's bundle.
   */
  placeholder: string | (() => string);
}

export interface PanelOptions {
  title: string;
  /**
   * Where a new panel opens (`Active`: the active group, or beside it when it shows the walkthrough: `openingColumn`);
   * revealing an open one keeps its column.
   */
  column?: vscode.ViewColumn;
  preserveFocus?: boolean;
  /** Whether the panel's webview keeps its DOM while hidden (costly: only for forms a user is filling). */
  retainContextWhenHidden?: boolean;
}

/** What one panel was given: the HTML VS Code holds, its resource roots, and every message posted to it. */
export interface WebviewRecord {
  viewType: string;
  html: string;
  localResourceRoots: string[];
  messages: unknown[];
}

/**
 * Every panel's HTML and messages, kept only when `enabled` (the Test extension mode), so the integration suites can
 * read the policy the real VS Code received and check that no token ever reached a webview.
 */
export const webviewTranscript: { enabled: boolean; panels: WebviewRecord[] } = { enabled: false, panels: [] };

/** The stylesheet every panel shares, in the bundle folder (built from webview/shared/panel.css). */
export const SHARED_STYLESHEET = 'panel';

/** The folder of the webview bundles: the only place a panel may load resources from. */
export const webviewRoot = (extensionUri: vscode.Uri): vscode.Uri =>
  vscode.Uri.joinPath(extensionUri, 'dist', 'webview');

/**
 * The HTML shell every panel gets (`pageHtml`, panelPage.ts): a strict policy with a fresh nonce, the bundle folder's
 * resources, and the display language's `lang` and words, which the panel's script reads before it renders.
 */
export function panelHtml(
  webview: vscode.Webview,
  root: vscode.Uri,
  bundle: string,
  title: string,
  placeholder: string,
): string {
  const uri = (file: string) => webview.asWebviewUri(vscode.Uri.joinPath(root, file)).toString();
  return pageHtml({
    nonce: randomBytes(16).toString('base64'),
    cspSource: webview.cspSource,
    script: uri(`${bundle}.js`),
    sharedStyle: uri(`${SHARED_STYLESHEET}.css`),
    style: uri(`${bundle}.css`),
    title,
    placeholder,
    language: displayLanguage(),
    bundle: vscode.l10n.bundle,
  });
}

const placeholderOf = (kind: { placeholder: string | (() => string) }): string =>
  typeof kind.placeholder === 'function' ? kind.placeholder() : kind.placeholder;

/**
 * The one host side of every webview panel (the response view, shipping quotes, campaign metrics): creation or
 * reveal, the HTML shell, the `ready` handshake (nothing is posted before the webview said `ready`, and `onReady` runs
 * again after a reload), validation of both directions with the panel's zod unions, and disposal. A panel class holds
 * one and says what to do with each message; the token never enters a webview, because hosts post only models.
 */
export class PanelHost<Host extends { type: string }, View extends { type: string }> extends Disposable {
  private ready = false;
  private readonly closed = this.register(new vscode.EventEmitter<void>());
  /** Fires once when the panel is closed (by the user or by `dispose`). */
  readonly onDidClose = this.closed.event;

  constructor(
    extensionUri: vscode.Uri,
    private readonly kind: PanelKind<Host, View>,
    options: PanelOptions,
    private readonly handlers: { onReady(): void; onMessage(message: View): void | Promise<void> },
  ) {
    super();
    const root = webviewRoot(extensionUri);
    this.panel = vscode.window.createWebviewPanel(
      kind.viewType,
      options.title,
      {
        viewColumn: openingColumn(options.column ?? vscode.ViewColumn.Active),
        preserveFocus: options.preserveFocus ?? false,
      },
      {
        enableScripts: true,
        localResourceRoots: [root],
        retainContextWhenHidden: options.retainContextWhenHidden ?? false,
      },
    );
    this.panel.webview.html = panelHtml(this.panel.webview, root, kind.bundle, options.title, placeholderOf(kind));
    if (webviewTranscript.enabled) {
      this.record = {
        viewType: kind.viewType,
        html: this.panel.webview.html,
        localResourceRoots: (this.panel.webview.options.localResourceRoots ?? []).map((uri) => uri.toString()),
        messages: [],
      };
      webviewTranscript.panels.push(this.record);
    }
    this.register(this.panel.onDidDispose(() => this.dispose()));
    this.register(this.panel.webview.onDidReceiveMessage((message: unknown) => this.receive(message)));
    // The first clean-ups of a dispose: say the panel closed, then close it (the listeners and the emitter follow).
    this.onDispose(() => this.panel.dispose());
    this.onDispose(() => this.closed.fire());
  }

  readonly panel: vscode.WebviewPanel;
  private readonly record: WebviewRecord | undefined;

  /**
   * Posts a message when the webview is ready; before that it is dropped, since `onReady` sends the whole state. An
   * invalid message is a bug of the host: it throws.
   */
  post(message: Host): void {
    const checked = this.kind.hostMessages.parse(message);
    if (!this.ready) return;
    this.record?.messages.push(checked);
    void this.panel.webview.postMessage(checked);
  }

  /** Brings the panel to the front, in its own column (beside the walkthrough when it waits behind it). */
  reveal(preserveFocus = false): void {
    this.panel.reveal(revealingColumn(this.panel.viewColumn), preserveFocus);
  }

  set title(title: string) {
    this.panel.title = title;
  }

  get visible(): boolean {
    return this.panel.visible;
  }

  private async receive(raw: unknown): Promise<void> {
    const parsed = this.kind.viewMessages.safeParse(raw);
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.type === 'ready') {
      // Also after the webview was reloaded (hidden and shown again): it starts empty each time.
      this.ready = true;
      this.handlers.onReady();
      return;
    }
    await this.handlers.onMessage(message);
  }
}
