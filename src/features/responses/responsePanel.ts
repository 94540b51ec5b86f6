import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import {
  type ResponseHostMessage,
  ResponseModel,
  type ResponseModelInput,
  ResponseViewMessage,
} from '../../model/protocol';
import { toCurl } from '../requests/curl';
import { bodyText } from './responseModel';

const VIEW_TYPE = 'marketplace.response';
const TITLE = 'Marketplace Response';

/**
 * The response view: status, time, size, headers and the formatted body of one exchange, and for a failure the API's
 * message and each cause. One panel, reused for each new response; it posts only after its webview said `ready`.
 */
export class ResponsePanel implements vscode.Disposable {
  static readonly viewType = VIEW_TYPE;
  static readonly title = TITLE;
  private static current: ResponsePanel | undefined;

  private readonly disposables: vscode.Disposable[] = [];
  private ready = false;
  private disposed = false;

  /** The response the open panel shows, if a panel is open (integration tests read it through the test API). */
  static get shown(): ResponseModel | undefined {
    return ResponsePanel.current?.model;
  }

  /** Shows `response` in the panel, creating the panel (beside the active editor) when none is open. */
  static createOrShow(
    context: Pick<vscode.ExtensionContext, 'extensionUri'>,
    response: ResponseModelInput,
  ): ResponsePanel {
    const model = ResponseModel.parse(response);
    if (ResponsePanel.current) {
      ResponsePanel.current.show(model);
      ResponsePanel.current.panel.reveal(undefined, true);
      return ResponsePanel.current;
    }
    const root = vscode.Uri.joinPath(context.extensionUri, 'dist', 'webview');
    const panel = vscode.window.createWebviewPanel(
      VIEW_TYPE,
      TITLE,
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: true, localResourceRoots: [root] },
    );
    ResponsePanel.current = new ResponsePanel(panel, root, model);
    return ResponsePanel.current;
  }

  private constructor(
    private readonly panel: vscode.WebviewPanel,
    root: vscode.Uri,
    private model: ResponseModel,
  ) {
    panel.webview.html = html(panel.webview, root);
    this.disposables.push(
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((message: unknown) => this.receive(message)),
    );
  }

  /** The response shown now (integration tests read it). */
  get response(): ResponseModel {
    return this.model;
  }

  private show(model: ResponseModel): void {
    this.model = model;
    if (this.ready) this.post({ type: 'show', response: model });
  }

  private post(message: ResponseHostMessage): void {
    void this.panel.webview.postMessage(message);
  }

  private async receive(raw: unknown): Promise<void> {
    const parsed = ResponseViewMessage.safeParse(raw);
    if (!parsed.success) return;
    const message = parsed.data;
    switch (message.type) {
      case 'ready':
        // Also after the webview was reloaded (hidden and shown again): it starts empty each time.
        this.ready = true;
        this.post({ type: 'show', response: this.model });
        return;
      case 'copyBody':
        await vscode.env.clipboard.writeText(bodyText(this.model));
        void vscode.window.setStatusBarMessage('Response body copied', 3000);
        return;
      case 'copyAsCurl': {
        const { method, baseUrl, path, requestBody } = this.model;
        await vscode.env.clipboard.writeText(toCurl({ method, baseUrl, path, body: requestBody }));
        void vscode.window.setStatusBarMessage(
          'Request copied as curl (set MARKETPLACE_TOKEN before running it)',
          4000,
        );
        return;
      }
      case 'openAsDocument': {
        const document = await vscode.workspace.openTextDocument({ language: 'json', content: bodyText(this.model) });
        await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Active, preview: true });
        return;
      }
    }
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (ResponsePanel.current === this) ResponsePanel.current = undefined;
    this.panel.dispose();
    while (this.disposables.length) this.disposables.pop()?.dispose();
  }
}

function html(webview: vscode.Webview, root: vscode.Uri): string {
  const nonce = randomBytes(16).toString('base64');
  const script = webview.asWebviewUri(vscode.Uri.joinPath(root, 'response.js'));
  const style = webview.asWebviewUri(vscode.Uri.joinPath(root, 'response.css'));
  const csp = [
    "default-src 'none'",
    `style-src ${webview.cspSource}`,
    `font-src ${webview.cspSource}`,
    `img-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${style}">
<title>${TITLE}</title>
</head>
<body>
<main id="app" aria-live="polite"><p class="placeholder">Waiting for a response…</p></main>
<script nonce="${nonce}" src="${script}"></script>
</body>
</html>`;
}
