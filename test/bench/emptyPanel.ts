// The limit a panel's first result is set beside: an empty webview panel in the same window, timed from its creation
// to the message its script posts after the first paint (two animation frames: the frame that paints the page, then
// the next, which starts once that paint is done). Nothing of the extension loads in it.
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { within } from './timing';

const VIEW_TYPE = 'marketplace.bench.emptyPanel';

const HTML = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline';">
</head><body><p>empty</p><script>
const vscode = acquireVsCodeApi();
requestAnimationFrame(() => requestAnimationFrame(() => vscode.postMessage({ type: 'painted' })));
</script></body></html>`;

/** Opens an empty panel, waits for its first paint, closes it; resolves with the time from creation to the paint. */
export async function emptyPanelFirstPaint(): Promise<number> {
  const started = performance.now();
  const panel = vscode.window.createWebviewPanel(VIEW_TYPE, 'Empty', vscode.ViewColumn.One, { enableScripts: true });
  try {
    const painted = new Promise<number>((resolve) => {
      panel.webview.onDidReceiveMessage((message: { type?: string }) => {
        if (message?.type === 'painted') resolve(performance.now() - started);
      });
    });
    panel.webview.html = HTML;
    return await within(painted, 30_000, 'the empty webview panel painted nothing');
  } finally {
    panel.dispose();
  }
}
