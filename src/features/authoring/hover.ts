import * as vscode from 'vscode';
import type { LiveContext } from './liveContext';
import { PAYLOAD_SELECTOR, pause, toRange } from './payloadDocuments';
import { hoverAt } from './suggestions';

/** How long a hover waits for live data it does not have yet. */
const LIVE_WAIT_MS = 2000;

/** Hover in payload files: a sale term's definition, a measurement's name and unit, a listed item's title and SIZE. */
export class PayloadHoverProvider implements vscode.HoverProvider {
  constructor(private readonly live: LiveContext) {}

  async provideHover(
    document: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.Hover | undefined> {
    const offset = document.offsetAt(position);
    const ask = () => hoverAt(document.uri.path, document.getText(), offset, this.live.snapshot());
    let result = ask();
    if (!result.hover && result.requests.length) {
      await Promise.race([this.live.fetch(result.requests), pause(LIVE_WAIT_MS, token)]);
      if (token.isCancellationRequested) return undefined;
      result = ask();
    }
    if (!result.hover) return undefined;
    return new vscode.Hover(new vscode.MarkdownString(result.hover.markdown), toRange(result.hover.range));
  }
}

export function registerPayloadHover(live: LiveContext): vscode.Disposable {
  return vscode.languages.registerHoverProvider(PAYLOAD_SELECTOR, new PayloadHoverProvider(live));
}
