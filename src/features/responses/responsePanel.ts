import * as vscode from 'vscode';
import {
  ResponseHostMessage,
  ResponseModel,
  type ResponseModelInput,
  ResponseViewMessage,
} from '../../model/protocols/response';
import { Disposable } from '../../platform/disposable';
import { PanelHost, type PanelKind } from '../../platform/webviews/panelHost';
import { toCurl } from '../../text/curl';
import { bodyText } from './responseModel';

const VIEW_TYPE = 'marketplace.response';

/** The response view as a panel kind of the shared webview layer. */
const RESPONSE_PANEL: PanelKind<ResponseHostMessage, ResponseViewMessage> = {
  viewType: VIEW_TYPE,
  bundle: 'response',
  hostMessages: ResponseHostMessage,
  viewMessages: ResponseViewMessage,
  get placeholder() {
    return vscode.l10n.t('Waiting for a response…');
  },
};

/**
 * The response view: status, time, size, headers and the formatted body of one exchange, and for a failure the API's
 * message and each cause. One panel, reused for each new response, on the shared webview layer (`PanelHost`).
 */
export class ResponsePanel extends Disposable {
  static readonly viewType = VIEW_TYPE;
  static get title(): string {
    return vscode.l10n.t('Marketplace Response');
  }
  private static current: ResponsePanel | undefined;

  private readonly host: PanelHost<ResponseHostMessage, ResponseViewMessage>;

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
      ResponsePanel.current.host.reveal(true);
      return ResponsePanel.current;
    }
    ResponsePanel.current = new ResponsePanel(context.extensionUri, model);
    return ResponsePanel.current;
  }

  private constructor(
    extensionUri: vscode.Uri,
    private model: ResponseModel,
  ) {
    super();
    this.host = this.register(
      new PanelHost(
        extensionUri,
        RESPONSE_PANEL,
        { title: ResponsePanel.title, column: vscode.ViewColumn.Beside, preserveFocus: true },
        {
          onReady: () => this.host.post({ type: 'show', response: this.model }),
          onMessage: (message) => this.receive(message),
        },
      ),
    );
    this.host.onDidClose(() => {
      if (ResponsePanel.current === this) ResponsePanel.current = undefined;
    });
  }

  /** The response shown now (integration tests read it). */
  get response(): ResponseModel {
    return this.model;
  }

  private show(model: ResponseModel): void {
    this.model = model;
    this.host.post({ type: 'show', response: model });
  }

  private async receive(message: ResponseViewMessage): Promise<void> {
    switch (message.type) {
      case 'ready':
        return;
      case 'copyBody':
        await vscode.env.clipboard.writeText(bodyText(this.model));
        void vscode.window.setStatusBarMessage(vscode.l10n.t('Response body copied'), 3000);
        return;
      case 'copyAsCurl': {
        const { method, baseUrl, path, requestBody } = this.model;
        await vscode.env.clipboard.writeText(toCurl({ method, baseUrl, path, body: requestBody }));
        void vscode.window.setStatusBarMessage(
          vscode.l10n.t('Request copied as curl (set MARKETPLACE_TOKEN before running it)'),
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
}
